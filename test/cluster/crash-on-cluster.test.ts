import { expectCrashTestHolds } from '../support/crash-run';
import { oneClusterAtATime } from '../support/one-cluster-at-a-time';

oneClusterAtATime();

/** The crash test on Temporal's production server (stack/process-stack.ts with the cluster engine). */
it('keeps every booking and webhook through kill -9 of the worker, API, history, matching and PostgreSQL on the cluster', async () => {
  await expectCrashTestHolds({ CRASH_ENGINE: 'cluster' });
}, 900_000);
