import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { BOOKINGS_TASK_QUEUE } from '../contracts/booking';
import { BACKGROUND_PRIORITY } from '../contracts/task-queues';
import { RETENTION_SCHEDULE_ID, RETENTION_WORKFLOW_ID, type RetentionInput } from '../contracts/retention';

/**
 * The Temporal Schedule `passenger-data-retention`: once a day it starts `retention:passenger-data`, which erases the
 * passenger contact data of rides that ended more than `retentionDays` ago. Every API start calls this: it creates the
 * schedule, or brings an existing one to the configured retention; a sweep still running when the next is due makes it
 * skip.
 */
export async function ensureRetentionSchedule(temporal: Client, retentionDays: number): Promise<void> {
  const args: [RetentionInput] = [{ retentionDays }];
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'passengerDataRetentionWorkflow',
    workflowId: RETENTION_WORKFLOW_ID,
    taskQueue: BOOKINGS_TASK_QUEUE,
    priority: BACKGROUND_PRIORITY,
    args,
  };
  try {
    await temporal.schedule.create({
      scheduleId: RETENTION_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 day' }] },
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.schedule.getHandle(RETENTION_SCHEDULE_ID).update((previous) => ({ ...previous, action }));
  }
}
