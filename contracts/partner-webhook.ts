import { defineQuery, defineSignal } from '@temporalio/workflow';
import { partnerShard, type NewPartnerEvent, type QueuedPartnerEvent } from '../domain/partner-delivery-queue';
import type { PartnerBatchFailure } from '../domain/partner-batch-parking';
import { PartnerIdKey } from './search-attributes';
import type { Environment } from '../domain/environment';

export const WEBHOOKS_TASK_QUEUE = 'webhooks';

/** Deliveries started before the per-endpoint workflow (kept registered until none runs; docs/webhooks.md). */
export function partnerWebhookWorkflowId(eventId: string): string {
  return `partner-webhook:${eventId}`;
}

/**
 * One of the endpoint's PARTNER_ENDPOINT_SHARDS delivery workflows; shard 0 keeps the id of the single workflow that
 * delivered everything before, so one that still runs goes on taking events (and events without a booking).
 */
export function partnerEndpointWorkflowId(partnerId: string, environment: Environment, shard = 0): string {
  return shard === 0 ? `partner-endpoint:${partnerId}:${environment}` : `partner-endpoint:${partnerId}:${environment}:${shard}`;
}

export interface PartnerWebhookInput {
  eventId: string;
}

export interface PartnerWebhookOutcome {
  eventId: string;
  delivered: boolean;
  /** Attempts made, counted from the delivery log. */
  attempts: number;
  lastStatus: number | null;
}

export interface PartnerEndpointInput {
  partnerId: string;
  environment: Environment;
  /** Events carried over from the previous run (continue-as-new). */
  queue?: QueuedPartnerEvent[];
  /** Which of the endpoint's workflows this is (absent: 0). */
  shard?: number;
  /** History events before continuing as new (default 4000; tests lower it). */
  historyEventsPerRun?: number;
  /** A batch failing when the previous run continued as new: its rounds go on counting. */
  failing?: PartnerBatchFailure;
  /** The same-failure bound before a batch is parked (default PARTNER_BATCH_PARK_AFTER_MS; tests lower it). */
  parkAfterMs?: number;
}

/** What one attempt learnt: `final` when no later attempt can succeed (the endpoint has no URL). */
export interface PartnerAttemptResult {
  delivered: boolean;
  final: boolean;
}

/** One batch of a shard's workflow: each event with the attempt number it is on. */
export interface PartnerBatchInput {
  partnerId: string;
  environment: Environment;
  events: { eventId: string; attempt: number }[];
  /** How long the batch may go on starting POSTs (default PARTNER_BATCH_BUDGET_MS). */
  budgetMs?: number;
  /** The batch's first try (ms), when this is a later round of it: attempts logged since are not posted again. */
  since?: number;
}

/** A batch its shard gives up retrying (domain/partner-batch-parking.ts), recorded for ops to replay. */
export interface PartnerBatchParkInput {
  partnerId: string;
  environment: Environment;
  shard: number;
  events: NewPartnerEvent[];
  reason: string;
  rounds: number;
  /** When its first round failed (ms). */
  failingSince: number;
}

/** Events recorded for the endpoint, to deliver. */
export const partnerEventsRecorded = defineSignal<[{ events: NewPartnerEvent[] }]>('partnerEventsRecorded');
/** What waits for delivery, and when each tries next. */
export const getPartnerEndpointQueue = defineQuery<QueuedPartnerEvent[]>('getPartnerEndpointQueue');

export const PARTNER_ENDPOINT_WORKFLOW = 'partnerEndpointWorkflow';

/**
 * How events are handed to their endpoint's delivery workflows, starting one when none runs: the options of each
 * `signalWithStart` that delivers partner events (booking activities, redelivery, the test event), one per shard the
 * events belong to (by booking). A workflow already running simply takes the signal.
 */
export function partnerEventsDeliveries(partnerId: string, environment: Environment, events: NewPartnerEvent[]) {
  const byShard = new Map<number, NewPartnerEvent[]>();
  for (const event of events) {
    const shard = partnerShard(event.bookingId);
    byShard.set(shard, [...(byShard.get(shard) ?? []), event]);
  }
  return [...byShard].map(([shard, shardEvents]) => ({
    workflowId: partnerEndpointWorkflowId(partnerId, environment, shard),
    taskQueue: WEBHOOKS_TASK_QUEUE,
    args: [{ partnerId, environment, ...(shard ? { shard } : {}) } satisfies PartnerEndpointInput] as [PartnerEndpointInput],
    signal: partnerEventsRecorded,
    signalArgs: [{ events: shardEvents }] as [{ events: NewPartnerEvent[] }],
    typedSearchAttributes: [{ key: PartnerIdKey, value: partnerId }],
  }));
}
