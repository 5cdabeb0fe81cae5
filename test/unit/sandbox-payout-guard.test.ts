import { isValidIBAN } from 'ibantools';
import { isSandboxIban, payoutFileEnvironmentProblem, SANDBOX_DEBTOR, sandboxTestIban } from '../../domain/bank-accounts';
import type { SepaBatch, SepaParty } from '../../domain/sepa';
import { PAIN_001, painXml, schemaErrors } from '../../infra/iso20022';

const COMPANY: SepaParty = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' };
const REAL_PAYEE: SepaParty = { name: 'Zoe Muller', iban: 'DE89370400440532013000', bic: null };
const STAND_IN: SepaParty = { name: 'Sam Sandbox', iban: sandboxTestIban('sandbox:LIC-FR-1'), bic: null };

const batch = (debtor: SepaParty, creditor: SepaParty, number = 'PF-TEST-2026-000001'): SepaBatch => ({
  messageId: number,
  createdAt: '2026-12-07T06:00:00Z',
  executionDate: '2026-12-08',
  debtor,
  transfers: [{ endToEndId: 'ST-TEST-2026-000001:1', amountMinor: 8_000n, creditor, remittance: 'ST-TEST-2026-000001 2026-11' }],
});

describe('sandbox payout files: a range no bank holds, and a writer that keeps the environments apart', () => {
  it('the sandbox range fails mod-97 at a bank code no bank has, yet matches the schema', async () => {
    for (const iban of [SANDBOX_DEBTOR.iban, STAND_IN.iban, sandboxTestIban('sandbox:LIC-DE-2')]) {
      expect(iban).toMatch(/^DE0000000000\d{10}$/);
      expect(isValidIBAN(iban)).toBe(false);
      expect(isSandboxIban(iban)).toBe(true);
    }
    expect(sandboxTestIban('sandbox:LIC-FR-1')).toBe(STAND_IN.iban);
    expect(sandboxTestIban('sandbox:LIC-FR-2')).not.toBe(STAND_IN.iban);
    for (const real of [COMPANY.iban, REAL_PAYEE.iban, 'NO9386011117947']) expect(isSandboxIban(real)).toBe(false);
    expect(await schemaErrors(painXml(batch(SANDBOX_DEBTOR, STAND_IN)), PAIN_001)).toEqual([]);
  });

  it('accepts a sandbox file of the sandbox range and a live file of real accounts', () => {
    expect(payoutFileEnvironmentProblem(batch(SANDBOX_DEBTOR, STAND_IN), false)).toBeNull();
    expect(payoutFileEnvironmentProblem(batch(COMPANY, REAL_PAYEE, 'PF-2026-000001'), true)).toBeNull();
  });

  it('refuses the company’s account, a real payee or a bank in a sandbox file', () => {
    expect(payoutFileEnvironmentProblem(batch(COMPANY, STAND_IN), false)).toMatch(/must be drawn on DE\*\*/);
    expect(payoutFileEnvironmentProblem(batch(SANDBOX_DEBTOR, REAL_PAYEE), false)).toBe(
      'a sandbox payout file names the account DE** **** **** **** **30 00, outside the sandbox range',
    );
    expect(payoutFileEnvironmentProblem(batch(SANDBOX_DEBTOR, { ...STAND_IN, bic: 'COBADEFFXXX' }), false)).toMatch(/no bank/);
    expect(payoutFileEnvironmentProblem(batch({ ...SANDBOX_DEBTOR, bic: 'AGRIFRPP' }, STAND_IN), false)).toMatch(/no bank/);
  });

  it('refuses a sandbox account in a live file, as debtor or payee', () => {
    expect(payoutFileEnvironmentProblem(batch(SANDBOX_DEBTOR, REAL_PAYEE, 'PF-2026-000001'), true)).toMatch(/live payout file names/);
    expect(payoutFileEnvironmentProblem(batch(COMPANY, STAND_IN, 'PF-2026-000001'), true)).toMatch(/live payout file names/);
  });
});
