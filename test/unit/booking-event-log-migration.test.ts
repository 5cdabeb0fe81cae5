import { createIntegratorAccount } from '../../app/accounts';
import { freshDatabase, type TestDatabase } from '../support/db';

const MIGRATION = 'Migration20261126231000_booking_event_log';

/** The events already in the log get their booking from their dedupe key, so a booking's timeline shows them too. */
describe(MIGRATION, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.close());

  it("generates booking_id of booking events, kept and new, from the dedupe key, leaves other events' null, and reads it through the index", async () => {
    const sql = (text: string, values: unknown[] = []) => db.orm.em.getConnection().execute(text, values);
    const { accountId } = await createIntegratorAccount(db.orm, 'Backfill');
    await db.orm.getMigrator().down({ migrations: [MIGRATION] });
    const insert = (id: string, type: string, key: string) =>
      sql(`insert into public_events values (?, ?, 'test', ?, ?, '{}', now())`, [id, accountId, type, key]);
    await insert('evt_1', 'booking.status_changed', 'booking:bkg_a:1:confirmed');
    await insert('evt_2', 'booking.cancelled', 'booking:bkg_b:4:cancelled');
    await insert('evt_3', 'invoice.created', 'invoice:INV-1');
    await insert('evt_4', 'webhook.test', 'test:evt_4');

    await db.orm.getMigrator().up({ migrations: [MIGRATION] });
    await insert('evt_5', 'booking.status_changed', 'booking:bkg_c:1:confirmed'); // as a worker older than the column writes
    expect(await sql('select id, booking_id from public_events order by id')).toEqual([
      { id: 'evt_1', booking_id: 'bkg_a' },
      { id: 'evt_2', booking_id: 'bkg_b' },
      { id: 'evt_3', booking_id: null },
      { id: 'evt_4', booking_id: null },
      { id: 'evt_5', booking_id: 'bkg_c' },
    ]);
    // Four rows cost less to scan than to look up: plan as on a large log, in one transaction (one connection).
    const plan = await db.orm.em.fork().transactional(async (em) => {
      const run = (text: string) => em.getConnection().execute<{ 'QUERY PLAN': string }[]>(text, [], 'all', em.getTransactionContext());
      await run('set local enable_seqscan = off');
      return run("explain select id, body from public_events where booking_id = 'bkg_a' order by id limit 26");
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('public_events_booking');
  });
});
