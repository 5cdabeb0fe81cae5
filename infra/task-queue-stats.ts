import type { WorkflowService } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

export type TaskType = 'workflow' | 'activity';

/** What Temporal says of one task queue's workflow or activity side (DescribeTaskQueue with report_stats). */
export interface TaskQueueStats {
  /** Approximate count of tasks waiting (the server's estimate: exact when small, sampled when large). */
  backlogTasks: number;
  /** Age of the oldest waiting task in seconds; 0 when none waits. */
  backlogAgeSeconds: number;
  /** Tasks handed to pollers per second, over the server's recent window. */
  dispatchRate: number;
  /** Pollers the server saw recently (0: nobody polls this queue). */
  pollers: number;
}

const TYPES: Record<TaskType, temporal.api.enums.v1.TaskQueueType> = {
  workflow: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
  activity: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
};

/**
 * DescribeTaskQueue of one queue and task type with `report_stats` (server ≥ 1.27; the dev server and the cluster
 * both answer it; the time-skipping test server does not). Stats cover every partition of the queue.
 */
export async function describeTaskQueue(
  service: WorkflowService,
  namespace: string,
  taskQueue: string,
  type: TaskType,
): Promise<TaskQueueStats> {
  const answer = await service.describeTaskQueue({
    namespace,
    taskQueue: { name: taskQueue, kind: temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
    taskQueueType: TYPES[type],
    reportStats: true,
  });
  const age = answer.stats?.approximateBacklogAge;
  return {
    backlogTasks: Number(answer.stats?.approximateBacklogCount ?? 0),
    backlogAgeSeconds: age ? Number(age.seconds ?? 0) + (age.nanos ?? 0) / 1e9 : 0,
    dispatchRate: answer.stats?.tasksDispatchRate ?? 0,
    pollers: answer.pollers?.length ?? 0,
  };
}
