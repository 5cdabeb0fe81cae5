import { EntitySchema } from '@mikro-orm/core';
import type { Environment } from '../../domain/environment';
import { TestOrLiveColumn } from './environment-column';

export type DestinationStatus = 'active' | 'paused';

/** A public webhook destination an integrator configured for one environment of its account. */
export interface WebhookDestination {
  id: string;
  accountId: string;
  environment: Environment;
  url: string;
  description?: string | null;
  eventTypes: string[];
  /** The `whsec_…` secret, encrypted (associated data `webhook-destination:<id>`). */
  secretEnc: string;
  secretLast4: string;
  /** The secret before the last rotation, still signing (as a second `v1=`) until `previousSecretExpiresAt`. */
  previousSecretEnc?: string | null;
  previousSecretExpiresAt?: Date | null;
  status: DestinationStatus;
  pausedReason?: string | null;
  pausedSince?: Date | null;
  /** Set while the destination has consecutive failures on record: only then does a success need reporting. */
  failingSince?: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date | null;
}

/** A public event, its exact envelope stored once. */
export interface PublicEvent {
  id: string;
  accountId: string;
  environment: Environment;
  type: string;
  /** The producer's key (`booking:<id>:<seq>`): recording the same key twice gives the same event. */
  dedupeKey: string;
  body: string;
  createdAt: Date;
}

export type DeliveryState = 'pending' | 'parked' | 'delivered' | 'failed';

/** One event sent to one destination (`dlv_`, stable across its attempts). */
export interface PublicDelivery {
  id: string;
  eventId: string;
  destinationId: string;
  state: DeliveryState;
  attempts: number;
  lastStatus?: number | null;
  lastError?: string | null;
  /** A redelivery on request; an event's first delivery to a destination is unique (public_deliveries_first). */
  redelivery?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** One attempt of a delivery, as the delivery log shows it. */
export interface PublicDeliveryAttempt {
  id?: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  destinationId: string;
  accountId: string;
  environment: Environment;
  url: string;
  attempt: number;
  sentAt: Date;
  durationMs: number;
  responseStatus?: number | null;
  error?: string | null;
  succeeded: boolean;
}

export const WebhookDestinationSchema = new EntitySchema<WebhookDestination>({
  name: 'WebhookDestination',
  tableName: 'webhook_destinations',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    environment: { type: TestOrLiveColumn },
    url: { type: 'string' },
    description: { type: 'string', nullable: true },
    eventTypes: { type: 'string[]' },
    secretEnc: { type: 'string' },
    secretLast4: { type: 'string' },
    previousSecretEnc: { type: 'string', nullable: true },
    previousSecretExpiresAt: { type: 'datetime', nullable: true },
    status: { type: 'string' },
    pausedReason: { type: 'string', nullable: true },
    pausedSince: { type: 'datetime', nullable: true },
    failingSince: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
    deletedAt: { type: 'datetime', nullable: true },
  },
});

export const PublicEventSchema = new EntitySchema<PublicEvent>({
  name: 'PublicEvent',
  tableName: 'public_events',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    environment: { type: TestOrLiveColumn },
    type: { type: 'string' },
    dedupeKey: { type: 'string' },
    body: { type: 'text' },
    createdAt: { type: 'datetime' },
  },
});

export const PublicDeliverySchema = new EntitySchema<PublicDelivery>({
  name: 'PublicDelivery',
  tableName: 'public_deliveries',
  properties: {
    id: { type: 'string', primary: true },
    eventId: { type: 'string' },
    destinationId: { type: 'string' },
    state: { type: 'string' },
    attempts: { type: 'integer' },
    lastStatus: { type: 'integer', nullable: true },
    lastError: { type: 'text', nullable: true },
    redelivery: { type: 'boolean', default: false },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

export const PublicDeliveryAttemptSchema = new EntitySchema<PublicDeliveryAttempt>({
  name: 'PublicDeliveryAttempt',
  tableName: 'public_delivery_attempts',
  properties: {
    // bigserial: read as a string so ids beyond 2^53 stay exact.
    id: { type: 'bigint', primary: true, autoincrement: true },
    deliveryId: { type: 'string' },
    eventId: { type: 'string' },
    eventType: { type: 'string' },
    destinationId: { type: 'string' },
    accountId: { type: 'string' },
    environment: { type: TestOrLiveColumn },
    url: { type: 'string' },
    attempt: { type: 'integer' },
    sentAt: { type: 'datetime' },
    durationMs: { type: 'integer' },
    responseStatus: { type: 'integer', nullable: true },
    error: { type: 'text', nullable: true },
    succeeded: { type: 'boolean' },
  },
});
