import type { Priority } from '@temporalio/common';
import type { Environment } from '../domain/environment';
import { BOOKINGS_TASK_QUEUE } from './booking';
import { WEBHOOKS_TASK_QUEUE } from './partner-webhook';
import { PUBLIC_WEBHOOKS_TASK_QUEUE } from './public-webhooks';

/**
 * Which task queue and priority each kind of workflow gets (docs/operations.md "Capacity and load shedding").
 *
 * Live and sandbox bookings run on separate task queues, each polled by its own worker with its own slots, so a
 * sandbox flood can never take a live booking's place, nor can live traffic starve sandbox (it would under a priority
 * in one shared queue). Inside each queue a quote goes before a booking, and a booking before background work (the
 * settlement cycle, the retention sweep); each account's tasks carry its fairness key, so a partner's backlog costs
 * that partner its share of the queue, not everyone else theirs. Priority and fairness need the server's new matcher
 * and `matching.enableFairness` (temporal-dev.yml, stack/temporal-cluster.ts).
 */
export const LIVE_BOOKINGS_TASK_QUEUE = BOOKINGS_TASK_QUEUE;
export const SANDBOX_BOOKINGS_TASK_QUEUE = 'bookings-sandbox';

/**
 * Every task queue the hub's workers poll, workflow and activity tasks on each: the one list that the rolling restart
 * (a new worker is ready once it polls all of them) and the backlog gauges of the workers' /metrics
 * (`hub_task_queue_*`, workers/task-queue-gauges.ts) read. A new queue goes here and into workers/create-workers.ts.
 */
export const TASK_QUEUES: readonly string[] = [
  LIVE_BOOKINGS_TASK_QUEUE,
  SANDBOX_BOOKINGS_TASK_QUEUE,
  WEBHOOKS_TASK_QUEUE,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
];

/** The booking (and quote) queue of an environment. */
export function bookingTaskQueue(environment: Environment): string {
  return environment === 'sandbox' ? SANDBOX_BOOKINGS_TASK_QUEUE : LIVE_BOOKINGS_TASK_QUEUE;
}

/** Priority keys: lower goes first (Temporal's default range 1–5). */
export const PRIORITY = { quote: 1, booking: 2, background: 5 } as const;

/** The fairness key of a customer's tasks: its partner (or integrator account) in one environment. Under 64 bytes. */
export function fairnessKey(owner: { partnerId: string | null; accountId?: string | null }, environment: Environment): string {
  return `${owner.partnerId ?? owner.accountId ?? 'hub'}:${environment}`;
}

export function customerPriority(
  kind: 'quote' | 'booking',
  owner: { partnerId: string | null; accountId?: string | null },
  environment: Environment,
): Priority {
  return { priorityKey: PRIORITY[kind], fairnessKey: fairnessKey(owner, environment) };
}

/** Work no customer waits on: after every quote and booking of its queue. */
export const BACKGROUND_PRIORITY: Priority = { priorityKey: PRIORITY.background, fairnessKey: 'background' };
