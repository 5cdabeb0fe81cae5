import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidIBAN } from 'ibantools';
import { createFinanceActivities } from '../../activities/finance';
import { setBankAccount } from '../../app/bank-accounts';
import type { PeriodRef } from '../../contracts/finance';
import { closePeriod } from '../../db/finance';
import { issueSettlement, settlementTargets } from '../../db/settlements';
import { PAIN_001, schemaErrors } from '../../infra/iso20022';
import { testPayouts } from '../support/payouts';
import { appendBilledRide } from '../../stack/billed-rides';
import { bankStatement, statusReport, transfersOf } from '../../stack/mock-bank';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { maskIban, SANDBOX_DEBTOR, sandboxTestIban } from '../../domain/bank-accounts';
import { decryptSecret } from '../../infra/secrets';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { hubCli } from '../support/cli';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { findPayoutFile } from '../../db/payout-files';

const MAY: PeriodRef = { id: '2026-05', start: '2026-05-01T00:00:00.000Z', end: '2026-06-01T00:00:00.000Z' };
const DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: null };

describe('SEPA payouts: bank accounts, payout files, bank statements', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let operatorKey: string;
  const sql = sqlOn(() => db);
  const { hub: cli, hubJson } = hubCli(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    operatorKey = (
      await createApiKey(db.orm, TEST_SECRETS, {
        accountId: operator,
        environment: 'live',
        label: 't',
        scopes: ['payments.read', 'payouts.read'],
      })
    ).key;
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function put(path: string, credential: string, body: unknown) {
    const res = await fetch(`${hub.baseUrl}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }

  describe('bank accounts', () => {
    it('masks an IBAN as finance teams read it, and gives each sandbox driver a stand-in no bank holds', () => {
      expect(maskIban('DE89370400440532013000')).toBe('DE** **** **** **** **30 00');
      expect(maskIban('NL91ABNA0417164300')).toBe('NL** **** **** **43 00');
      const iban = sandboxTestIban('sandbox:FR-123456');
      expect(iban).toMatch(/^DE0000000000\d{10}$/);
      expect(isValidIBAN(iban)).toBe(false);
      expect(sandboxTestIban('sandbox:FR-123456')).toBe(iban);
      expect(sandboxTestIban('sandbox:FR-654321')).not.toBe(iban);
    });

    it('the driver records their own account: IBAN validated, stored encrypted, shown masked', async () => {
      const unit = await createTestUnit(db.orm, { name: 'Zoë Müller' });
      expect((await getJson(`${hub.baseUrl}/driver/v1/bank-account`, unit.credential)).status).toBe(404);

      const wrong = await put('/driver/v1/bank-account', unit.credential, { holder: 'Zoë Müller', iban: 'DE89 3704 0044 0532 0130 01' });
      expect(wrong).toMatchObject({
        status: 422,
        json: { code: 'validation_failed', param: 'iban', detail: expect.stringContaining('mod-97') },
      });
      const short = await put('/driver/v1/bank-account', unit.credential, { holder: 'Zoë Müller', iban: 'DE89 3704 0044 0532 0130' });
      expect(short).toMatchObject({ status: 422, json: { param: 'iban', detail: expect.stringContaining('length') } });
      const badBic = await put('/driver/v1/bank-account', unit.credential, { holder: 'Zoë', iban: 'DE89370400440532013000', bic: 'XX' });
      expect(badBic).toMatchObject({ status: 422, json: { param: 'bic' } });
      const notLatin = await put('/driver/v1/bank-account', unit.credential, { holder: '李小龙', iban: 'DE89370400440532013000' });
      expect(notLatin).toMatchObject({ status: 422, json: { param: 'holder' } });

      const ok = await put('/driver/v1/bank-account', unit.credential, {
        holder: 'Zoë Müller',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      });
      expect(ok).toMatchObject({
        status: 200,
        json: { driver: unit.id, holder: 'Zoë Müller', iban: 'DE** **** **** **** **30 00', country: 'DE', bic: 'COBADEFFXXX' },
      });
      expect((await getJson(`${hub.baseUrl}/driver/v1/bank-account`, unit.credential)).json).toEqual(ok.json);

      const [row] = await sql<{ iban_enc: string }>('select iban_enc from driver_bank_accounts where driver_id = ?', [unit.id]);
      expect(row.iban_enc).not.toContain('3704');
      expect(decryptSecret(row.iban_enc, TEST_SECRETS.encryptionKey, `bank-account:${unit.id}`)).toBe('DE89370400440532013000');
      // Sealed to its driver: the ciphertext does not open as another driver's.
      expect(() => decryptSecret(row.iban_enc, TEST_SECRETS.encryptionKey, 'bank-account:unit_other')).toThrow();
    });

    it('ops set and show a driver’s account with `hub fleet bank-account`', async () => {
      const unit = await createTestUnit(db.orm);
      const set = await hubJson(
        'fleet',
        'bank-account',
        'set',
        unit.id,
        '--holder',
        'Jean Dupont',
        '--iban',
        'FR76 3000 6000 0112 3456 7890 189',
      );
      expect(set).toMatchObject({ driver: unit.id, iban: 'FR** **** **** **** **** ***0 189', bic: null });
      expect(await hubJson('fleet', 'bank-account', 'show', unit.id)).toEqual(set);
      const shown = await cli('fleet', 'bank-account', 'show', unit.id);
      expect(shown.stdout).toContain('FR** **** **** **** **** ***0 189');
      expect(shown.stdout).not.toContain('3456');
      const bad = await cli('fleet', 'bank-account', 'set', unit.id, '--holder', 'J', '--iban', 'FR00');
      expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('IBAN') });
      expect(await cli('fleet', 'bank-account', 'set', 'unit_nobody', '--holder', 'J', '--iban', 'DE89370400440532013000')).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No fleet unit'),
      });
      expect((await cli('fleet', 'bank-account', 'show', 'sandbox:XX-1')).code).toBe(1);
    });
  });

  describe('payout files and bank statements', () => {
    let file: { id: string; number: string };
    let filed: { endToEndId: string; amountMinor: bigint }[];
    let writeKey: string;
    let corporateKey: string;

    beforeAll(async () => {
      const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP 2', 'operator')).accountId;
      writeKey = (
        await createApiKey(db.orm, TEST_SECRETS, { accountId: operator, environment: 'live', label: 'w', scopes: ['payouts.write'] })
      ).key;
      const corporate = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
      corporateKey = (
        await createApiKey(db.orm, TEST_SECRETS, {
          accountId: corporate,
          environment: 'live',
          label: 'c',
          scopes: ['payments.read', 'payouts.write'],
        })
      ).key;
      const units = [await createTestUnit(db.orm, { name: 'Ann' }), await createTestUnit(db.orm, { name: 'Ben' })];
      for (const [i, u] of units.entries()) {
        await setBankAccount(db, TEST_SECRETS, { driverId: u.id, holder: `Driver ${i}`, iban: 'DE89370400440532013000', changedBy: 'ops' });
        await appendBilledRide(db.orm, {
          bookingId: `bkg_pf_${i}`,
          accountId: 'acct_rider',
          grossMinor: 11_000,
          at: '2026-05-03T08:00:00Z',
          unit: { id: u.id, driverName: `Driver ${i}` },
        });
      }
      await closePeriod(db.orm, MAY);
      for (const target of await settlementTargets(db.orm, MAY)) await issueSettlement(db.orm, MAY, target);
      const payouts = testPayouts(db.orm, { provider: 'sepa', debtor: DEBTOR });
      await createFinanceActivities({ orm: db.orm, payouts }).payOutSettlements(MAY);
      const list = await getJson(`${hub.baseUrl}/api/public/v1/payout-files`, operatorKey);
      expect(list.status).toBe(200);
      expect(list.json.data).toEqual([
        expect.objectContaining({
          format: 'pain.001.001.09',
          transactions: 2,
          control_sum: 160,
          currency: 'EUR',
          debtor_iban: 'FR** **** **** **** **** ***0 189',
          livemode: true,
        }),
      ]);
      file = list.json.data[0];
      const xml = await fetch(`${hub.baseUrl}/api/public/v1/payout-files/${file.number}`, {
        headers: { authorization: `Bearer ${operatorKey}` },
      });
      expect(xml.headers.get('content-type')).toContain('application/xml');
      filed = transfersOf(await xml.text());
    });

    const post = (body: string, key = writeKey, type = 'application/xml') =>
      fetch(`${hub.baseUrl}/api/public/v1/bank-statements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
        body,
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, any> })); // eslint-disable-line @typescript-eslint/no-explicit-any

    it('serves each file, as written, to operator keys only', async () => {
      const one = await fetch(`${hub.baseUrl}/api/public/v1/payout-files/${file.id}`, {
        headers: { authorization: `Bearer ${operatorKey}` },
      });
      const text = await one.text();
      expect(createHash('sha256').update(text).digest('hex')).toBe((file as unknown as { sha256: string }).sha256);
      expect(await schemaErrors(text, PAIN_001)).toEqual([]);
      expect((await getJson(`${hub.baseUrl}/api/public/v1/payout-files`, corporateKey)).status).toBe(403);
      expect((await getJson(`${hub.baseUrl}/api/public/v1/payout-files/PF-1999-000001`, operatorKey)).status).toBe(404);
      const cliFile = await cli('finance', 'payout-file', file.number);
      expect(cliFile.code).toBe(0);
      expect(cliFile.stdout.trim()).toBe(text.trim());
    });

    it('imports a statement: paid and returned once, unmatched listed; a schema-invalid file is 422 naming its first error', async () => {
      const statement = bankStatement({
        messageId: 'STMT-1',
        iban: DEBTOR.iban,
        entries: [
          { ...filed[0]!, outcome: 'booked' },
          { ...filed[1]!, outcome: { returned: 'AC01' } },
          { endToEndId: 'NOT-OURS', amountMinor: 5n, outcome: 'booked' },
        ],
      });
      const first = await post(statement);
      expect(first).toMatchObject({
        status: 200,
        json: { paid: 1, returned: 1, unchanged: 0, unmatched: [{ entry: 3, end_to_end_id: 'NOT-OURS', amount: 0.05 }] },
      });
      const settlements = await getJson(`${hub.baseUrl}/api/public/v1/settlements?period=2026-05`, operatorKey);
      expect(
        settlements.json.data.map((s: { status: string; failure_reason: string | null }) => [s.status, s.failure_reason]).sort(),
      ).toEqual([
        ['paid', null],
        ['returned', 'AC01'],
      ]);
      expect(await post(statement)).toMatchObject({
        status: 200,
        json: { paid: 0, returned: 0, unchanged: 2, statement: { duplicate: true } },
      });

      const invalid = await post(statement.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DEBIT</CdtDbtInd>'));
      expect(invalid).toMatchObject({
        status: 422,
        json: { code: 'bank_file_invalid', detail: expect.stringMatching(/camt\.053\.001\.08 schema, line \d+: .*CdtDbtInd/) },
      });
      expect(await post('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>')).toMatchObject({
        status: 422,
        json: { code: 'bank_file_invalid', detail: expect.stringContaining('declares pain.001.001.09') },
      });
      expect((await post(statement, writeKey, 'application/json')).status).toBe(415);
      expect((await post(statement, operatorKey)).status).toBe(403); // payments.read only
      expect((await post(statement, corporateKey)).json.code).toBe('account_kind_forbidden');
    });

    it('imports a pain.002 status report: statuses recorded, unknown ids listed, a schema-invalid report 422', async () => {
      const report = statusReport({
        messageId: 'PSR-API-1',
        originalMessageId: file.number,
        groupStatus: 'PART',
        transactions: [
          { endToEndId: filed[0]!.endToEndId, status: 'ACSC' },
          { endToEndId: filed[1]!.endToEndId, status: 'RJCT', reason: 'AC01' },
          { endToEndId: 'NOT-OURS-2', status: 'RJCT', reason: 'AC04' },
        ],
      });
      const imported = await post(report);
      expect(imported).toMatchObject({
        status: 200,
        json: {
          statement: { message: 'pain.002.001.10', original_message_id: file.number, group_status: 'PART', duplicate: false },
          paid: 0,
          returned: 0, // the statement above already returned it
          unchanged: 1,
          status_recorded: 1,
          unmatched: [{ entry: 3, end_to_end_id: 'NOT-OURS-2', amount: null }],
        },
      });
      expect(imported.json.lines[0]).toMatchObject({ outcome: 'status_recorded', status: 'ACSC', amount: 80 });
      expect((await post(report)).json.statement.duplicate).toBe(true);
      const invalid = await post(report.replace('<TxSts>ACSC</TxSts>', '<TxSts>SETTLED</TxSts>'));
      expect(invalid).toMatchObject({
        status: 422,
        json: { code: 'bank_file_invalid', detail: expect.stringMatching(/pain\.002\.001\.10 schema, line \d+: .*TxSts/) },
      });
    });

    it('a sandbox settlement takes the same path into the test series, drawn on the sandbox account, paid into its driver’s stand-in', async () => {
      const JUNE: PeriodRef = { id: '2026-06', start: '2026-06-01T00:00:00.000Z', end: '2026-07-01T00:00:00.000Z' };
      await appendBilledRide(db.orm, {
        bookingId: 'bkg_pf_sandbox',
        accountId: 'acct_rider',
        grossMinor: 5_500,
        at: '2026-06-03T08:00:00Z',
        live: false,
        unit: { id: 'sandbox:FR-777', driverName: 'Sam Sandbox' },
      });
      await closePeriod(db.orm, JUNE);
      for (const target of await settlementTargets(db.orm, JUNE)) await issueSettlement(db.orm, JUNE, target);
      const payouts = testPayouts(db.orm, { provider: 'sepa', debtor: DEBTOR });
      await createFinanceActivities({ orm: db.orm, payouts }).payOutSettlements(JUNE);
      const [{ number }] = await sql<{ number: string }>('select number from payout_files where livemode = false');
      const row = await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], number, false);
      expect(row!.number).toMatch(/^PF-TEST-\d{4}-000001$/);
      const [{ driver_id }] = await sql<{ driver_id: string }>('select driver_id from settlements where livemode = false');
      expect(driver_id).toMatch(/^sandbox:/);
      expect(row!.xml.match(/<IBAN>[A-Z0-9]+<\/IBAN>/g)).toEqual([
        `<IBAN>${SANDBOX_DEBTOR.iban}</IBAN>`,
        `<IBAN>${sandboxTestIban(driver_id)}</IBAN>`,
      ]);
      expect(await schemaErrors(row!.xml, PAIN_001)).toEqual([]);
      // A live key does not see the test series.
      const live = await getJson(`${hub.baseUrl}/api/public/v1/payout-files/${row!.number}`, operatorKey);
      expect(live.status).toBe(404);
    });

    it('`hub finance import-statement` imports a file for the environment given', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'stmt-'));
      const path = join(dir, 'camt054.xml');
      writeFileSync(
        path,
        bankStatement({
          message: 'camt.054.001.08',
          messageId: 'NTF-1',
          iban: DEBTOR.iban,
          entries: [{ ...filed[0]!, outcome: 'booked' }],
        }),
      );
      const live = await hubJson('finance', 'import-statement', path);
      expect(live).toMatchObject({ statement: { message: 'camt.054.001.08', livemode: true }, unchanged: 1 });
      const test = await hubJson('finance', 'import-statement', path, '--env', 'test');
      expect(test).toMatchObject({ statement: { livemode: false }, unchanged: 0, unmatched: [expect.objectContaining({ entry: 1 })] });
      const reportPath = join(dir, 'pain002.xml');
      writeFileSync(
        reportPath,
        statusReport({
          messageId: 'PSR-CLI-1',
          originalMessageId: file.number,
          transactions: [{ endToEndId: filed[0]!.endToEndId, status: 'ACCP' }],
        }),
      );
      expect(await hubJson('finance', 'import-statement', reportPath)).toMatchObject({
        statement: { message: 'pain.002.001.10', original_message_id: file.number },
        status_recorded: 1,
      });
      writeFileSync(path, '<x/>');
      expect(await cli('finance', 'import-statement', path)).toMatchObject({ code: 1, stderr: expect.stringContaining('camt.053.001.08') });
    });
  });
});
