import { BOOKINGS_TASK_QUEUE } from './booking';
import { WEBHOOKS_TASK_QUEUE } from './partner-webhook';
import { PUBLIC_WEBHOOKS_TASK_QUEUE } from './public-webhooks';

/**
 * Every task queue the hub's workers poll, workflow and activity tasks on each: the one list that the rolling restart
 * (a new worker is ready once it polls all of them) and the backlog gauges of the workers' /metrics
 * (`hub_task_queue_*`, workers/task-queue-gauges.ts) read. A new queue goes here and into workers/create-workers.ts.
 */
export const HUB_TASK_QUEUES: readonly string[] = [BOOKINGS_TASK_QUEUE, WEBHOOKS_TASK_QUEUE, PUBLIC_WEBHOOKS_TASK_QUEUE];
