import { EntitySchema } from '@mikro-orm/core';
import type { Environment } from '../../domain/environment';

/** One business event, written once; `sequence` orders the events of one booking. */
export interface HubEvent {
  id: string;
  /** Null for a partner's `webhook.test` event, which belongs to no booking. */
  bookingId: string | null;
  sequence: number | null;
  type: string;
  partnerId: string;
  environment: Environment;
  /** The exact webhook body, so every retry sends the same bytes. */
  body: string;
  createdAt: Date;
}

/** One delivery attempt, success or failure. */
export interface WebhookDelivery {
  id?: number;
  eventId: string;
  url: string;
  attempt: number;
  sentAt: Date;
  responseStatus?: number | null;
  durationMs: number;
  error?: string | null;
}

export const HubEventSchema = new EntitySchema<HubEvent>({
  name: 'HubEvent',
  tableName: 'events',
  properties: {
    id: { type: 'string', primary: true },
    bookingId: { type: 'string', nullable: true },
    sequence: { type: 'integer', nullable: true },
    type: { type: 'string' },
    partnerId: { type: 'string' },
    environment: { type: 'string' },
    body: { type: 'text' },
    createdAt: { type: 'datetime' },
  },
});

export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery>({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    eventId: { type: 'string' },
    url: { type: 'string' },
    attempt: { type: 'integer' },
    sentAt: { type: 'datetime' },
    responseStatus: { type: 'integer', nullable: true },
    durationMs: { type: 'integer' },
    error: { type: 'text', nullable: true },
  },
});
