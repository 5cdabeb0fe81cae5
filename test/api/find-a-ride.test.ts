import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import type { Place } from '../../db/entities';
import { purgeExpired } from '../../api/housekeeping';
import { passengerReadsOf } from '../../db/passenger-reads';
import { environmentOfTestOrLive } from '../../domain/environment';
import { fromMinor } from '../../domain/money';
import { localEnvironment } from '../../stack/temporal';
import { parseCsv } from '../support/csv';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestPartner, getJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';
import { readModelBookings } from '../support/public-bookings';

const CDG: Place = { address: 'Paris Charles de Gaulle, Terminal 2E', lat: 49.0097, lng: 2.5479 };
const VENDOME: Place = { address: '10 Place Vendôme, Paris', lat: 48.8674, lng: 2.3294 };
const LHR: Place = { address: 'Heathrow Terminal 5', lat: 51.47, lng: -0.4543 };
const T0 = Date.parse('2027-03-01T13:00:00Z');
const hour = (n: number) => new Date(T0 + n * 3_600_000);

/** Item 2 of issue 40: passengers for `passengers.read`, search, sort, CSV exports and totals per reference. */
describe('Public Integration API: finding a ride', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let partnerId: string;
  let account: string;
  let plain: string;
  let reader: { keyId: string; key: string };
  let operator: string;
  let invoicesKey: string;
  const b: Record<string, string> = {};
  const insertBooking = readModelBookings(
    () => db,
    () => partnerId,
  );
  const sql = sqlOn(() => db);
  const key = (accountId: string, scopes: string[], environment: 'live' | 'test' = 'live') =>
    createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive(environment), label: 'find', scopes });
  const api = (path: string, token: string) => getJson(`${hub.baseUrl}/api/public/v1/${path}`, token);
  const refs = (res: { json: { data: { ref: string }[] } }) => res.json.data.map((x) => x.ref);
  const csv = async (path: string, token: string) => {
    const res = await fetch(`${hub.baseUrl}/api/public/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    partnerId = (await createTestPartner(db.orm)).partnerId;
    // Passenger data is a scope ops grant a corporate account explicitly (its scope ceiling).
    account = (await createIntegratorAccount(db.orm, 'Acme Travel', 'corporate', {}, ['bookings.read', 'passengers.read', 'invoices.read']))
      .accountId;
    const other = (await createIntegratorAccount(db.orm, 'Globex')).accountId;
    plain = (await key(account, ['bookings.read'])).key;
    reader = await key(account, ['bookings.read', 'passengers.read']);
    operator = (await key((await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId, ['bookings.read'])).key;
    const live = { accountId: account, environment: 'live' as const, status: 'confirmed' as const, dropoff: VENDOME };
    const ride = (pickupAt: Date, passenger: Record<string, unknown>, more: Record<string, unknown> = {}, pickup = CDG) =>
      insertBooking({ ...live, pickup, pickupAt, ride: { passenger, ...more } });
    b.zoe = await ride(hour(5), { name: 'Zoë Ångström', phone: '+33612345678' }, { customerReference: 'CC-4711' });
    b.ada = await ride(hour(1), { name: 'Ada Lovelace', phone: '+447911123456' }, { customerReference: 'CC-12', externalId: 'PO-9' }, LHR);
    b.grace = await ride(hour(3), { name: 'Grace 100% Hopper' }, { customerReference: '=HYPERLINK("http://evil")' });
    b.erased = await ride(hour(2), { erased_at: '2026-01-01T00:00:00Z', pax: 1 }, { customerReference: 'CC-4711', status: 'completed' });
    b.cc = await ride(hour(4), { name: 'Ccile Dupont' }, { customerReference: 'cc-4711' });
    b.other = await insertBooking({
      ...live,
      accountId: other,
      pickup: CDG,
      pickupAt: hour(1),
      ride: { passenger: { name: 'Zoe Angstrom' } },
    });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('shows the passenger, phone masked, only to a key with passengers.read, and records each read', async () => {
    const without = await api(`bookings?ref=${b.zoe}`, plain);
    expect(without.json.data[0]).not.toHaveProperty('passenger');
    expect(without.json.data[0].time_zone).toBe('Europe/Paris');
    expect(await passengerReadsOf(db.orm, b.zoe!)).toEqual([]);

    const listed = await api('bookings?sort=pickup_at', reader.key);
    const byRef = Object.fromEntries(listed.json.data.map((x: { ref: string }) => [x.ref, x]));
    expect(byRef[b.zoe!].passenger).toEqual({ name: 'Zoë Ångström', phone: '+33 6•• •• •• 78' });
    expect(byRef[b.ada!].passenger).toEqual({ name: 'Ada Lovelace', phone: '+44 7• •• •• •• 56' });
    expect(byRef[b.ada!].time_zone).toBe('Europe/London');
    expect(byRef[b.grace!].passenger).toEqual({ name: 'Grace 100% Hopper', phone: null });
    expect(byRef[b.erased!].passenger).toBeNull();
    const read = await api(`bookings/${b.zoe}`, reader.key);
    expect(read.json.passenger).toEqual({ name: 'Zoë Ångström', phone: '+33 6•• •• •• 78' });
    expect(read.json.time_zone).toBe('Europe/Paris');
    expect((await api(`bookings/${b.zoe}`, plain)).json).not.toHaveProperty('passenger');

    const reads = await passengerReadsOf(db.orm, b.zoe!);
    expect(reads.map((r) => [r.credentialId, r.operation])).toEqual([
      [reader.keyId, 'listPublicBookings'],
      [reader.keyId, 'getPublicBooking'],
    ]);
    expect(reads.every((r) => Math.abs(r.readAt.getTime() - Date.now()) < 600_000)).toBe(true);
    expect(await passengerReadsOf(db.orm, b.erased!)).toEqual([]); // erased: nothing shown, nothing recorded
  });

  it('keeps the record of passenger reads 400 days, then the housekeeping minute drops it', async () => {
    const now = new Date();
    await sql(
      `insert into passenger_reads (credential_id, booking_id, operation, read_at) values ('key_old', ?, 'listPublicBookings', ?), ('key_kept', ?, 'listPublicBookings', ?)`,
      [b.cc, new Date(now.getTime() - 401 * 86_400_000), b.cc, new Date(now.getTime() - 399 * 86_400_000)],
    );
    await purgeExpired(db.orm, now);
    const kept = (await passengerReadsOf(db.orm, b.cc!)).map((r) => r.credentialId);
    expect(kept).toContain('key_kept');
    expect(kept).not.toContain('key_old');
  });

  it('finds by ref, external id, passenger name (case and accents aside, any part) and reference prefix', async () => {
    expect(refs(await api(`bookings?ref=${b.ada}`, plain))).toEqual([b.ada]);
    expect(refs(await api(`bookings?ref=${b.other}`, plain))).toEqual([]);
    expect(refs(await api('bookings?external_id=PO-9', plain))).toEqual([b.ada]);
    expect(refs(await api('bookings?external_id=PO-9', operator))).toEqual([b.ada]);
    expect(refs(await api('bookings?passenger_name=ANGSTROM', reader.key))).toEqual([b.zoe]);
    expect(refs(await api(`bookings?passenger_name=${encodeURIComponent('zoë ång')}`, reader.key))).toEqual([b.zoe]);
    expect(refs(await api('bookings?passenger_name=lovelace', reader.key))).toEqual([b.ada]);
    // LIKE's wildcards are the name's own characters: "%" and "_" match only themselves.
    expect(refs(await api(`bookings?passenger_name=${encodeURIComponent('100%')}`, reader.key))).toEqual([b.grace]);
    expect(refs(await api(`bookings?passenger_name=${encodeURIComponent('a_a')}`, reader.key))).toEqual([]);
    const denied = await api('bookings?passenger_name=lovelace', plain);
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ code: 'insufficient_scope', scope: 'passengers.read' });

    expect(refs(await api('bookings?customer_reference_prefix=CC-&sort=pickup_at', plain))).toEqual([b.ada, b.erased, b.zoe]);
    expect(refs(await api('bookings?customer_reference_prefix=CC-47', plain))).toEqual([b.erased, b.zoe]);
    expect(refs(await api('bookings?customer_reference_prefix=cc', plain))).toEqual([b.cc]);
    expect(refs(await api('bookings?customer_reference_prefix=CC_', plain))).toEqual([]);
    expect(refs(await api('bookings?customer_reference=CC-4711', plain))).toEqual([b.erased, b.zoe]);
    const both = await api('bookings?customer_reference=CC-4711&customer_reference_prefix=CC', plain);
    expect(both.status).toBe(422);
    expect(both.json.errors).toEqual([expect.objectContaining({ param: 'query.customer_reference_prefix' })]);
  });

  it('sorts by pickup time either way and pages by a cursor of that sort; "the next 24 hours" is a pickup range', async () => {
    const soonest = [b.ada, b.erased, b.grace, b.cc, b.zoe];
    expect(refs(await api('bookings?sort=pickup_at', plain))).toEqual(soonest);
    expect(refs(await api('bookings?sort=-pickup_at', plain))).toEqual([...soonest].reverse());
    expect(refs(await api('bookings', plain))).toEqual([b.cc, b.erased, b.grace, b.ada, b.zoe]);

    const seen: string[] = [];
    let query = 'sort=-pickup_at&limit=2';
    for (let pages = 0; pages < 5; pages++) {
      const page = await api(`bookings?${query}`, plain);
      seen.push(...refs(page));
      if (!page.json.has_more) break;
      expect(page.headers.get('link')).toContain('sort=-pickup_at');
      query = `sort=-pickup_at&limit=2&cursor=${page.json.next_cursor}`;
    }
    expect(seen).toEqual([...soonest].reverse());

    const first = await api('bookings?sort=pickup_at&limit=1', plain);
    const mixed = await api(`bookings?limit=1&cursor=${first.json.next_cursor}`, plain);
    expect(mixed.status).toBe(422);
    expect(mixed.json.errors).toEqual([expect.objectContaining({ param: 'query.cursor' })]);

    const window = `from=${encodeURIComponent(hour(2).toISOString())}&to=${encodeURIComponent(hour(4).toISOString())}`;
    expect(refs(await api(`bookings?${window}&sort=pickup_at`, plain))).toEqual([b.erased, b.grace]);
  });

  it('exports the same selection as RFC 4180 CSV, formulas defused, passengers only with the scope', async () => {
    const res = await csv('bookings.csv?customer_reference_prefix=CC-&sort=pickup_at', plain);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv; charset=utf-8/);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual([
      'ref',
      'created_at',
      'status',
      'market',
      'time_zone',
      'pickup_at',
      'pickup_local',
      'pickup',
      'dropoff',
      'vehicle_class',
      'customer_reference',
      'chauffeur',
      'currency',
      'net',
      'tax',
      'gross',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([b.ada, b.erased, b.zoe]);
    const ada = rows[1]!;
    expect([ada[3], ada[4], ada[5], ada[6], ada[7]]).toEqual([
      'LON',
      'Europe/London',
      hour(1).toISOString(),
      '2027-03-01T14:00+00:00',
      'Heathrow Terminal 5',
    ]);
    const zoe = rows[3]!;
    expect(zoe[6]).toBe('2027-03-01T19:00+01:00');
    const listed = (await api(`bookings?ref=${b.zoe}`, plain)).json.data[0];
    expect(zoe.slice(13).map(Number)).toEqual([listed.total.net, listed.total.tax, listed.total.gross]);

    const grace = parseCsv((await csv(`bookings.csv?ref=${b.grace}`, reader.key)).text);
    expect(grace[0]!.slice(-2)).toEqual(['passenger_name', 'passenger_phone']);
    expect(grace[1]![10]).toBe(`'=HYPERLINK("http://evil")`);
    expect(grace[1]!.slice(-2)).toEqual(['Grace 100% Hopper', '']);
    expect((await csv(`bookings.csv?ref=${b.grace}`, reader.key)).text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect((await passengerReadsOf(db.orm, b.grace!)).map((r) => r.operation)).toContain('exportPublicBookings');

    expect((await csv('bookings.csv?passenger_name=ada', plain)).status).toBe(403);
    expect((await csv('bookings.csv?limit=5', plain)).status).toBe(422);
  });

  it('streams an export longer than a page, every row once', async () => {
    const bulk = (await createIntegratorAccount(db.orm, 'Bulk Travel')).accountId;
    const token = (await key(bulk, ['bookings.read'])).key;
    await sql(
      `insert into bookings (id, partner_id, account_id, environment, status, vehicle_class, market, pickup, dropoff, passenger,
         pickup_at, currency, fare, fare_total_minor, commission_pct, free_until, late_cancellation_fee_minor, created_at, updated_at)
       select 'bkg_' || lpad(n::text, 26, '0'), null, ?, 'live', 'confirmed', 'executive', 'PAR', ?::jsonb, ?::jsonb, '{"name":"Bulk"}',
         ?::timestamptz + n * interval '1 minute', 'EUR', '{"total":5000,"taxes":455}', 5000, 0, now(), 0, now(), now()
         from generate_series(1, 1234) n`,
      [bulk, JSON.stringify(CDG), JSON.stringify(VENDOME), hour(0)],
    );
    const rows = parseCsv((await csv('bookings.csv?sort=pickup_at', token)).text).slice(1);
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((r) => r[0])).size).toBe(1234);
    expect(rows[0]![0]).toBe(`bkg_${'1'.padStart(26, '0')}`);
    expect(rows.at(-1)![0]).toBe(`bkg_${'1234'.padStart(26, '0')}`);

    const totals = await api('booking-totals', token);
    expect(totals.json).toEqual({
      data: [{ customer_reference: null, bookings: 1234, totals: [{ currency: 'EUR', bookings: 1234, gross: 1234 * 50 }] }],
      has_more: false,
    });
  });

  it('totals the selection per customer reference and currency', async () => {
    const gross = async (ref: string) => (await api(`bookings?ref=${ref}`, plain)).json.data[0].total.gross as number;
    const totals = await api('booking-totals?customer_reference_prefix=CC-', plain);
    expect(totals.status).toBe(200);
    const sum = fromMinor(Math.round(((await gross(b.erased!)) + (await gross(b.zoe!))) * 100), 'EUR');
    expect(totals.json).toEqual({
      data: [
        { customer_reference: 'CC-12', bookings: 1, totals: [{ currency: 'EUR', bookings: 1, gross: await gross(b.ada!) }] },
        { customer_reference: 'CC-4711', bookings: 2, totals: [{ currency: 'EUR', bookings: 2, gross: sum }] },
      ],
      has_more: false,
    });
    const all = await api('booking-totals', plain);
    expect(all.json.data.map((g: { customer_reference: string | null }) => g.customer_reference)).toEqual([
      '=HYPERLINK("http://evil")',
      'CC-12',
      'CC-4711',
      'cc-4711',
    ]);
    expect((await api('booking-totals?status=completed', plain)).json.data).toEqual([
      { customer_reference: 'CC-4711', bookings: 1, totals: [{ currency: 'EUR', bookings: 1, gross: await gross(b.erased!) }] },
    ]);
  });

  it('exports invoices and credit notes as CSV with the list filters', async () => {
    const billed = (await createIntegratorAccount(db.orm, 'Billed Ltd')).accountId;
    invoicesKey = (await key(billed, ['invoices.read'], 'test')).key;
    await issueTestInvoice(db, { accountId: billed, grossMinor: 12_000 });
    await issueTestInvoice(db, { accountId: billed, grossMinor: 3_300 });
    const listed = (await api('invoices', invoicesKey)).json.data as { number: string; gross: number; issued_at: string }[];
    const res = await csv('invoices.csv', invoicesKey);
    expect(res.status).toBe(200);
    const rows = parseCsv(res.text);
    expect(rows[0]!.slice(0, 4)).toEqual(['number', 'type', 'status', 'account']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], Number(r[10])])).toEqual(
      listed.map((d) => [d.number, 'invoice', billed, d.issued_at, d.gross]),
    );
    expect(parseCsv((await csv('invoices.csv?type=credit_note', invoicesKey)).text)).toHaveLength(1);
    expect((await csv('invoices.csv', plain)).status).toBe(403);
  });
});
