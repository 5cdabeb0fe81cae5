import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createFinanceActivities } from '../../activities/finance';
import { appendBilledRide } from '../../stack/billed-rides';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import { settlementCycleWorkflowId, type CycleSummary, type PeriodRef } from '../../contracts/finance';
import { localEnvironment, stackWorker } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestWorkers } from '../support/hub';
import { testPayouts } from '../support/payouts';

const APRIL: PeriodRef = { id: '2026-04', start: '2026-04-01T00:00:00.000Z', end: '2026-05-01T00:00:00.000Z' };

/**
 * A worker that dies in the middle of the cycle: it commits the first invoice of a batch and is gone before it can
 * answer. The cycle's activity runs again on a fresh worker, and the period ends with one invoice per party and
 * numbers without a gap or a repeat; a re-run afterwards adds nothing. On the dev server: the time-skipping server
 * does not move a workflow off a stopped worker's sticky queue.
 */
describe('settlement cycle across a worker crash', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [env, db] = await Promise.all([localEnvironment(), freshDatabase()]);
  });
  afterAll(() => Promise.all([env?.teardown(), db?.close()]));

  it('resumes on another worker without a duplicate document or number', async () => {
    const accounts = Array.from({ length: 30 }, (_, i) => `acct_crash_${String(i).padStart(2, '0')}`);
    for (const [i, accountId] of accounts.entries()) {
      const at = new Date(Date.parse(APRIL.start) + (i + 1) * 3_600_000);
      await appendBilledRide(db.orm, { bookingId: `bkg_crash_${i}`, accountId, grossMinor: 1_000 + i, at, live: false });
    }

    // The doomed worker: its batch commits one invoice, then the process "dies" (never answers).
    const real = createFinanceActivities({ orm: db.orm, payouts: testPayouts(db.orm) });
    let committed = 0;
    const doomed = await stackWorker(env, {
      taskQueue: BOOKINGS_TASK_QUEUE,
      activities: {
        ...real,
        async issuePeriodInvoices(input: Parameters<typeof real.issuePeriodInvoices>[0]) {
          await real.issuePeriodInvoices({ ...input, targets: input.targets.slice(0, 1) });
          committed++;
          // Gone before answering: nothing more happens until the worker is taken down.
          return new Promise<never>((_, reject) =>
            Context.current().cancellationSignal.addEventListener('abort', () => reject(new Error('worker died'))),
          );
        },
      },
    });
    const doomedRun = doomed.run();
    const result = env.client.workflow.execute('settlementCycleWorkflow', {
      workflowId: settlementCycleWorkflowId(APRIL.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ period: APRIL }],
    }) as Promise<CycleSummary>;
    while (committed === 0) await new Promise((r) => setTimeout(r, 50));
    doomed.shutdown();
    await doomedRun.catch(() => undefined);

    const survivors = runWorkers(await createTestWorkers(env, db));
    try {
      const summary = await result;
      expect(summary.invoices).toHaveLength(accounts.length);
      const docs = await sql<{ party_id: string; number: string }>(
        `select party_id, number from finance_documents where period_id = ? order by number`,
        [APRIL.id],
      );
      expect(docs.map((d) => d.party_id).sort()).toEqual(accounts); // one each
      const seqs = docs.map((d) => Number(d.number.slice(-6)));
      expect(seqs).toEqual(Array.from({ length: accounts.length }, (_, i) => i + 1)); // no gap, no repeat
      expect(docs[0].party_id).toBe(accounts[0]); // the invoice the dead worker committed kept its number

      const again = (await env.client.workflow.execute('settlementCycleWorkflow', {
        workflowId: `${settlementCycleWorkflowId(APRIL.id)}:again`,
        taskQueue: BOOKINGS_TASK_QUEUE,
        args: [{ period: APRIL }],
      })) as CycleSummary;
      expect(again.invoices.map((d) => d.number).sort()).toEqual(docs.map((d) => d.number));
      expect(await sql('select count(*)::int as n from finance_documents')).toEqual([{ n: accounts.length }]);
    } finally {
      survivors.shutdown();
      await survivors.done;
    }
  });
});
