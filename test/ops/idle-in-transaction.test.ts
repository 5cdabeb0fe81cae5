import { Client } from 'pg';
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, openOrm } from '../../db/orm';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * A request or activity that dies holding a transaction open must not hold its locks forever: every connection of the
 * app's pool carries `idle_in_transaction_session_timeout`, and PostgreSQL ends a session idle in a transaction past it.
 */
describe('sessions idle in a transaction', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('are limited on every connection of the pool the API and workers open, to a minute', async () => {
    expect(IDLE_IN_TRANSACTION_TIMEOUT_MS).toBe(60_000);
    // Several connections at once, so more than the first one of the pool is read.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.orm.em.fork().transactional(async (em) => {
          const [row] = await em.execute<{ value: string }[]>(`select current_setting('idle_in_transaction_session_timeout') as value`);
          await em.execute('select pg_sleep(0.05)');
          return row.value;
        }),
      ),
    );
    expect(settings).toEqual(['1min', '1min', '1min', '1min']);
  });

  it('end a transaction left idle past the limit, freeing its row locks, and the pool goes on', async () => {
    const orm = await openOrm(db.url, 2, 500);
    const other = new Client({ connectionString: db.url });
    await other.connect();
    try {
      await orm.em.getConnection().execute(`create table idle_probe (id int primary key)`);
      await orm.em.getConnection().execute(`insert into idle_probe values (1)`);
      const abandoned = orm.em.fork().transactional(async (em) => {
        await em.execute(`select id from idle_probe where id = 1 for update`);
        // The holder stops talking to PostgreSQL (a hung request), well past the limit.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await em.execute('select 1');
      });
      await expect(abandoned).rejects.toThrow(/connection error|terminat|idle-in-transaction/i);
      // The row lock is free: another session takes it at once instead of waiting.
      await other.query(`begin`);
      await expect(other.query(`select id from idle_probe where id = 1 for update nowait`)).resolves.toMatchObject({ rowCount: 1 });
      await other.query(`rollback`);
      expect(await orm.em.getConnection().execute(`select count(*)::int as n from idle_probe`)).toEqual([{ n: 1 }]);
    } finally {
      await other.end();
      await orm.close();
    }
  });
});
