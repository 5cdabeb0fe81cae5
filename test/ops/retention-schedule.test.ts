import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ensureRetentionSchedule } from '../../app/retention';
import { RETENTION_SCHEDULE_ID, RETENTION_WORKFLOW_ID } from '../../contracts/retention';
import { localEnvironment } from '../../stack/temporal';

/** The daily schedule of the retention sweep, on the dev server (the time-skipping server runs no schedules). */
describe('passenger data retention schedule', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await localEnvironment();
  });
  afterAll(() => env?.teardown());

  it('is created once a day for the configured retention, and a start with another retention updates it', async () => {
    await ensureRetentionSchedule(env.client, 90);
    const handle = env.client.schedule.getHandle(RETENTION_SCHEDULE_ID);
    const first = await handle.describe();
    expect(first.spec.intervals).toMatchObject([{ every: 86_400_000 }]);
    expect(first.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'passengerDataRetentionWorkflow',
      workflowId: RETENTION_WORKFLOW_ID,
      taskQueue: 'bookings',
      args: [{ retentionDays: 90 }],
    });
    expect(first.policies.overlap).toBe('SKIP');

    await ensureRetentionSchedule(env.client, 30);
    expect((await handle.describe()).action).toMatchObject({ args: [{ retentionDays: 30 }] });
  });
});
