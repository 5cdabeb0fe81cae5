import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { XMLParser } from 'fast-xml-parser';
import { isValidIBAN } from 'ibantools';
import { setBankAccount } from '../../app/bank-accounts';
import { importStatement } from '../../app/bank-statements';
import { reissuePayouts } from '../../app/payout-reissue';
import type { PeriodRef } from '../../contracts/finance';
import { findPayoutFile } from '../../db/payout-files';
import { isSandboxIban, SANDBOX_DEBTOR } from '../../domain/bank-accounts';
import { PAIN_001, schemaErrors } from '../../infra/iso20022';
import { appendBilledRide } from '../../stack/billed-rides';
import { bankStatement, transfersOf } from '../../stack/mock-bank';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestUnit } from '../support/fleet';
import { createTestWorkers, TEST_SECRETS } from '../support/hub';
import { runSettlementCycle } from '../support/payouts';

const PERIOD: PeriodRef = { id: '2026-09', start: '2026-09-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' };
/** The company's real account, as PAYOUT_DEBTOR_IBAN gives it (and a real bank's BIC). */
const DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' };
/** A real account a sandbox driver may well type in while an integrator tries the driver app. */
const REAL_IBAN = 'DE89370400440532013000';
const REAL_BIC = 'COBADEFFXXX';

/** Every value of every element named `name`, anywhere in a parsed document. */
function valuesOf(node: unknown, name: string): string[] {
  if (Array.isArray(node)) return node.flatMap((n) => valuesOf(n, name));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === name ? [value].flat().map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) : valuesOf(value, name),
  );
}

/**
 * Sandbox payouts cannot move money: every `PF-TEST-` file the settlement cycle and a re-issue write names no real
 * account and no bank, whatever the sandbox drivers stored, while the live file of the same run is drawn on the
 * company's account. Parses every sandbox file there is.
 */
describe('sandbox payout files are not bank-executable', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  const sql = sqlOn(() => db);
  const parser = new XMLParser({ parseTagValue: false });

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db, { payouts: { provider: 'sepa', debtor: DEBTOR } }));
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('the cycle and a re-issue write sandbox files drawn on the sandbox account, every IBAN failing mod-97, no BIC', async () => {
    const live = await createTestUnit(db.orm, { name: 'Lena Live' });
    await setBankAccount(db, TEST_SECRETS, { driverId: live.id, holder: 'Lena Live', iban: 'NL91ABNA0417164300', changedBy: 'ops' });
    // One sandbox driver with no account, one who stored a real one (with its bank's BIC); a sandbox ride's driver is
    // `sandbox:<licence>`, and the billed rides' licence is `LIC-<unit>`.
    const [bare, stored] = ['FR-1001', 'DE-2002'];
    const sandboxDriver = (unit: string) => `sandbox:LIC-${unit}`;
    await setBankAccount(db, TEST_SECRETS, {
      driverId: sandboxDriver(stored),
      holder: 'Sam Stored',
      iban: REAL_IBAN,
      bic: REAL_BIC,
      changedBy: 'driver',
    });
    const rides = [
      { id: live.id, name: 'Lena Live', live: true },
      { id: bare, name: 'Bea Bare', live: false },
      { id: stored, name: 'Sam Stored', live: false },
    ];
    for (const [i, r] of rides.entries()) {
      await appendBilledRide(db.orm, {
        bookingId: `bkg_sbx_${i}`,
        accountId: 'acct_rider',
        grossMinor: 9_000 + i * 1_000,
        at: '2026-09-10T08:00:00Z',
        live: r.live,
        unit: { id: r.id, driverName: r.name },
      });
    }

    const summary = await runSettlementCycle(env, PERIOD);
    expect(summary.payouts.map((p) => p.status)).toEqual(Array(3).fill('submitted'));
    const files = () => sql<{ number: string; livemode: boolean }>('select number, livemode from payout_files order by number');
    const [liveFile, sandboxFile] = [(await files()).find((f) => f.livemode)!, (await files()).find((f) => !f.livemode)!];
    expect(sandboxFile.number).toMatch(/^PF-TEST-/);

    // The live file of the same run: drawn on the company's account, paying the live driver's real account.
    const liveXml = (await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], liveFile.number))!.xml;
    expect(valuesOf(parser.parse(liveXml), 'IBAN')).toEqual([DEBTOR.iban, 'NL91ABNA0417164300']);

    // A sandbox statement is of the sandbox account: one of the company's account is refused for sandbox.
    const sandboxTransfers = transfersOf((await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], sandboxFile.number))!.xml);
    const [storedSettlement] = await sql<{ payout_key: string }>('select payout_key from settlements where driver_id = ?', [
      sandboxDriver(stored),
    ]);
    const returned = sandboxTransfers.find((t) => t.endToEndId === storedSettlement!.payout_key)!;
    const statementOf = (iban: string) =>
      bankStatement({ messageId: `STMT-SBX-${iban.slice(0, 4)}`, iban, entries: [{ ...returned, outcome: { returned: 'AM04' } }] });
    const deps = { orm: db.orm, debtorIban: DEBTOR.iban };
    await expect(importStatement(deps, { xml: statementOf(DEBTOR.iban), livemode: false })).rejects.toMatchObject({
      code: 'bank_statement_wrong_account',
    });
    expect(await importStatement(deps, { xml: statementOf(SANDBOX_DEBTOR.iban), livemode: false })).toMatchObject({ returned: 1 });
    // Re-issued at once: a second sandbox file.
    const reissued = await reissuePayouts(
      { orm: db.orm, keys: [TEST_SECRETS.encryptionKey], payouts: { provider: 'sepa', debtor: DEBTOR } },
      { payoutId: returned.endToEndId, by: 'ops@test', note: 'rehearsal' },
    );
    expect(reissued.files).toEqual([expect.objectContaining({ livemode: false, transactions: 1 })]);

    const sandboxFiles = (await files()).filter((f) => !f.livemode);
    expect(sandboxFiles).toHaveLength(2);
    for (const { number } of sandboxFiles) {
      const file = (await findPayoutFile(db.orm, [TEST_SECRETS.encryptionKey], number, false))!;
      expect(await schemaErrors(file.xml, PAIN_001)).toEqual([]);
      const doc = parser.parse(file.xml);
      const ibans = valuesOf(doc, 'IBAN');
      expect(ibans.length).toBeGreaterThanOrEqual(2);
      expect(ibans[0]).toBe(SANDBOX_DEBTOR.iban);
      for (const iban of ibans) {
        expect(iban).not.toBe(DEBTOR.iban);
        expect(iban).not.toBe(REAL_IBAN);
        expect(isValidIBAN(iban)).toBe(false);
        expect(isSandboxIban(iban)).toBe(true);
      }
      // No bank named anywhere: neither the company's nor the driver's BIC, nor any other.
      expect(valuesOf(doc, 'BICFI')).toEqual([]);
      expect(file.xml).not.toContain(DEBTOR.bic);
      expect(file.xml).not.toContain(REAL_BIC);
      expect(valuesOf(doc, 'Nm')).toContain(SANDBOX_DEBTOR.name);
      expect(valuesOf(doc, 'Nm')).not.toContain(DEBTOR.name);
      // Marked as a test at every level a bank's upload shows: message, payment and each transfer's id.
      for (const id of [...valuesOf(doc, 'MsgId'), ...valuesOf(doc, 'PmtInfId'), ...valuesOf(doc, 'EndToEndId')]) {
        expect(id).toContain('TEST');
      }
      expect(file.debtor_iban_masked).toBe('DE** **** **** **** **00 00');
    }
  });
});
