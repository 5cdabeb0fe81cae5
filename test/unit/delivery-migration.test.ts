import { createIntegratorAccount } from '../../app/accounts';
import { createDestination } from '../../app/destinations';
import { freshDatabase, type TestDatabase } from '../support/db';
import { TEST_SECRETS } from '../support/hub';

const MIGRATION = 'Migration20261125160000_one_delivery_per_destination';

/** An event's first delivery to a destination becomes unique; later rows (redeliveries, or duplicates of old races) are kept as redeliveries. */
describe(MIGRATION, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.close());

  it('marks every row after the first a redelivery, loses none, and then refuses a second first delivery', async () => {
    const sql = (text: string, values: unknown[] = []) => db.orm.em.getConnection().execute(text, values);
    const { accountId } = await createIntegratorAccount(db.orm, 'Dupes');
    const { destination } = await createDestination(db.orm, TEST_SECRETS.encryptionKey, {
      accountId,
      environment: 'sandbox',
      url: 'https://hooks.example.com/in',
      eventTypes: ['invoice.created'],
    });
    await db.orm.getMigrator().down({ migrations: [MIGRATION] });
    await sql(`insert into public_events values ('evt_1', ?, 'test', 'invoice.created', 'k1', '{}', now())`, [accountId]);
    for (const id of ['dlv_a', 'dlv_b']) {
      await sql(`insert into public_deliveries values (?, 'evt_1', ?, 'pending', 1, null, null, now(), now())`, [id, destination.id]);
      await sql(
        `insert into public_delivery_attempts (delivery_id, event_id, event_type, destination_id, account_id, environment, url,
           attempt, sent_at, duration_ms, succeeded) values (?, 'evt_1', 'invoice.created', ?, ?, 'test', 'u', 1, now(), 5, false)`,
        [id, destination.id, accountId],
      );
    }

    await db.orm.getMigrator().up({ migrations: [MIGRATION] });
    expect(await sql(`select id, redelivery from public_deliveries order by id`)).toEqual([
      { id: 'dlv_a', redelivery: false },
      { id: 'dlv_b', redelivery: true },
    ]);
    expect(await sql(`select delivery_id from public_delivery_attempts order by id`)).toEqual([
      { delivery_id: 'dlv_a' },
      { delivery_id: 'dlv_b' },
    ]);
    await expect(
      sql(
        `insert into public_deliveries (id, event_id, destination_id, state, attempts, created_at, updated_at)
           values ('dlv_c', 'evt_1', ?, 'pending', 0, now(), now())`,
        [destination.id],
      ),
    ).rejects.toThrow(/public_deliveries_first/);
    await sql(
      `insert into public_deliveries (id, event_id, destination_id, state, attempts, redelivery, created_at, updated_at)
       values ('dlv_d', 'evt_1', ?, 'pending', 0, true, now(), now())`,
      [destination.id],
    );
  });
});
