import type { WorkflowService } from '@temporalio/client';
import { Counter, Gauge } from 'prom-client';
import { TASK_QUEUES } from '../contracts/task-queues';
import { registry } from '../infra/metrics';
import { describeTaskQueue, type TaskQueueStats, type TaskType } from '../infra/task-queue-stats';

const TASK_TYPES: readonly TaskType[] = ['workflow', 'activity'];
const LABELS = ['task_queue', 'task_type'] as const;

export interface TaskQueueGaugeOptions {
  /** How long one round of DescribeTaskQueue answers serves scrapes (at least 5 s: scrapes never flood the frontend). */
  cacheMs?: number;
  /** A DescribeTaskQueue slower than this counts as failed: a scrape never waits on a stuck frontend. */
  timeoutMs?: number;
  queues?: readonly string[];
}

interface Reading {
  taskQueue: string;
  taskType: TaskType;
  stats?: TaskQueueStats;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * `hub_task_queue_backlog_age_seconds`, `hub_task_queue_backlog_tasks` and `hub_task_queue_pollers` for every task
 * queue of TASK_QUEUES and both task types, from Temporal's DescribeTaskQueue (report_stats) when Prometheus
 * scrapes the worker's /metrics. One round of queries serves every scrape for `cacheMs`; a queue whose query fails or
 * times out is absent from that round's series (never a stale value, never a failed scrape) and counts in
 * `hub_task_queue_stats_errors_total`. docs/operations.md ("Backlogs").
 */
export function registerTaskQueueGauges(service: WorkflowService, namespace: string, options: TaskQueueGaugeOptions = {}): void {
  const cacheMs = Math.max(5_000, options.cacheMs ?? 5_000);
  const timeoutMs = options.timeoutMs ?? 2_000;
  const queues = options.queues ?? TASK_QUEUES;
  const names = [
    'hub_task_queue_backlog_age_seconds',
    'hub_task_queue_backlog_tasks',
    'hub_task_queue_pollers',
    'hub_task_queue_stats_errors_total',
  ];
  names.forEach((name) => registry.removeSingleMetric(name));
  let round: { at: number; readings: Promise<Reading[]> } | undefined;
  const read = async (taskQueue: string, taskType: TaskType): Promise<Reading> => {
    try {
      return { taskQueue, taskType, stats: await withTimeout(describeTaskQueue(service, namespace, taskQueue, taskType), timeoutMs) };
    } catch {
      errors.labels(taskQueue, taskType).inc();
      return { taskQueue, taskType };
    }
  };
  const readings = (): Promise<Reading[]> => {
    if (!round || Date.now() - round.at >= cacheMs)
      round = { at: Date.now(), readings: Promise.all(queues.flatMap((queue) => TASK_TYPES.map((type) => read(queue, type)))) };
    return round.readings;
  };

  const errors = new Counter({
    name: 'hub_task_queue_stats_errors_total',
    help: 'DescribeTaskQueue calls of the task-queue gauges that failed or timed out (that round leaves the queue out).',
    labelNames: LABELS,
    registers: [registry],
    // Collected before the gauges: the round they read must have counted its failures first.
    async collect() {
      await readings();
    },
  });
  const gauge = (name: string, help: string, value: (stats: TaskQueueStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: LABELS,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { taskQueue, taskType, stats } of await readings()) if (stats) this.labels(taskQueue, taskType).set(value(stats));
      },
    });
  gauge(
    'hub_task_queue_backlog_age_seconds',
    'Age of the oldest task waiting on the task queue (0 when none waits), from DescribeTaskQueue.',
    (s) => s.backlogAgeSeconds,
  );
  gauge(
    'hub_task_queue_backlog_tasks',
    'Approximate count of tasks waiting on the task queue, from DescribeTaskQueue.',
    (s) => s.backlogTasks,
  );
  gauge('hub_task_queue_pollers', 'Pollers Temporal saw recently on the task queue (0: no worker polls it).', (s) => s.pollers);
}
