import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Connection } from '@temporalio/client';
import { registry, scrape } from '../../infra/metrics';
import { TASK_QUEUES } from '../../contracts/task-queues';
import { registerTaskQueueGauges } from '../../workers/task-queue-gauges';
import { localEnvironment } from '../../stack/temporal';

/** The value of one series of the exposition text, or undefined when the series is absent. */
function series(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('task-queue backlog gauges on the worker /metrics (dev server: DescribeTaskQueue with report_stats)', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await localEnvironment();
  });
  afterAll(async () => {
    for (const name of ['hub_task_queue_backlog_age_seconds', 'hub_task_queue_backlog_tasks', 'hub_task_queue_pollers'])
      registry.removeSingleMetric(name);
    await env?.teardown();
  });

  it('shows a workflow task nobody polls as backlog with its age, and every queue of TASK_QUEUES', async () => {
    const queue = 'gauges-unpolled';
    registerTaskQueueGauges(env.client.workflowService, env.namespace ?? 'default', { queues: [...TASK_QUEUES, queue] });
    await env.client.workflow.start('anyWorkflow', { workflowId: 'gauges-backlog', taskQueue: queue });
    const labels = `task_queue="${queue}",task_type="workflow"`;
    let text = '';
    // The server's backlog stats follow the task's write; the first scrape may come before them (a fresh round each 5 s).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
      text = (await scrape()).body;
      if ((series(text, 'hub_task_queue_backlog_tasks', labels) ?? 0) >= 1) break;
    }
    expect(series(text, 'hub_task_queue_backlog_tasks', labels)).toBeGreaterThanOrEqual(1);
    expect(series(text, 'hub_task_queue_backlog_age_seconds', labels)).toBeGreaterThan(0);
    expect(series(text, 'hub_task_queue_pollers', labels)).toBe(0);
    for (const taskQueue of TASK_QUEUES)
      for (const taskType of ['workflow', 'activity'])
        expect(series(text, 'hub_task_queue_pollers', `task_queue="${taskQueue}",task_type="${taskType}"`)).toBe(0);
  });

  it('answers the scrape without the gauges when Temporal is unreachable, counts the failure once per 5 s round', async () => {
    const nowhere = Connection.lazy({ address: '127.0.0.1:1', interceptors: [] });
    try {
      registerTaskQueueGauges(nowhere.workflowService, 'default', { queues: ['bookings'], timeoutMs: 500 });
      const first = await scrape();
      expect(series(first.body, 'hub_task_queue_backlog_tasks', 'task_queue="bookings",task_type="workflow"')).toBeUndefined();
      expect(first.body).not.toMatch(/^hub_task_queue_backlog_age_seconds\{/m);
      expect(series(first.body, 'hub_task_queue_stats_errors_total', 'task_queue="bookings",task_type="activity"')).toBe(1);
      const second = await scrape(); // within the 5 s: the same round, no new query
      expect(series(second.body, 'hub_task_queue_stats_errors_total', 'task_queue="bookings",task_type="activity"')).toBe(1);
    } finally {
      await nowhere.close();
    }
  });
});
