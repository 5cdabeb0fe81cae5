import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { API_KEY_SCOPES, CORPORATE_DEFAULT_SCOPE_CEILING } from '../../infra/scopes';

const MIGRATION = 'Migration20261207100000_key_authority';

/** Existing accounts get a scope ceiling under which everything that works today still works, and nothing more. */
describe(MIGRATION, () => {
  let db: TestDatabase;
  const sql = sqlOn(() => db);
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.close());

  it("gives each account the scopes its active keys hold between them, or its kind's default when it has none", async () => {
    const migrator = db.orm.getMigrator();
    await migrator.down({ migrations: [MIGRATION] });
    await sql(
      `insert into integrator_accounts (id, name, kind, created_at) values
         ('acct_keyed', 'Keyed', 'corporate', now()), ('acct_bare', 'Bare', 'corporate', now()), ('acct_ops', 'Ops', 'operator', now())`,
    );
    const key = (id: string, account: string, scopes: string[], revoked: boolean) =>
      sql(
        `insert into api_keys (id, account_id, environment, label, scopes, rate_per_minute, secret_hash, last4, created_at, revoked_at)
         values (?, ?, 'test', 'k', string_to_array(?, ','), 600, 'h', 'abcd', now(), ${revoked ? 'now()' : 'null'})`,
        [id, account, scopes.join(',')],
      );
    await key('aaaaaaaaaaa1', 'acct_keyed', ['keys.manage', 'bookings.read'], false);
    await key('aaaaaaaaaaa2', 'acct_keyed', ['console.open', 'bookings.read'], false);
    await key('aaaaaaaaaaa3', 'acct_keyed', ['passengers.read'], true); // revoked: grants nothing now

    await migrator.up({ migrations: [MIGRATION] });
    const ceilings = Object.fromEntries(
      (await sql<{ id: string; scope_ceiling: string[] }>(`select id, scope_ceiling from integrator_accounts`)).map((r) => [
        r.id,
        r.scope_ceiling,
      ]),
    );
    expect(ceilings.acct_keyed).toEqual(['bookings.read', 'console.open', 'keys.manage']);
    expect([...ceilings.acct_bare!].sort()).toEqual([...CORPORATE_DEFAULT_SCOPE_CEILING].sort());
    expect([...ceilings.acct_ops!].sort()).toEqual([...API_KEY_SCOPES].sort());
    const keys = await sql<{ expires_at: Date | null; created_by_api_key_id: string | null }>(
      `select expires_at, created_by_api_key_id from api_keys`,
    );
    expect(keys.every((k) => k.expires_at === null && k.created_by_api_key_id === null)).toBe(true);

    await migrator.down({ migrations: [MIGRATION] });
    expect(
      await sql(
        `select column_name from information_schema.columns where table_name = 'integrator_accounts' and column_name = 'scope_ceiling'`,
      ),
    ).toEqual([]);
    await migrator.up();
  });
});
