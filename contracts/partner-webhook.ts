import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { NewPartnerEvent, QueuedPartnerEvent } from '../domain/partner-delivery-queue';
import { PartnerIdKey } from './search-attributes';
import type { Environment } from '../domain/environment';

export const WEBHOOKS_TASK_QUEUE = 'webhooks';

/** Deliveries started before the per-endpoint workflow (kept registered until none runs; docs/webhooks.md). */
export function partnerWebhookWorkflowId(eventId: string): string {
  return `partner-webhook:${eventId}`;
}

export function partnerEndpointWorkflowId(partnerId: string, environment: Environment): string {
  return `partner-endpoint:${partnerId}:${environment}`;
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
  /** History events before continuing as new (default 4000; tests lower it). */
  historyEventsPerRun?: number;
}

/** What one attempt learnt: `final` when no later attempt can succeed (the endpoint has no URL). */
export interface PartnerAttemptResult {
  delivered: boolean;
  final: boolean;
}

/** Events recorded for the endpoint, to deliver. */
export const partnerEventsRecorded = defineSignal<[{ events: NewPartnerEvent[] }]>('partnerEventsRecorded');
/** What waits for delivery, and when each tries next. */
export const getPartnerEndpointQueue = defineQuery<QueuedPartnerEvent[]>('getPartnerEndpointQueue');

export const PARTNER_ENDPOINT_WORKFLOW = 'partnerEndpointWorkflow';

/**
 * How events are handed to their endpoint's delivery workflow, starting it when none runs: the options of the one
 * `signalWithStart` that delivers a partner event (booking activities, redelivery, the test event). A workflow already
 * running simply takes the signal.
 */
export function partnerEventsDelivery(partnerId: string, environment: Environment, events: NewPartnerEvent[]) {
  return {
    workflowId: partnerEndpointWorkflowId(partnerId, environment),
    taskQueue: WEBHOOKS_TASK_QUEUE,
    args: [{ partnerId, environment } satisfies PartnerEndpointInput] as [PartnerEndpointInput],
    signal: partnerEventsRecorded,
    signalArgs: [{ events }] as [{ events: NewPartnerEvent[] }],
    typedSearchAttributes: [{ key: PartnerIdKey, value: partnerId }],
  };
}
