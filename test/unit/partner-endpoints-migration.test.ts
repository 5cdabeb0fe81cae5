import { randomBytes } from 'node:crypto';
import { encryptSecret, overlapSecrets } from '../../infra/secrets';
import { PartnerWebhookEndpointSchema } from '../../db/entities';
import { freshDatabase, type TestDatabase } from '../support/db';

const MIGRATION = 'Migration20261125150000_partner_endpoints_per_environment';

/** The split of one shared partner endpoint into a sandbox and a live one, as a database with partners goes through it. */
describe(MIGRATION, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.close());

  it('gives each partner both endpoints with its URL and secret, and goes back to the shared one', async () => {
    const key = randomBytes(32);
    const migrator = db.orm.getMigrator();
    await migrator.down({ migrations: [MIGRATION] });
    const sql = (text: string, values: unknown[] = []) => db.orm.em.getConnection().execute(text, values);
    await sql(
      `insert into partners (id, name, webhook_url, webhook_secret_enc, ip_allowlist, created_at)
       values ('ptn_with_url', 'With URL', 'https://ota.example.com/hooks', ?, '{}', now()),
              ('ptn_without', 'Without', null, ?, '{}', now())`,
      [encryptSecret('phsec_shared', key), encryptSecret('phsec_other', key)],
    );

    await migrator.up({ migrations: [MIGRATION] });
    const rows = await db.orm.em.fork().find(PartnerWebhookEndpointSchema, {}, { orderBy: { partnerId: 'asc', environment: 'asc' } });
    expect(rows.map((r) => [r.partnerId, r.environment, r.url])).toEqual([
      ['ptn_with_url', 'live', 'https://ota.example.com/hooks'],
      ['ptn_with_url', 'sandbox', 'https://ota.example.com/hooks'],
      ['ptn_without', 'live', null],
      ['ptn_without', 'sandbox', null],
    ]);
    // Receivers keep verifying: both endpoints sign with the secret the partner had.
    for (const row of rows.filter((r) => r.partnerId === 'ptn_with_url')) expect(overlapSecrets(row, key)).toEqual(['phsec_shared']);

    await migrator.down({ migrations: [MIGRATION] });
    expect(await sql(`select id, webhook_url from partners order by id`)).toEqual([
      { id: 'ptn_with_url', webhook_url: 'https://ota.example.com/hooks' },
      { id: 'ptn_without', webhook_url: null },
    ]);
    await migrator.up();
  });
});
