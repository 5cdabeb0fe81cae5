import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeySchema, IntegratorAccountSchema, PartnerSchema } from '../../db/entities';
import { seedDemo } from '../../app/demo-seed';
import { parseApiKey } from '../../infra/credentials';
import { freshDatabase, type TestDatabase } from '../support/db';
import { TEST_SECRETS } from '../support/hub';

describe('the demo data npm start seeds', () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await freshDatabase();
    dir = mkdtempSync(join(tmpdir(), 'hub-seed-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db?.close();
  });

  const account = (id: string) => db.orm.em.fork().findOneOrFail(IntegratorAccountSchema, { id });
  const keyOf = (key: string) => db.orm.em.fork().findOneOrFail(ApiKeySchema, { id: parseApiKey(key)!.id });

  it('seeds a corporate account linked to the demo partner and an operator account, each with a test key; a rerun reuses them', async () => {
    const file = join(dir, 'demo.json');
    const demo = await seedDemo(db.orm, TEST_SECRETS, file);
    expect((await account(demo.integrator.accountId)).kind).toBe('corporate');
    expect((await account(demo.operator.accountId)).kind).toBe('operator');
    expect(demo.operator.accountId).not.toBe(demo.integrator.accountId);
    const partner = await db.orm.em.fork().findOneOrFail(PartnerSchema, { id: demo.partner.partnerId });
    expect(partner.accountId).toBe(demo.integrator.accountId);
    for (const [creds, accountId] of [
      [demo.integrator, demo.integrator.accountId],
      [demo.operator, demo.operator.accountId],
    ] as const) {
      expect(creds.testKey).toMatch(/^hub_test_/);
      const key = await keyOf(creds.testKey);
      expect(key).toMatchObject({ accountId, environment: 'sandbox' });
      expect(key.scopes).toEqual(expect.arrayContaining(['bookings.read', 'fleet.read']));
    }
    expect(await seedDemo(db.orm, TEST_SECRETS, file)).toEqual(demo);
    expect(await db.orm.em.fork().count(IntegratorAccountSchema, {})).toBe(2);
  });

  it('adds the operator account to demo data seeded before it existed, keeping the corporate one', async () => {
    const file = join(dir, 'old.json');
    const { operator: _dropped, ...old } = await seedDemo(db.orm, TEST_SECRETS, join(dir, 'other.json'));
    writeFileSync(file, JSON.stringify(old));
    const demo = await seedDemo(db.orm, TEST_SECRETS, file);
    expect(demo.integrator).toEqual(old.integrator);
    expect((await account(demo.operator.accountId)).kind).toBe('operator');
    expect(JSON.parse(readFileSync(file, 'utf8')).operator).toEqual(demo.operator);
  });
});
