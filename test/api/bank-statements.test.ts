import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFinanceActivities } from '../../activities/finance';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { setBankAccount } from '../../app/bank-accounts';
import type { PeriodRef } from '../../contracts/finance';
import { closePeriod } from '../../db/finance';
import { findPayoutFile } from '../../db/payout-files';
import { issueSettlement, settlementTargets } from '../../db/settlements';
import { appendBilledRide } from '../../stack/billed-rides';
import { bankStatement, statusReport, transfersOf, type FiledTransfer } from '../../stack/mock-bank';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { hubCli } from '../support/cli';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { testPayouts } from '../support/payouts';

const DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: null };
const period = (day: string): PeriodRef => ({
  id: `2026-04-${day}`,
  start: `2026-04-${day}T00:00:00.000Z`,
  end: `2026-04-${day}T23:59:59.999Z`,
});

/** Bank statements as banks send them, through the API and the CLI, on a hub whose payout rail is SEPA. */
describe('bank statements: every line kept, listed and resolvable', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let writeKey: string;
  let readKey: string;
  let corporateKey: string;
  const sql = sqlOn(() => db);
  const { hub: cli, hubJson } = hubCli(() => db, undefined, { payouts: { provider: 'sepa', debtor: DEBTOR } });

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, {
      workers: false,
      env: { PAYOUT_PROVIDER: 'sepa', PAYOUT_DEBTOR_IBAN: DEBTOR.iban, PAYOUT_DEBTOR_NAME: DEBTOR.name },
    });
    const operator = (await createIntegratorAccount(db.orm, 'Treasury', 'operator')).accountId;
    const corporate = (await createIntegratorAccount(db.orm, 'Acme', 'corporate')).accountId;
    const key = async (accountId: string, scopes: string[]) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'live', label: 't', scopes })).key;
    writeKey = await key(operator, ['payments.read', 'payouts.write']);
    readKey = await key(operator, ['payments.read']);
    corporateKey = await key(corporate, ['payments.read', 'payouts.write']);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** Settles `names` for a day and writes their payout file: its number and transfers. */
  async function payoutFile(day: string, names: string[]): Promise<{ number: string; filed: FiledTransfer[] }> {
    const p = period(day);
    for (const [i, name] of names.entries()) {
      const unit = await createTestUnit(db.orm, { name });
      await setBankAccount(db, TEST_SECRETS, { driverId: unit.id, holder: name, iban: 'DE89370400440532013000', changedBy: 'ops' });
      await appendBilledRide(db.orm, {
        bookingId: `bkg_bs_${day}_${i}`,
        accountId: 'acct_rider',
        grossMinor: 10_000 + 1_000 * i,
        at: `2026-04-${day}T08:00:00Z`,
        unit: { id: unit.id, driverName: name },
      });
    }
    await closePeriod(db.orm, p);
    for (const target of await settlementTargets(db.orm, p)) await issueSettlement(db.orm, p, target);
    const payouts = testPayouts(db.orm, { provider: 'sepa', debtor: DEBTOR });
    await createFinanceActivities({ orm: db.orm, payouts }).payOutSettlements(p);
    const [{ number }] = await sql<{ number: string }>('select number from payout_files order by number desc limit 1');
    const file = await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], number);
    return { number, filed: transfersOf(file!.xml) };
  }

  const post = (path: string, body: string, key = writeKey, type = 'application/xml') =>
    fetch(`${hub.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': type }, body }).then(
      async (r) => ({ status: r.status, json: (await r.json()) as Record<string, any> }), // eslint-disable-line @typescript-eslint/no-explicit-any
    );
  const importing = (xml: string, key = writeKey) => post('/api/public/v1/bank-statements', xml, key);
  const statusOf = async (payout: string) =>
    (
      await sql<{ status: string; failure_reason: string | null }>(
        'select s.status, s.failure_reason from settlements s join bank_transfers t on t.settlement_id = s.id where t.id = ?',
        [payout],
      )
    )[0];
  const sum = (ts: FiledTransfer[]) => ts.reduce((s, t) => s + t.amountMinor, 0n);

  it('refuses a statement of another account, and stores nothing', async () => {
    const other = bankStatement({ messageId: 'STMT-OTHER', iban: 'DE89370400440532013000', entries: [] });
    expect(await importing(other)).toMatchObject({
      status: 422,
      json: { code: 'bank_statement_wrong_account', account: 'DE** **** **** **** **30 00', detail: expect.stringContaining('FR** **** ') },
    });
    expect((await getJson(`${hub.baseUrl}/api/public/v1/bank-statements`, readKey)).json.data).toEqual([]);
  });

  it('a batch booked as one debit pays every payout of its file; one that disagrees waits for a person, who resolves it once', async () => {
    const one = await payoutFile('01', ['Ana', 'Ben']);
    const two = await payoutFile('02', ['Cy', 'Dee', 'Eve']);
    // camt.053.001.08, batch by the file's MsgId, no details: count and total agree.
    const booked = await importing(
      bankStatement({
        messageId: 'STMT-B1',
        iban: DEBTOR.iban,
        entries: [{ batch: { messageId: one.number, count: 2, totalMinor: sum(one.filed) } }],
      }),
    );
    expect(booked).toMatchObject({
      status: 200,
      json: { paid: 2, lines: [{ outcome: 'paid', payouts: one.filed.map((t) => t.endToEndId).sort() }] },
    });
    for (const t of one.filed) expect(await statusOf(t.endToEndId)).toMatchObject({ status: 'paid' });

    // camt.053.001.02, batch by PmtInfId, a count that disagrees: nothing paid, the line needs review.
    const doubtful = bankStatement({
      message: 'camt.053.001.02',
      messageId: 'STMT-B2',
      iban: DEBTOR.iban,
      entries: [{ batch: { paymentInfoId: two.number, count: 2, totalMinor: sum(two.filed) } }],
    });
    const review = await importing(doubtful);
    expect(review).toMatchObject({
      status: 200,
      json: { statement: { message: 'camt.053.001.02' }, paid: 0, lines: [{ outcome: 'needs_review' }] },
    });
    for (const t of two.filed) expect(await statusOf(t.endToEndId)).toMatchObject({ status: 'pending' });

    const open = await getJson(`${hub.baseUrl}/api/public/v1/bank-statements?open=true`, readKey);
    expect(open.json.data).toEqual([
      expect.objectContaining({ id: review.json.statement.id, open_lines: 1, account: 'FR** **** **** **** **** ***0 189' }),
    ]);
    const detail = await getJson(`${hub.baseUrl}/api/public/v1/bank-statements/${review.json.statement.id}`, readKey);
    const [line] = detail.json.lines;
    expect(line).toMatchObject({
      outcome: 'needs_review',
      batch: two.number,
      payouts: two.filed.map((t) => t.endToEndId).sort(),
      amount: Number(sum(two.filed)) / 100,
      expected: Number(sum(two.filed)) / 100,
      reason: expect.stringContaining('books 2 transfers'),
      resolution: null,
    });

    // Resolved by hand: the payouts are paid, the line says who and why; the same again changes nothing, another answer is 409.
    const resolve = (body: unknown, key = writeKey) =>
      post(`/api/public/v1/bank-statement-lines/${line.id}/resolve`, JSON.stringify(body), key, 'application/json');
    const ask = { outcome: 'matched', payouts: line.payouts, note: 'The bank counted a recalled transfer; confirmed by phone' };
    expect((await resolve(ask, readKey)).status).toBe(403);
    expect((await resolve({ ...ask, payouts: [] })).status).toBe(409);
    const resolved = await resolve(ask);
    expect(resolved).toMatchObject({
      status: 200,
      json: { outcome: 'needs_review', resolution: { outcome: 'matched', by: expect.stringMatching(/^api_key:/), note: ask.note } },
    });
    for (const t of two.filed) expect(await statusOf(t.endToEndId)).toMatchObject({ status: 'paid' });
    expect((await resolve(ask)).json.resolution.at).toBe(resolved.json.resolution.at);
    expect(await resolve({ ...ask, outcome: 'ignored', payouts: [] })).toMatchObject({ status: 409, json: { code: 'conflict' } });
    expect((await getJson(`${hub.baseUrl}/api/public/v1/bank-statements?open=true`, readKey)).json.data).toEqual([]);

    // The same file again changes nothing and stores nothing more.
    expect(await importing(doubtful)).toMatchObject({
      status: 200,
      json: { statement: { duplicate: true, id: review.json.statement.id } },
    });
    expect(await sql('select count(*)::int as n from bank_statement_lines')).toEqual([{ n: 2 }]);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/bank-statements`, corporateKey)).json.code).toBe('account_kind_forbidden');
    expect((await getJson(`${hub.baseUrl}/api/public/v1/bank-statements/bst_00000000000000000000000000`, readKey)).status).toBe(404);
  });

  it('returns by code only, short returns and reversals come back as returned with their reason, `unknown` when none', async () => {
    const f = await payoutFile('03', ['Fay', 'Gus', 'Hal']);
    const [a, b, c] = f.filed as [FiledTransfer, FiledTransfer, FiledTransfer];
    await importing(bankStatement({ messageId: 'STMT-R0', iban: DEBTOR.iban, entries: [{ ...c, outcome: 'booked' }] }));
    const xml = bankStatement({
      message: 'camt.053.001.02',
      messageId: 'STMT-R1',
      iban: DEBTOR.iban,
      entries: [
        { ...a, outcome: { returned: null } },
        { ...b, amountMinor: b.amountMinor - 500n, outcome: { returned: 'FOCR', info: 'Recall, fee 5.00' } },
        { ...c, outcome: 'reversed' },
        { endToEndId: 'NOT-OURS-9', amountMinor: 100n, outcome: 'booked' },
      ],
    });
    const imported = await importing(xml);
    expect(imported.json).toMatchObject({ returned: 3, paid: 0 });
    const detail = await getJson(`${hub.baseUrl}/api/public/v1/bank-statements/${imported.json.statement.id}`, readKey);
    expect(
      detail.json.lines.map((l: { outcome: string; reason: string | null; difference: number | null }) => [
        l.outcome,
        l.reason,
        l.difference,
      ]),
    ).toEqual([
      ['returned', 'unknown', null],
      ['returned', 'FOCR', 5],
      ['reversed', 'unknown', null],
      ['unmatched', null, null],
    ]);
    expect(await statusOf(a.endToEndId)).toEqual({ status: 'returned', failure_reason: 'unknown' });
    expect(await statusOf(b.endToEndId)).toEqual({ status: 'returned', failure_reason: 'FOCR' });
    expect(await statusOf(c.endToEndId)).toEqual({ status: 'returned', failure_reason: 'unknown' });
    expect(await sql('select returned_minor from bank_transfers where id = ?', [b.endToEndId])).toEqual([
      { returned_minor: String(b.amountMinor - 500n) },
    ]);

    // The CLI lists, shows and resolves: the unmatched line is dismissed by a named person, with why.
    const listed = await hubJson('finance', 'statements', '--open');
    expect(listed).toEqual([expect.objectContaining({ id: imported.json.statement.id, open_lines: 1 })]);
    const shown = await cli('finance', 'statement', imported.json.statement.id);
    expect(shown.stdout).toMatch(/unmatched/);
    const unmatched = detail.json.lines[3].id;
    const done = await hubJson(
      'finance',
      'resolve-line',
      unmatched,
      '--outcome',
      'ignored',
      '--by',
      'ana@treasury',
      '--note',
      'A supplier, not a payout',
    );
    expect(done).toMatchObject({ resolution: { outcome: 'ignored', by: 'ana@treasury', note: 'A supplier, not a payout' } });
    expect(await hubJson('finance', 'statements', '--open')).toEqual([]);
    expect(
      await cli(
        'finance',
        'resolve-line',
        detail.json.lines[0].id,
        '--outcome',
        'matched',
        '--payouts',
        a.endToEndId,
        '--by',
        'x',
        '--note',
        'y',
      ),
    ).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('only lines needing review'),
    });
  });

  it('reads pain.002.001.03 and camt.053.001.02 from the CLI as well', async () => {
    const f = await payoutFile('04', ['Ivy']);
    const dir = mkdtempSync(join(tmpdir(), 'stmt-'));
    const report = join(dir, 'pain002v3.xml');
    writeFileSync(
      report,
      statusReport({ message: 'pain.002.001.03', messageId: 'PSR-V3', originalMessageId: f.number, groupStatus: 'ACCP' }),
    );
    expect(await hubJson('finance', 'import-statement', report)).toMatchObject({
      statement: { message: 'pain.002.001.03', original_message_id: f.number, group_status: 'ACCP' },
      status_recorded: 1,
    });
    const camt = join(dir, 'camt053v2.xml');
    writeFileSync(
      camt,
      bankStatement({
        message: 'camt.053.001.02',
        messageId: 'STMT-V2',
        iban: DEBTOR.iban,
        entries: [{ ...f.filed[0]!, outcome: 'booked' }],
      }),
    );
    expect(await hubJson('finance', 'import-statement', camt)).toMatchObject({ statement: { message: 'camt.053.001.02' }, paid: 1 });
    writeFileSync(camt, bankStatement({ message: 'camt.053.001.02', messageId: 'STMT-V2-X', iban: 'NL91ABNA0417164300', entries: [] }));
    expect(await cli('finance', 'import-statement', camt)).toMatchObject({ code: 1, stderr: expect.stringContaining('NL** ****') });
  });
});
