import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ensureFinanceSchedule } from '../../app/finance';
import { appendBilledRide } from '../../stack/billed-rides';
import { FINANCE_SCHEDULE_ID, settlementCycleWorkflowId, type CycleSummary } from '../../contracts/finance';
import { lastEndedPeriod, parsePeriodSpec } from '../../domain/finance-periods';
import { eventually } from '../../stack/eventually';
import { localEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { hubCli } from '../support/cli';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestWorkers } from '../support/hub';

/** The `finance-cycle` Schedule and `hub finance`, on the dev server (the time-skipping server runs no schedules). */
describe('finance schedule and CLI', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  const { hub, hubJson } = hubCli(
    () => db,
    () => env.client,
  );

  beforeAll(async () => {
    [env, db] = await Promise.all([localEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db));
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function ride(accountId: string, at: Date) {
    // The sandbox series: issued even without billing details.
    await appendBilledRide(db.orm, { bookingId: `bkg_${accountId}_${at.getTime()}`, accountId, grossMinor: 4_400, at, live: false });
  }

  it('runs at the end of each one-minute period the cycle of the period that ended, and follows FINANCE_PERIOD', async () => {
    await ensureFinanceSchedule(env.client, 'PT1M');
    const handle = env.client.schedule.getHandle(FINANCE_SCHEDULE_ID);
    const described = await handle.describe();
    expect(described.spec.intervals).toMatchObject([{ every: 60_000, offset: 5_000 }]);
    expect(described.action).toMatchObject({
      workflowType: 'settlementCycleWorkflow',
      taskQueue: 'bookings',
      args: [{ periodSpec: 'PT1M' }],
    });

    await ride('acc_minute', new Date(Date.now() - 90_000));
    await handle.trigger(); // what the interval does at the period's end, now
    const period = lastEndedPeriod(parsePeriodSpec('PT1M'), new Date());
    const cycle = env.client.workflow.getHandle(settlementCycleWorkflowId(period.id));
    const summary = await eventually(
      () => cycle.result().catch(() => null) as Promise<CycleSummary | null>,
      (s) => s !== null,
      `settlement-cycle:${period.id} completed`,
    );
    expect(summary!.invoices.map((d) => [d.partyId, d.gross, d.lines])).toEqual([['acc_minute', '4400', 1]]);

    await ensureFinanceSchedule(env.client, 'month');
    expect((await handle.describe()).spec.calendars).toMatchObject([
      { dayOfMonth: [{ start: 1 }], hour: [{ start: 0 }], second: [{ start: 5 }] },
    ]);
  });

  it('runs and re-runs a period from the CLI, refuses one that has not ended, and lists periods', async () => {
    await ride('acc_cli', new Date('2026-08-14T10:00:00Z'));
    const first = await hubJson('finance', 'run', '--period', '2026-08');
    expect(first.invoices).toEqual([expect.objectContaining({ partyId: 'acc_cli', gross: '4400', lines: 1 })]);
    const again = await hubJson('finance', 'run', '--period', '2026-08');
    expect(again.invoices.map((d: { number: string }) => d.number)).toEqual(first.invoices.map((d: { number: string }) => d.number));

    const future = await hub('finance', 'run', '--period', '2099-01');
    expect(future).toMatchObject({ code: 1, stderr: expect.stringContaining('has not ended') });
    const wrong = await hub('finance', 'run', '--period', '2026-W10');
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a period of FINANCE_PERIOD=month') });

    const periods = await hubJson('finance', 'periods');
    expect(periods).toHaveLength(12);
    expect(periods.find((p: { id: string }) => p.id === '2026-08')).toMatchObject({ invoices: 1, closedAt: expect.any(String) });
  });

  it('credits an invoice from the CLI line by line, never twice, and tells the account', async () => {
    await ride('acc_credit', new Date('2026-07-03T10:00:00Z'));
    await ride('acc_credit', new Date('2026-07-04T10:00:00Z'));
    const [invoice] = (await hubJson('finance', 'run', '--period', '2026-07')).invoices;
    expect(invoice.lines).toBe(2);

    const first = await hubJson('invoices', 'credit', '--invoice', invoice.number, '--reason', 'refund', '--lines', '2');
    expect(first).toMatchObject({ type: 'credit_note', credits: invoice.number, lines: 1, partyId: 'acc_credit', livemode: false });
    expect(first.number).toMatch(/^CN-TEST-\d{4}-\d{6}$/);
    expect(await hub('invoices', 'credit', '--invoice', invoice.number, '--reason', 'refund', '--lines', '2')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already credited'),
    });
    const rest = await hubJson('invoices', 'credit', '--invoice', invoice.number, '--reason', 'duplicate');
    expect(rest.lines).toBe(1);
    expect(BigInt(first.gross) + BigInt(rest.gross)).toBe(BigInt(invoice.gross));
    expect(Number(rest.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
    expect((await hub('invoices', 'credit', '--invoice', invoice.number, '--reason', 'refund')).stderr).toContain('every line');
    expect((await hub('invoices', 'credit', '--invoice', invoice.number, '--reason', 'goodwill')).code).toBe(2);
    expect((await hub('invoices', 'credit', '--invoice', 'INV-2026-999999', '--reason', 'refund')).code).toBe(1);

    const events = await eventually(
      () =>
        db.orm.em
          .getConnection()
          .execute<{ type: string; dedupe_key: string }[]>(
            `select type, dedupe_key from public_events where account_id = 'acc_credit' order by dedupe_key`,
          ),
      (rows) => rows.filter((r) => r.type === 'credit_note.created').length === 2,
      'two credit_note.created recorded',
    );
    expect(events.map((e) => e.dedupe_key)).toEqual(expect.arrayContaining([`credit_note:${first.number}`, `credit_note:${rest.number}`]));
  });

  it('prints with --dry-run what a period would issue and pay, writing nothing and taking no number', async () => {
    await ride('acc_dry', new Date('2026-05-10T10:00:00Z'));
    await ride('acc_dry', new Date('2026-05-11T10:00:00Z'));
    const sql = (q: string, p: unknown[] = []) => db.orm.em.getConnection().execute(q, p);
    const seriesBefore = await sql('select series, last_seq from document_series order by series');
    const preview = await hubJson('finance', 'run', '--period', '2026-05', '--dry-run');
    expect(preview.invoices).toEqual([expect.objectContaining({ partyId: 'acc_dry', lines: 2, gross: '8800', livemode: false })]);
    expect(await sql('select series, last_seq from document_series order by series')).toEqual(seriesBefore);
    expect(await sql(`select id from finance_periods where id = '2026-05'`)).toEqual([]);
    const text = await hub('finance', 'run', '--period', '2026-05', '--dry-run');
    expect(text.stdout).toContain('Dry run: nothing issued, no number taken.');

    const real = await hubJson('finance', 'run', '--period', '2026-05');
    expect(real.invoices.map((d: { partyId: string; gross: string }) => [d.partyId, d.gross])).toEqual([['acc_dry', '8800']]);
  });
});
