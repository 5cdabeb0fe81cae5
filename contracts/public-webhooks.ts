import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { DestinationHealth } from '../domain/public-webhook-schedule';
import type { PublicEventType } from '../domain/public-events';
import type { TestOrLive } from '../domain/environment';

/** Delivery, destination entity and publisher workflows, and their activities, run here. */
export const PUBLIC_WEBHOOKS_TASK_QUEUE = 'public-webhooks';

export const deliveryWorkflowId = (eventId: string, destinationId: string) => `delivery:${eventId}:${destinationId}`;
export const destinationWorkflowId = (destinationId: string) => `destination:${destinationId}`;
export const publicEventWorkflowId = (dedupeKey: string) => `public-event:${dedupeKey}`;

/**
 * What a producer publishes. Either `data` with `accountId` and `environment`, or `bookingId` for the booking
 * events: then the data is the booking's public view (`publicBookingView`) read when the event is recorded, and the
 * account and environment are the booking's.
 */
export interface PublishPublicEventInput {
  type: PublicEventType;
  /** Recording the same key twice gives the same event, e.g. `booking:<bkg_id>:<sequence>`. */
  dedupeKey: string;
  accountId?: string;
  /** The Public Integration API's word (`test`, `live`), as these payloads have always carried it. */
  environment?: TestOrLive;
  data?: Record<string, unknown>;
  bookingId?: string;
}

export interface DeliveryTarget {
  deliveryId: string;
  destinationId: string;
}

export interface RecordedPublicEvent {
  eventId: string;
  /** Subscribed destinations of the account and environment, paused ones included; empty when none. */
  deliveries: DeliveryTarget[];
}

export interface DeliveryInput {
  deliveryId: string;
  eventId: string;
  destinationId: string;
  /** Attempts already spent (a delivery restarted by the drain goes on counting). */
  attemptsMade?: number;
}

export interface DeliveryOutcome {
  deliveryId: string;
  delivered: boolean;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

export type AttemptResult =
  | { kind: 'delivered' | 'failed'; status: number | null; error: string | null; retryAfterMs: number | null }
  | { kind: 'parked' }
  | { kind: 'gone' };

export interface DestinationWorkflowInput {
  destinationId: string;
  health?: DestinationHealth;
  /** The previous run was draining parked deliveries: go on. */
  draining?: boolean;
  /** Messages handled before continuing as new (default 1000; tests lower it). */
  messagesPerRun?: number;
}

export interface DestinationStatusChange {
  status: 'active' | 'paused';
}

/** A parked delivery may try again (its destination was resumed). */
export const resumeDelivery = defineSignal('resumeDelivery');
/** An attempt's outcome, for the consecutive-failure count (failures always; successes while failures are on record). */
export const recordAttemptOutcome = defineSignal<[{ succeeded: boolean }]>('recordAttemptOutcome');
/** The API paused or resumed the destination (the row already says so). */
export const setDestinationStatus = defineSignal<[DestinationStatusChange]>('setDestinationStatus');
export const getDestinationHealth = defineQuery<DestinationHealth>('getDestinationHealth');
