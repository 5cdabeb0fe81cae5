import { proxyActivities } from '@temporalio/workflow';

/** The yardstick of `npm run bench:deliveries`: a workflow that runs one (empty) activity. */
const { noop } = proxyActivities<{ noop(): Promise<void> }>({ startToCloseTimeout: '10 seconds' });

export async function trivialWorkflow(): Promise<void> {
  await noop();
}
