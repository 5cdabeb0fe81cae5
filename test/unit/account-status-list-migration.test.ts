import { createIntegratorAccount } from '../../app/accounts';
import { bookingPageStatement, searchBookings, type BookingPage, type BookingSearch } from '../../db/booking-search';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';

const MIGRATION = 'Migration20261128160000_account_status_list';
const THE_INDEX = /\bbookings_account_status\b/;
const BOOKINGS = 20_000;
const RARE_EVERY = 200; // one booking in 200 is on board, the rest completed

/**
 * A corporate key's list filtered on a status its account rarely has reads one range of the account-status index,
 * instead of walking the account's bookings until a page matches (issue 37).
 */
describe(MIGRATION, () => {
  let db: TestDatabase;
  const sql = sqlOn(() => db);
  let search: BookingSearch;

  /** The plan PostgreSQL picks for the page the list runs, with the statement's own values. */
  async function planOf(page: BookingPage): Promise<string> {
    const statement = bookingPageStatement(search, page);
    const rows = await sql<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /** `count` bookings of the account, ids `<prefix>00000001`… in creation order (the list's keyset), as the hub's are. */
  const insertBookings = (prefix: string, accountId: string, count: number, rareEvery: number) =>
    sql(
      `insert into bookings (id, account_id, environment, status, vehicle_class, market, pickup, dropoff, passenger, pickup_at,
         currency, fare, fare_total_minor, free_until, late_cancellation_fee_minor, created_at, updated_at)
       select ? || lpad(i::text, 8, '0'), ?, 'live', case when i % ? = 0 then 'on_board' else 'completed' end, 'business',
         'PAR', '{}', '{}', '{}', now(), 'EUR', '{}', 5000, now(), 0, now(), now()
       from generate_series(1, ?) as i`,
      [prefix, accountId, rareEvery, count],
    );

  beforeAll(async () => {
    db = await freshDatabase();
    const { accountId } = await createIntegratorAccount(db.orm, 'Rare status');
    search = { environment: 'live', accountId, status: 'on_board' };
    await insertBookings('bkg_', accountId, BOOKINGS, RARE_EVERY);
    // Rides on board elsewhere: the small index of rides in progress (bookings_active_live) is no shortcut to this
    // account's, as on a real book.
    await insertBookings('bkg_other_', (await createIntegratorAccount(db.orm, 'Busy')).accountId, BOOKINGS / 4, 10);
    await sql('analyze bookings');
  });
  afterAll(() => db?.close());

  it('serves the first page and a deep one from bookings_account_status, newest first', async () => {
    const first: BookingPage = { order: 'created_desc', limit: 26 };
    expect(await planOf(first)).toMatch(THE_INDEX);
    expect(await planOf({ ...first, after: { id: 'bkg_00010000' } })).toMatch(THE_INDEX);

    const page = await searchBookings(db.orm, search, first);
    expect(page.map((b) => b.id)).toEqual(
      Array.from({ length: 26 }, (_, i) => `bkg_${String(BOOKINGS - i * RARE_EVERY).padStart(8, '0')}`),
    );
    expect(new Set(page.map((b) => b.status))).toEqual(new Set(['on_board']));
  });

  it('is what its migration builds and drops', async () => {
    const first: BookingPage = { order: 'created_desc', limit: 26 };
    await db.orm.getMigrator().down({ migrations: [MIGRATION] });
    expect(await planOf(first)).not.toMatch(THE_INDEX);
    await db.orm.getMigrator().up({ migrations: [MIGRATION] });
    await sql('analyze bookings');
    expect(await planOf(first)).toMatch(THE_INDEX);
  });
});
