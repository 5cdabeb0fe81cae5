import { expectCrashTestHolds } from '../support/crash-run';

it('keeps every booking and webhook through kill -9 of the worker, API, Temporal and PostgreSQL', async () => {
  await expectCrashTestHolds();
}, 400_000);
