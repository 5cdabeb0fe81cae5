import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { isValidIBAN } from 'ibantools';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { maskIban, sandboxTestIban } from '../../domain/bank-accounts';
import { decryptSecret } from '../../infra/secrets';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { hubCli } from '../support/cli';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';

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
      await createApiKey(db.orm, TEST_SECRETS, { accountId: operator, environment: 'live', label: 't', scopes: ['payments.read'] })
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
    it('masks an IBAN as finance teams read it, and gives each sandbox driver a valid test IBAN', () => {
      expect(maskIban('DE89370400440532013000')).toBe('DE89 **** **** **** **30 00');
      expect(maskIban('NL91ABNA0417164300')).toBe('NL91 **** **** **43 00');
      const iban = sandboxTestIban('sandbox:FR-123456');
      expect(isValidIBAN(iban)).toBe(true);
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
        json: { driver: unit.id, holder: 'Zoë Müller', iban: 'DE89 **** **** **** **30 00', country: 'DE', bic: 'COBADEFFXXX' },
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
      expect(set).toMatchObject({ driver: unit.id, iban: 'FR76 **** **** **** **** ***0 189', bic: null });
      expect(await hubJson('fleet', 'bank-account', 'show', unit.id)).toEqual(set);
      const shown = await cli('fleet', 'bank-account', 'show', unit.id);
      expect(shown.stdout).toContain('FR76 **** **** **** **** ***0 189');
      expect(shown.stdout).not.toContain('3456');
      const bad = await cli('fleet', 'bank-account', 'set', unit.id, '--holder', 'J', '--iban', 'FR00');
      expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('IBAN') });
      expect(await cli('fleet', 'bank-account', 'set', 'unit_nobody', '--holder', 'J', '--iban', 'DE89370400440532013000')).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No fleet unit'),
      });
      expect((await cli('fleet', 'bank-account', 'show', 'sandbox:XX-1')).code).toBe(1);
      void operatorKey;
    });
  });
});
