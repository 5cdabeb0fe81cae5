import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { setBankAccount } from '../../app/bank-accounts';
import { importStatement } from '../../app/bank-statements';
import { reissuePayouts } from '../../app/payout-reissue';
import type { PeriodRef } from '../../contracts/finance';
import { PAIN_001, schemaErrors } from '../../infra/iso20022';
import { appendBilledRide } from '../../stack/billed-rides';
import { eventually } from '../../stack/eventually';
import { bankStatement, statusReport, transfersOf } from '../../stack/mock-bank';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestUnit } from '../support/fleet';
import { hubCli } from '../support/cli';
import { createTestWorkers, TEST_SECRETS } from '../support/hub';
import { runSettlementCycle } from '../support/payouts';
import { findPayoutFile } from '../../db/payout-files';

const OCTOBER: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };
const NOVEMBER: PeriodRef = { id: '2026-11-02', start: '2026-11-02T00:00:00.000Z', end: '2026-11-03T00:00:00.000Z' };
const DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' };

/**
 * The settlement cycle paying chauffeurs by SEPA file (PAYOUT_PROVIDER=sepa), and the bank's statement and pain.002
 * status reports closing the loop.
 */
describe('settlement cycle with SEPA payout files', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  const sql = sqlOn(() => db);
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db, { payouts: { provider: 'sepa', debtor: DEBTOR } }));
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const runCycle = (period: PeriodRef) => runSettlementCycle(env, period);

  const reissue = (q: Parameters<typeof reissuePayouts>[1]) =>
    reissuePayouts({ orm: db.orm, keys: [TEST_SECRETS.encryptionKey], payouts: { provider: 'sepa', debtor: DEBTOR } }, q);

  /** The 24 h hold after an account change, run out (a changed account is paid only after it). */
  const endHold = (driver: string) =>
    sql("update driver_bank_accounts set hold_until = now() - interval '1 second' where driver_id = ?", [driver]);

  const settlement = async (driver: string, period: string) =>
    (
      await sql<{ number: string; status: string; payable_minor: string; failure_reason: string | null; payout_key: string }>(
        'select * from settlements where driver_id = ? and period_id = ?',
        [driver, period],
      )
    )[0]!;

  it('pays three drivers by one file, waits for the one without an account, and the statement settles paid and returned', async () => {
    const units = await Promise.all(['Anna Šimková', 'Bo Ørsted', 'Chloé Dupré', 'Dan Ng'].map((name) => createTestUnit(db.orm, { name })));
    const [a, b, c, d] = units.map((u) => u.id) as [string, string, string, string];
    const ibans = ['DE89370400440532013000', 'NL91ABNA0417164300', 'ES9121000418450200051332'];
    for (const [i, id] of [a, b, c].entries()) {
      await setBankAccount(db, TEST_SECRETS, {
        driverId: id,
        holder: ['Anna Šimková', 'Bo Ørsted', 'Chloé Dupré'][i]!,
        iban: ibans[i]!,
        changedBy: 'ops',
      });
    }
    for (const [i, id] of [a, b, c, d].entries()) {
      await appendBilledRide(db.orm, {
        bookingId: `bkg_sepa_${i}`,
        accountId: 'acct_rider',
        grossMinor: 11_000 * (i + 1),
        at: '2026-10-10T08:00:00Z',
        unit: { id, driverName: `Driver ${i}` },
      });
    }

    const first = await runCycle(OCTOBER);
    const byDriver = Object.fromEntries(first.payouts.map((p) => [p.driverId, p]));
    expect(byDriver[a]).toMatchObject({ status: 'submitted', reason: `PF-${year}-000001` });
    expect(byDriver[b]!.status).toBe('submitted');
    expect(byDriver[c]!.status).toBe('submitted');
    expect(byDriver[d]).toMatchObject({ status: 'waiting', reason: 'no_bank_account' });

    const [{ number: written }] = await sql<{ number: string }>('select number from payout_files');
    const file = await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], written);
    expect(file).toMatchObject({ number: `PF-${year}-000001`, transactions: 3 });
    expect(await schemaErrors(file!.xml, PAIN_001)).toEqual([]);
    const filed = transfersOf(file!.xml);
    const [sa, sb, sc] = await Promise.all([a, b, c].map((id) => settlement(id, OCTOBER.id)));
    // One transfer per settlement, in the order of the settlements' numbers (which driver gets which number is not fixed).
    const keys = [sa!.payout_key, sb!.payout_key, sc!.payout_key];
    expect(filed.map((t) => t.endToEndId)).toEqual([...keys].sort());
    expect(String(filed.reduce((s, t) => s + t.amountMinor, 0n))).toBe(String(file!.control_sum_minor));
    expect(file!.xml).toContain('<Nm>Bo Orsted</Nm>');
    for (const s of [sa, sb, sc]) expect(s!.status).toBe('pending');

    // A re-run of the period writes no second file.
    await runCycle(OCTOBER);
    expect(await sql('select count(*)::int as n from payout_files')).toEqual([{ n: 1 }]);

    const statement = bankStatement({
      messageId: 'STMT-OCT-1',
      iban: DEBTOR.iban,
      // A's and B's transfers booked, C's returned: found by payout key, as the file's order is the numbers' order.
      entries: [
        ...filed.map((t) => ({
          ...t,
          outcome: t.endToEndId === sc!.payout_key ? ({ returned: 'AC04', info: 'Account closed' } as const) : ('booked' as const),
        })),
        { endToEndId: 'SOMEONE-ELSE-42', amountMinor: 1_000n, outcome: 'booked' },
      ],
    });
    const imported = await importStatement({ orm: db.orm, temporal: env.client }, { xml: statement, livemode: true });
    expect(imported).toMatchObject({ transactions: 4, paid: 2, returned: 1, unchanged: 0, statement: { duplicate: false } });
    expect(imported.unmatched).toEqual([{ entry: 4, end_to_end_id: 'SOMEONE-ELSE-42', amount: 10 }]);
    expect((await settlement(a, OCTOBER.id)).status).toBe('paid');
    expect((await settlement(b, OCTOBER.id)).status).toBe('paid');
    expect(await settlement(c, OCTOBER.id)).toMatchObject({ status: 'returned', failure_reason: 'AC04' });

    // settlement.paid twice and settlement.failed once, for operator accounts' destinations.
    const events = () =>
      sql<{ type: string; body: { data: { settlement: string; reason?: string } } }>(
        "select type, body::jsonb as body from public_events where type like 'settlement.%' order by type",
      );
    const published = await eventually(events, (rows) => rows.length === 3, 'three settlement events');
    expect(published.map((e) => e.type)).toEqual(['settlement.failed', 'settlement.paid', 'settlement.paid']);
    expect(published[0]!.body.data).toMatchObject({ settlement: sc!.number, reason: 'AC04' });

    // The same statement again changes nothing and announces nothing new.
    const again = await importStatement({ orm: db.orm, temporal: env.client }, { xml: statement, livemode: true });
    expect(again).toMatchObject({ paid: 0, returned: 0, unchanged: 3, statement: { duplicate: true, id: imported.statement.id } });
    expect(await events()).toHaveLength(3);
    // Another environment's key sees none of these payouts.
    expect(await importStatement({ orm: db.orm }, { xml: statement, livemode: false })).toMatchObject({
      paid: 0,
      unmatched: expect.any(Array),
    });

    // D records an account; the next period files D's waiting payout. C's payout, returned for a closed account (AC04),
    // is not carried into a settlement to whatever account is on file: it waits for another account.
    await setBankAccount(db, TEST_SECRETS, { driverId: d, holder: 'Dan Ng', iban: 'FR7630006000011234567890189', changedBy: 'driver' });
    const next = await runCycle(NOVEMBER);
    expect(await sql('select count(*)::int as n from settlements where driver_id = ? and period_id = ?', [c, NOVEMBER.id])).toEqual([
      { n: 0 },
    ]);
    expect(next.payouts.filter((p) => p.status === 'submitted').map((p) => p.driverId)).toEqual([d]);
    // Ops cannot send it to that account either.
    await expect(reissue({ payoutId: sc!.payout_key, by: 'ops', note: 'try again' })).rejects.toThrow(/never paid again/);
    expect(await reissue({ livemode: true, by: 'daily', note: 'due' })).toMatchObject({
      files: [],
      reissued: [],
      waiting: [{ verdict: 'wait_for_new_account' }],
    });

    // C records another account: held for 24 h like any account change, then the next file, written at once, carries
    // C's payout again under its next payout id.
    await setBankAccount(db, TEST_SECRETS, { driverId: c, holder: 'Chloé Dupré', iban: 'DE02120300000000202051', changedBy: 'driver' });
    expect(await reissue({ livemode: true, by: 'daily', note: 'due' })).toMatchObject({
      files: [],
      reissued: [],
      waiting: [{ verdict: 'account_on_hold' }],
    });
    await endHold(c);
    const reissued = await reissue({ livemode: true, by: 'daily', note: 'due' });
    const nextKey = `${sc!.number}:2`;
    expect(reissued).toMatchObject({
      files: [{ number: `PF-${year}-000003`, transactions: 1 }],
      reissued: [{ payout: sc!.payout_key, settlement: sc!.number, reissued_as: nextKey, livemode: true }],
      waiting: [],
    });
    const third = await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], `PF-${year}-000003`);
    expect(transfersOf(third!.xml)).toEqual([{ endToEndId: nextKey, amountMinor: BigInt(sc!.payable_minor) }]);
    expect(third!.xml).toContain('DE02120300000000202051');
    expect(third!.xml).not.toContain(ibans[2]);
    expect(await sql('select reissue_of from bank_transfers where id = ?', [nextKey])).toEqual([{ reissue_of: sc!.payout_key }]);
    expect(await sql('select status, payout_key, reissue_requested_by from settlements where number = ?', [sc!.number])).toEqual([
      { status: 'pending', payout_key: nextKey, reissue_requested_by: 'daily' },
    ]);
    // Asked again, by name: it answers where the payout went and writes nothing.
    expect(await reissue({ payoutId: sc!.payout_key, by: 'ops', note: 'again' })).toEqual({
      files: [],
      reissued: [{ payout: sc!.payout_key, settlement: sc!.number, reissued_as: nextKey, livemode: true }],
      waiting: [],
    });
    // The bank books it: C's October settlement is paid; the settlement's amounts never changed.
    const booked = await importStatement(
      { orm: db.orm, temporal: env.client },
      {
        xml: bankStatement({
          messageId: 'STMT-NOV-C',
          iban: DEBTOR.iban,
          entries: [{ endToEndId: nextKey, amountMinor: BigInt(sc!.payable_minor), outcome: 'booked' }],
        }),
        livemode: true,
      },
    );
    expect(booked).toMatchObject({ paid: 1, returned: 0 });
    expect(await settlement(c, OCTOBER.id)).toMatchObject({ status: 'paid', payable_minor: sc!.payable_minor });
    const files = await sql<{ number: string; transactions: number }>('select number, transactions from payout_files order by number');
    expect(files.map((f) => f.transactions)).toEqual([3, 1, 1]);
    // Files never change.
    await expect(sql("update payout_files set xml = '' where number = ?", [files[0]!.number])).rejects.toThrow(/immutable/);
    expect(await sql('select count(*)::int as n from settlement_lines where returned_from is not null')).toEqual([{ n: 0 }]);
  });

  it('pain.002: RJCT per transaction and for a whole file returns payouts once; ACSC and PDNG pay nothing; unknown ids listed', async () => {
    const EARLY: PeriodRef = { id: '2026-11-05', start: '2026-11-05T00:00:00.000Z', end: '2026-11-06T00:00:00.000Z' };
    const LATE: PeriodRef = { id: '2026-11-09', start: '2026-11-09T00:00:00.000Z', end: '2026-11-10T00:00:00.000Z' };
    const importing = (xml: string) => importStatement({ orm: db.orm, temporal: env.client }, { xml, livemode: true });
    const ours = new Set<string>();
    const events = async () =>
      (
        await sql<{ type: string; body: { data: { settlement: string; reason?: string } } }>(
          "select type, body::jsonb as body from public_events where type like 'settlement.%' order by type, body::jsonb->'data'->>'settlement'",
        )
      ).filter((e) => ours.has(e.body.data.settlement));
    const names = ['Ana Ruiz', 'Ben Okafor', 'Cleo Marchetti'];
    const units = await Promise.all(names.map((name) => createTestUnit(db.orm, { name })));
    const [a, b, c] = units.map((u) => u.id) as [string, string, string];
    for (const [i, id] of [a, b, c].entries()) {
      await setBankAccount(db, TEST_SECRETS, { driverId: id, holder: names[i]!, iban: 'DE89370400440532013000', changedBy: 'ops' });
      await appendBilledRide(db.orm, {
        bookingId: `bkg_psr_${i}`,
        accountId: 'acct_rider',
        grossMinor: 10_000 * (i + 1),
        at: '2026-11-05T08:00:00Z',
        unit: { id, driverName: names[i]! },
      });
    }
    await runCycle(EARLY);
    const newestFile = async () =>
      (await findPayoutFile(
        db.orm,
        [TEST_SECRETS.encryptionKey],
        (await sql<{ number: string }>('select number from payout_files order by number desc limit 1'))[0]!.number,
      ))!;
    const file = await newestFile();
    const [sa, sb, sc] = await Promise.all([a, b, c].map((id) => settlement(id, EARLY.id)));
    const transfers = transfersOf(file.xml);
    const [ta, tb, tc] = [sa, sb, sc].map((s) => transfers.find((t) => t.endToEndId === s!.payout_key));
    ours.add(sa!.number).add(sb!.number);

    // The bank accepts A's and C's transfers, rejects B's (AC01: wrong account number), and names one it never had from us.
    const report = statusReport({
      messageId: 'PSR-OCT-1',
      originalMessageId: file.number,
      groupStatus: 'PART',
      transactions: [
        { endToEndId: ta!.endToEndId, status: 'ACSC' },
        { endToEndId: tb!.endToEndId, status: 'RJCT', reason: 'AC01', info: 'Incorrect account number' },
        { endToEndId: tc!.endToEndId, status: 'PDNG' },
        { endToEndId: 'ST-1999-000001:1', status: 'RJCT', reason: 'AC04' },
      ],
    });
    const first = await importing(report);
    expect(first).toMatchObject({
      statement: { message: 'pain.002.001.10', message_id: 'PSR-OCT-1', original_message_id: file.number, group_status: 'PART' },
      transactions: 4,
      paid: 0,
      returned: 1,
      unchanged: 0,
      status_recorded: 2,
      unmatched: [{ entry: 4, end_to_end_id: 'ST-1999-000001:1', amount: null }],
    });
    expect(first.lines[1]).toMatchObject({ outcome: 'returned', settlement: sb!.number, status: 'RJCT', reason: 'AC01' });
    expect(first.lines[0]).toMatchObject({ outcome: 'status_recorded', status: 'ACSC', settlement: sa!.number });
    // Accepted or settled by the bank is not paid: only a booked statement debit pays.
    expect((await settlement(a, EARLY.id)).status).toBe('pending');
    expect((await settlement(c, EARLY.id)).status).toBe('pending');
    expect(await settlement(b, EARLY.id)).toMatchObject({ status: 'returned', failure_reason: 'AC01' });
    const failed = await eventually(events, (rows) => rows.length === 1, 'settlement.failed for B');
    expect(failed[0]).toMatchObject({ type: 'settlement.failed', body: { data: { settlement: sb!.number, reason: 'AC01' } } });

    // The same report again changes nothing and announces nothing.
    const again = await importing(report);
    expect(again).toMatchObject({ returned: 0, unchanged: 1, status_recorded: 2, statement: { duplicate: true, id: first.statement.id } });
    // A later report of the same rejection, written anew by the bank, changes nothing either.
    expect(
      await importing(
        statusReport({
          messageId: 'PSR-OCT-2',
          originalMessageId: file.number,
          transactions: [{ endToEndId: tb!.endToEndId, status: 'RJCT', reason: 'AC01' }],
        }),
      ),
    ).toMatchObject({ returned: 0, unchanged: 1, statement: { duplicate: false } });

    // The statement books A's debit: paid. A rejection arriving after the booking does not undo it (only a return does).
    await importing(bankStatement({ messageId: 'STMT-OCT-1', iban: DEBTOR.iban, entries: [{ ...ta!, outcome: 'booked' }] }));
    expect((await settlement(a, EARLY.id)).status).toBe('paid');
    const late = await importing(
      statusReport({
        messageId: 'PSR-OCT-3',
        originalMessageId: file.number,
        transactions: [{ endToEndId: ta!.endToEndId, status: 'RJCT', reason: 'AM04' }],
      }),
    );
    expect(late).toMatchObject({ returned: 0, unchanged: 1 });
    expect((await settlement(a, EARLY.id)).status).toBe('paid');

    // November: B records another account, so the period's file carries B's returned payout again (B:2) beside C's new
    // ride, with C's October payout still pending in the first file; the bank refuses that whole file (group RJCT).
    await setBankAccount(db, TEST_SECRETS, { driverId: b, holder: names[1]!, iban: 'NL91ABNA0417164300', changedBy: 'driver' });
    await endHold(b);
    await appendBilledRide(db.orm, {
      bookingId: 'bkg_psr_nov',
      accountId: 'acct_rider',
      grossMinor: 7_000,
      at: '2026-11-09T08:00:00Z',
      unit: { id: c, driverName: names[2]! },
    });
    await runCycle(LATE);
    expect(await sql('select count(*)::int as n from settlements where driver_id = ? and period_id = ?', [b, LATE.id])).toEqual([{ n: 0 }]);
    const second = await newestFile();
    expect(second.number).not.toBe(file.number);
    const filedAgain = transfersOf(second.xml);
    expect(filedAgain).toHaveLength(2);
    expect(filedAgain.map((t) => t.endToEndId)).toContain(`${sb!.number}:2`);
    const refused = await importing(
      statusReport({ messageId: 'PSR-NOV-1', originalMessageId: second.number, groupStatus: 'RJCT', groupReason: 'AM04' }),
    );
    expect(refused).toMatchObject({ statement: { group_status: 'RJCT' }, returned: 2, unmatched: [] });
    expect(refused.lines.map((l) => l.end_to_end_id).sort()).toEqual(filedAgain.map((t) => t.endToEndId).sort());
    const cNov = await settlement(c, LATE.id);
    ours.add(cNov.number);
    expect(await settlement(b, EARLY.id)).toMatchObject({ status: 'returned', failure_reason: 'AM04', payout_key: `${sb!.number}:2` });
    expect(cNov).toMatchObject({ status: 'returned', failure_reason: 'AM04' });
    // C's October transfer, in the first file, is untouched by the second file's rejection.
    expect((await settlement(c, EARLY.id)).status).toBe('pending');
    const all = await eventually(events, (rows) => rows.length === 4, 'four settlement events');
    const key = (e: (string | null)[]) => e.join(' ');
    expect(
      all.map((e) => [e.type, e.body.data.settlement, e.body.data.reason ?? null]).sort((x, y) => key(x).localeCompare(key(y))),
    ).toEqual(
      [
        ['settlement.failed', sb!.number, 'AC01'],
        ['settlement.failed', sb!.number, 'AM04'],
        ['settlement.failed', cNov.number, 'AM04'],
        ['settlement.paid', sa!.number, null],
      ].sort((x, y) => key(x).localeCompare(key(y))),
    );
    // The same group rejection again changes nothing; one naming a file the hub never wrote is listed, never guessed.
    expect(
      await importing(statusReport({ messageId: 'PSR-NOV-1', originalMessageId: second.number, groupStatus: 'RJCT', groupReason: 'AM04' })),
    ).toMatchObject({ returned: 0, unchanged: 2, statement: { duplicate: true } });
    expect(
      await importing(statusReport({ messageId: 'PSR-X', originalMessageId: 'PF-1999-000009', groupStatus: 'RJCT', groupReason: 'FF01' })),
    ).toMatchObject({
      returned: 0,
      unmatched: [{ entry: 0, end_to_end_id: null, amount: null }],
      statement: { original_message_id: 'PF-1999-000009' },
    });
    expect(await events()).toHaveLength(4);

    // AM04 (insufficient funds) says nothing against B's account: ops send it again to the same one, once, audited.
    const cli = hubCli(() => db, undefined, { payouts: { provider: 'sepa', debtor: DEBTOR } });
    const byOps = await cli.hubJson('finance', 'reissue', '--payout', `${sb!.number}:2`, '--by', 'ana@ops', '--note', 'funds restored');
    expect(byOps).toMatchObject({
      reissued: [{ payout: `${sb!.number}:2`, reissued_as: `${sb!.number}:3` }],
      files: [{ transactions: 1 }],
    });
    expect(
      await cli.hubJson('finance', 'reissue', '--payout', `${sb!.number}:2`, '--by', 'ana@ops', '--note', 'funds restored'),
    ).toMatchObject({
      reissued: [{ reissued_as: `${sb!.number}:3` }],
      files: [],
    });
    expect(await sql('select reissue_requested_by, reissue_note, status from settlements where number = ?', [sb!.number])).toEqual([
      { reissue_requested_by: 'ana@ops', reissue_note: 'funds restored', status: 'pending' },
    ]);
    const unknown = await cli.hub('finance', 'reissue', '--payout', 'ST-1999-000001:1', '--by', 'ana', '--note', 'x');
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No returned payout ST-1999-000001:1') });
  });
});
