import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { PublicWebhookActivities } from '../../activities/public-webhooks';
import {
  destinationWorkflowId,
  getDestinationHealth,
  recordAttemptOutcome,
  setDestinationStatus,
  type DestinationWorkflowInput,
} from '../../contracts/public-webhooks';
import { DestinationStatusKey } from '../../contracts/search-attributes';
import { stackWorker, timeSkippingEnvironment } from '../../stack/temporal';
import { eventually } from '../../stack/eventually';

const TASK_QUEUE = 'destination-continue-as-new';

/** A promise with its resolver, for handing control between the test and an activity. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * The destination workflow continues as new after a number of messages. Handling the last of them may wait on an
 * activity; messages that land meanwhile must reach the next run, not be dropped with the old run's buffers. The
 * activities are the test's (their timing is what is under test); the workflow, server and continue-as-new are real.
 */
describe('destination workflow continuing as new', () => {
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let run: Promise<void>;
  const markStarted = gate();
  const releaseMark = gate();
  const failingMarks: boolean[] = [];

  const activities: Pick<PublicWebhookActivities, 'markDestinationFailing' | 'pauseDestination' | 'drainParkedDeliveries'> = {
    async markDestinationFailing({ failing }) {
      failingMarks.push(failing);
      markStarted.open();
      await releaseMark.opened;
    },
    async pauseDestination() {},
    async drainParkedDeliveries() {
      throw new Error('no drain in this test');
    },
  };

  beforeAll(async () => {
    env = await timeSkippingEnvironment();
    worker = await stackWorker(env, {
      taskQueue: TASK_QUEUE,
      activities,
    });
    run = worker.run();
  });
  afterAll(async () => {
    worker?.shutdown();
    await run;
    await env?.teardown();
  });

  it('keeps the outcome and the pause that arrive while its last message is handled', async () => {
    const destinationId = 'dst_continue_as_new';
    const handle = await env.client.workflow.start('destinationWorkflow', {
      workflowId: destinationWorkflowId(destinationId),
      taskQueue: TASK_QUEUE,
      args: [{ destinationId, messagesPerRun: 1 } satisfies DestinationWorkflowInput],
    });
    // The run's only message is a first failure: the workflow marks the destination failing, an activity that waits.
    await handle.signal(recordAttemptOutcome, { succeeded: false });
    await markStarted.opened;
    await handle.signal(recordAttemptOutcome, { succeeded: false });
    await handle.signal(setDestinationStatus, { status: 'paused' });
    releaseMark.open();

    const firstRun = env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId);
    await eventually(
      () => firstRun.describe(),
      (d) => d.status.name === 'CONTINUED_AS_NEW',
      'the first run continued as new',
    );
    const latest = env.client.workflow.getHandle(handle.workflowId);
    const next = await eventually(
      () => latest.describe(),
      (d) => d.runId !== handle.firstExecutionRunId && d.status.name === 'RUNNING',
      'the next run started',
    );
    expect(await latest.query(getDestinationHealth)).toEqual({ consecutiveFailures: 2, status: 'paused' });
    expect(next.typedSearchAttributes.get(DestinationStatusKey)).toBe('paused');
    expect(failingMarks).toEqual([true]);
    await env.client.workflow.getHandle(handle.workflowId).terminate('test over');
  });
});
