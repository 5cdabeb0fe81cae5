import { createPublicWebhookActivities } from '../../activities/public-webhooks';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApiKeySchema, PublicEventSchema, type Booking, type Place } from '../../db/entities';
import { createApiKey, createIntegratorAccount, revokeApiKey } from '../../app/accounts';
import type { BookingStatus } from '../../domain/booking-lifecycle';
import { fromMinor } from '../../domain/money';
import { priceFare } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { readModelBookings } from '../support/public-bookings';
import { createTestPartner, getJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { eventually } from '../../stack/eventually';
import { environmentOfTestOrLive } from '../../domain/environment';

const CDG: Place = { address: 'Paris Charles de Gaulle, Terminal 2E', lat: 49.0097, lng: 2.5479 };
const VENDOME: Place = { lat: 48.8674, lng: 2.3294 };
const LHR: Place = { address: 'Heathrow Terminal 5', lat: 51.47, lng: -0.4543 };
const SAVOY: Place = { address: 'The Savoy, Strand, London', lat: 51.5104, lng: -0.1204 };
const T0 = Date.parse('2027-03-01T08:00:00Z');
const day = (n: number) => new Date(T0 + n * 86_400_000);

/** Read-model test data: the public write path comes in a later slice. */
describe('Public Integration API: bookings read with API keys', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let url: string;
  let partnerId: string;
  let accountA: string;
  let accountB: string;
  let liveA: string;
  let testA: string;
  let liveB: string;
  /** Account A's live bookings, oldest first. */
  const a: string[] = [];
  let sandboxA: string;
  let liveOfB: string;

  const insertBooking = readModelBookings(
    () => db,
    () => partnerId,
  );

  const key = async (accountId: string, environment: 'live' | 'test', scopes = ['bookings.read'], ratePerMinute?: number) =>
    createApiKey(db.orm, TEST_SECRETS, {
      accountId,
      environment: environmentOfTestOrLive(environment),
      label: 'test',
      scopes,
      ratePerMinute,
    });
  const list = (token: string, query = '') => getJson(`${url}${query ? `?${query}` : ''}`, token);
  const refs = (res: { json: { data: { ref: string }[] } }) => res.json.data.map((b) => b.ref);
  const newestFirst = (...indexes: number[]) => indexes.map((i) => a[i]);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    url = `${hub.baseUrl}/api/public/v1/bookings`;
    partnerId = (await createTestPartner(db.orm)).partnerId;
    accountA = (await createIntegratorAccount(db.orm, 'Acme Travel')).accountId;
    accountB = (await createIntegratorAccount(db.orm, 'Globex')).accountId;
    [liveA, testA, liveB] = (await Promise.all([key(accountA, 'live'), key(accountA, 'test'), key(accountB, 'live')])).map((k) => k.key);

    const live = { accountId: accountA, environment: 'live' } as const;
    a.push(await insertBooking({ ...live, status: 'confirmed', pickup: CDG, dropoff: VENDOME, pickupAt: day(1) }));
    a.push(await insertBooking({ ...live, status: 'assigned', pickup: CDG, dropoff: VENDOME, pickupAt: day(2) }));
    a.push(await insertBooking({ ...live, status: 'on_board', pickup: LHR, dropoff: SAVOY, pickupAt: day(3) }));
    a.push(await insertBooking({ ...live, status: 'completed', pickup: CDG, dropoff: VENDOME, pickupAt: day(4) }));
    a.push(await insertBooking({ ...live, status: 'confirmed', pickup: LHR, dropoff: SAVOY, pickupAt: day(5) }));
    sandboxA = await insertBooking({
      accountId: accountA,
      environment: 'sandbox',
      status: 'confirmed',
      pickup: CDG,
      dropoff: VENDOME,
      pickupAt: day(1),
    });
    liveOfB = await insertBooking({
      accountId: accountB,
      environment: 'live',
      status: 'confirmed',
      pickup: CDG,
      dropoff: VENDOME,
      pickupAt: day(1),
    });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it("pages through the account's live bookings, newest first, with next_cursor and a Link header", async () => {
    const seen: string[] = [];
    const pages: boolean[] = [];
    let query = 'limit=2';
    for (;;) {
      const res = await list(liveA, query);
      expect(res.status).toBe(200);
      expect(res.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...refs(res));
      pages.push(res.json.has_more);
      if (!res.json.has_more) {
        expect(res.json.next_cursor).toBeNull();
        expect(res.headers.get('link')).toBeNull();
        break;
      }
      expect(res.json.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(res.headers.get('link')).toBe(`<http://hub.test/api/public/v1/bookings?limit=2&cursor=${res.json.next_cursor}>; rel="next"`);
      query = `limit=2&cursor=${res.json.next_cursor}`;
    }
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual(newestFirst(4, 3, 2, 1, 0));
    expect(new Set(seen).size).toBe(5);
  });

  it('shows a booking in the public shape, the same in the list and when read alone', async () => {
    const fare = priceFare({ pickup: CDG, dropoff: VENDOME, pickupAt: day(2), vehicleClass: 'executive', currency: 'EUR' });
    const read = await getJson(`${url}/${a[1]}`, liveA);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      ref: a[1],
      market: 'PAR',
      status: 'allocated',
      pickup: CDG.address,
      dropoff: '48.8674,2.3294',
      pickup_at: '2027-03-03T08:00:00.000Z',
      vehicle_class: 'executive',
      chauffeur: null,
      allocation: null,
      cancellation: null,
      customer_reference: null,
      time_zone: 'Europe/Paris',
      notes: null,
      flight_watch: null,
      cancellation_policy: {
        cancellable: true,
        free_until: '2027-03-03T08:00:00.000Z',
        fee_after: { net: 0, tax: 0, gross: 0, currency: 'EUR' },
        fee_now: { net: 0, tax: 0, gross: 0, currency: 'EUR' },
        as_of: expect.stringMatching(/Z$/),
      },
      total: {
        net: fromMinor(fare.total - fare.taxes, 'EUR'),
        tax: fromMinor(fare.taxes, 'EUR'),
        gross: fromMinor(fare.total, 'EUR'),
        currency: 'EUR',
      },
      livemode: true,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(read.json.total.gross).toBeGreaterThan(read.json.total.net);
    const listed = (await list(liveA)).json.data.find((b: { ref: string }) => b.ref === a[1]);
    const { allocation, cancellation, notes, flight_watch, cancellation_policy, ...item } = read.json;
    expect([allocation, cancellation, notes, flight_watch]).toEqual([null, null, null, null]);
    expect(cancellation_policy.cancellable).toBe(true);
    expect(listed).toEqual(item);
  });

  it('filters by public status, market and pickup range (from inclusive, to exclusive)', async () => {
    expect(refs(await list(liveA, 'status=allocated'))).toEqual(newestFirst(1));
    expect(refs(await list(liveA, 'status=pob'))).toEqual(newestFirst(2));
    expect(refs(await list(liveA, 'status=confirmed'))).toEqual(newestFirst(4, 0));
    expect(refs(await list(liveA, 'market=LON'))).toEqual(newestFirst(4, 2));
    expect(refs(await list(liveA, 'market=PAR&status=confirmed'))).toEqual(newestFirst(0));
    expect(refs(await list(liveA, 'market=NYC'))).toEqual([]);
    const range = `from=${encodeURIComponent(day(2).toISOString())}&to=${encodeURIComponent(day(4).toISOString())}`;
    expect(refs(await list(liveA, range))).toEqual(newestFirst(2, 1));

    const first = await list(liveA, 'market=LON&limit=1');
    expect(refs(first)).toEqual(newestFirst(4));
    expect(first.json.has_more).toBe(true);
    const second = await list(liveA, `market=LON&limit=1&cursor=${first.json.next_cursor}`);
    expect(refs(second)).toEqual(newestFirst(2));
    expect(second.json.has_more).toBe(false);
  });

  describe('the customer_reference filter', () => {
    const refd: string[] = [];
    let otherAccount: string;
    let keyC: string;
    let keyD: string;
    let testC: string;
    beforeAll(async () => {
      const accountC = (await createIntegratorAccount(db.orm, 'Initrode')).accountId;
      const accountD = (await createIntegratorAccount(db.orm, 'Umbrella')).accountId;
      [keyC, keyD, testC] = (await Promise.all([key(accountC, 'live'), key(accountD, 'live'), key(accountC, 'test')])).map((k) => k.key);
      const live = { accountId: accountC, environment: 'live' as const, status: 'confirmed' as const, pickup: CDG, dropoff: VENDOME };
      for (const [n, reference] of [
        [6, 'CC-4711'],
        [7, 'cc-4711'],
        [8, 'CC-4711'],
        [9, 'CC-47'],
        [10, 'CC-4711'],
      ] as const) {
        refd.push(await insertBooking({ ...live, pickupAt: day(n), ride: { customerReference: reference } }));
      }
      await insertBooking({ ...live, pickupAt: day(11) });
      otherAccount = await insertBooking({ ...live, accountId: accountD, pickupAt: day(6), ride: { customerReference: 'CC-4711' } });
    });
    const byReference = (token: string, extra = '') => list(token, `customer_reference=CC-4711${extra}`);

    it("answers only the account's bookings with exactly that reference, newest first, paged by the keyset", async () => {
      expect(refs(await byReference(keyC))).toEqual([refd[4], refd[2], refd[0]]);
      expect(refs(await list(keyC, 'customer_reference=cc-4711'))).toEqual([refd[1]]);
      expect(refs(await list(keyC, 'customer_reference=CC-47'))).toEqual([refd[3]]);
      expect(refs(await list(keyC, 'customer_reference=CC-471'))).toEqual([]);
      expect(refs(await byReference(keyD))).toEqual([otherAccount]);
      expect(refs(await byReference(testC))).toEqual([]);
      expect(refs(await byReference(liveA))).toEqual([]);

      const first = await byReference(keyC, '&limit=2');
      expect(refs(first)).toEqual([refd[4], refd[2]]);
      expect(first.json.has_more).toBe(true);
      expect(first.headers.get('link')).toContain('customer_reference=CC-4711');
      const second = await byReference(keyC, `&limit=2&cursor=${first.json.next_cursor}`);
      expect(refs(second)).toEqual([refd[0]]);
      expect(second.json.has_more).toBe(false);
      const combined = `&from=${encodeURIComponent(day(7).toISOString())}&status=confirmed&market=PAR`;
      expect(refs(await byReference(keyC, combined))).toEqual([refd[4], refd[2]]);
    });

    it("gives an operator key every account's bookings with the reference", async () => {
      const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP 2', 'operator')).accountId;
      const operatorLive = (await key(operator, 'live')).key;
      expect(refs(await byReference(operatorLive))).toEqual([refd[4], refd[2], otherAccount, refd[0]].sort().reverse());
    });

    it.each([['customer_reference='], [`customer_reference=${'x'.repeat(101)}`]])('refuses %s with 422', async (query) => {
      const res = await list(keyC, query);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({
        code: 'validation_failed',
        errors: [expect.objectContaining({ param: 'query.customer_reference' })],
      });
    });
  });

  describe("a booking's timeline: GET /bookings/{ref}/events", () => {
    let keyE: string;
    let keyF: string;
    let testE: string;
    let invoicesOnlyE: string;
    let operatorLive: string;
    let b1: string;
    let b2: string;
    let bF: string;
    /** b1's events as stored, oldest first. */
    const timeline: { id: string; body: string }[] = [];
    let other: string;
    const events = (token: string, ref: string, query = '') => getJson(`${url}/${ref}/events${query ? `?${query}` : ''}`, token);
    const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((e) => e.id);

    beforeAll(async () => {
      const accountE = (await createIntegratorAccount(db.orm, 'Wayne Travel')).accountId;
      const accountF = (await createIntegratorAccount(db.orm, 'Stark Travel')).accountId;
      const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP 3', 'operator')).accountId;
      [keyE, keyF, testE, invoicesOnlyE, operatorLive] = (
        await Promise.all([
          key(accountE, 'live'),
          key(accountF, 'live'),
          key(accountE, 'test'),
          key(accountE, 'live', ['invoices.read']),
          key(operator, 'live'),
        ])
      ).map((k) => k.key);
      const ride = { environment: 'live' as const, status: 'confirmed' as const, pickup: CDG, dropoff: VENDOME, pickupAt: day(12) };
      b1 = await insertBooking({ ...ride, accountId: accountE });
      b2 = await insertBooking({ ...ride, accountId: accountE });
      bF = await insertBooking({ ...ride, accountId: accountF });
      const activities = createPublicWebhookActivities({
        orm: db.orm,
        encryptionKey: TEST_SECRETS.encryptionKey,
        timeoutMs: 1000,
        devTargets: true,
      });
      let sequence = 0;
      const record = async (bookingId: string, type: 'booking.status_changed' | 'booking.rescheduled' | 'booking.cancelled') => {
        await new Promise((r) => setTimeout(r, 2)); // ids a millisecond apart sort in recording order
        const { eventId } = await activities.recordPublicEvent({ type, dedupeKey: `booking:${bookingId}:${++sequence}:x`, bookingId });
        return { id: eventId, body: (await db.orm.em.fork().findOneOrFail(PublicEventSchema, { id: eventId })).body };
      };
      timeline.push(await record(b1, 'booking.status_changed'));
      await record(b2, 'booking.status_changed');
      timeline.push(await record(b1, 'booking.rescheduled'));
      other = (await record(bF, 'booking.status_changed')).id;
      await activities.recordPublicEvent({
        type: 'invoice.created',
        dedupeKey: `invoice:${++sequence}`,
        accountId: accountE,
        environment: 'live',
        data: { number: 'INV-9', account: accountE, net: 1, tax: 0, currency: 'EUR' },
      });
      timeline.push(await record(b1, 'booking.cancelled'));
    });

    it("answers the booking's own events oldest first, each the envelope as stored, keyset paged", async () => {
      const all = await events(keyE, b1);
      expect(all.status).toBe(200);
      expect(all.json.data).toEqual(timeline.map((e) => JSON.parse(e.body)));
      expect(all.json.data.map((e: { type: string; data: { ref: string } }) => [e.type, e.data.ref])).toEqual([
        ['booking.status_changed', b1],
        ['booking.rescheduled', b1],
        ['booking.cancelled', b1],
      ]);
      expect(all.json.has_more).toBe(false);

      const first = await events(keyE, b1, 'limit=2');
      expect(ids(first)).toEqual([timeline[0]!.id, timeline[1]!.id]);
      expect(first.json.has_more).toBe(true);
      expect(first.headers.get('link')).toBe(
        `<http://hub.test/api/public/v1/bookings/${b1}/events?limit=2&cursor=${first.json.next_cursor}>; rel="next"`,
      );
      const second = await events(keyE, b1, `limit=2&cursor=${first.json.next_cursor}`);
      expect(ids(second)).toEqual([timeline[2]!.id]);
      expect(second.json.has_more).toBe(false);
      // The end of the timeline still says where to ask for what happens next.
      const after = await events(keyE, b1, `cursor=${second.json.next_cursor}`);
      expect(after.json).toEqual({ data: [], has_more: false, next_cursor: second.json.next_cursor });
    });

    it("answers 404 for another account's or environment's booking, as for an unknown ref; an operator reads any", async () => {
      expect((await events(keyE, bF)).status).toBe(404);
      expect((await events(keyE, bF)).json).toMatchObject({ code: 'not_found', param: 'ref' });
      expect((await events(testE, b1)).status).toBe(404);
      expect((await events(keyE, newId('bkg'))).status).toBe(404);
      expect(ids(await events(keyF, bF))).toEqual([other]);
      expect(ids(await events(operatorLive, b1))).toEqual(timeline.map((e) => e.id));
    });

    it('needs bookings.read: 403 insufficient_scope without it; 422 for a bad cursor', async () => {
      const refused = await events(invoicesOnlyE, b1);
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'insufficient_scope' });
      const bad = await events(keyE, b1, 'cursor=not*base64');
      expect(bad.status).toBe(422);
      expect(bad.json).toMatchObject({ errors: [expect.objectContaining({ param: 'query.cursor' })] });
    });
  });

  it.each([
    ['status=assigned', 'query.status'],
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['limit=ten', 'query.limit'],
    ['cursor=not*base64', 'query.cursor'],
    [`cursor=${Buffer.from('hello').toString('base64url')}`, 'query.cursor'],
    ['from=2027-03-02T00:00:00Z&to=2027-03-02T00:00:00Z', 'query.to'],
    ['from=2027-03-02', 'query.from'],
    ['market=par', 'query.market'],
    ['sort=asc', 'query.sort'],
  ])('refuses %s with 422', async (query, param) => {
    const res = await list(liveA, query);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ param })] });
  });

  it('shows the cancellation terms by the rules the cancel applies: free, then the fee, none once on board or ended', async () => {
    const accountG = (await createIntegratorAccount(db.orm, 'Cyberdyne')).accountId;
    const keyG = (await key(accountG, 'live')).key;
    const past = new Date(Date.now() - 60_000);
    const late = { accountId: accountG, environment: 'live' as const, pickup: CDG, dropoff: VENDOME, pickupAt: day(1) };
    const terms = async (ref: string) => (await getJson(`${url}/${ref}`, keyG)).json.cancellation_policy;
    const afterWindow = await insertBooking({ ...late, status: 'assigned', ride: { freeUntil: past, lateCancellationFeeMinor: 4321 } });
    const t = await terms(afterWindow);
    expect(t).toMatchObject({ cancellable: true, free_until: past.toISOString(), fee_after: { gross: 43.21, currency: 'EUR' } });
    expect(t.fee_after.tax).toBeGreaterThan(0); // split at the fare's VAT rate, as the cancellation's fee is
    expect(t.fee_now).toEqual(t.fee_after);
    expect(Math.round((t.fee_now.net + t.fee_now.tax) * 100)).toBe(4321);
    expect(Date.parse(t.as_of)).toBeGreaterThan(past.getTime());

    const onBoard = await insertBooking({ ...late, status: 'on_board', ride: { freeUntil: past, lateCancellationFeeMinor: 4321 } });
    expect(await terms(onBoard)).toMatchObject({ cancellable: false, fee_now: null, fee_after: { gross: 43.21 } });
    const ended = await insertBooking({ ...late, status: 'completed' });
    expect(await terms(ended)).toMatchObject({ cancellable: false, fee_now: null });
  });

  describe('the chauffeur and the allocation, from the read model', () => {
    const DRIVER = { name: 'Jo Martin', phone: '+33600000042', photo_url: 'https://example.com/jo.jpg', licence_no: 'FR-42', rating: 4.8 };
    const VEHICLE = { make: 'Mercedes-Benz', model: 'E-Class', year: 2024, color: 'black', plate: 'AB-123-CD' };
    const allocatedAt = new Date(T0 - 3_600_000);
    const acceptedAt = new Date(T0 - 3_540_000);
    const etaAt = new Date(T0 - 600_000);
    const allocated = (status: BookingStatus, extra: Partial<Booking> = {}) =>
      insertBooking({
        accountId: accountC,
        environment: 'live',
        status,
        pickup: CDG,
        dropoff: VENDOME,
        pickupAt: day(6),
        ride: { unitId: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x', driver: DRIVER, vehicle: VEHICLE, assignedAt: allocatedAt, ...extra },
      });
    let accountC: string;
    let keyC: string;
    beforeAll(async () => {
      accountC = (await createIntegratorAccount(db.orm, 'Initech')).accountId;
      keyC = (await key(accountC, 'live')).key;
    });
    const readC = async (ref: string) => (await getJson(`${url}/${ref}`, keyC)).json;
    const listedC = async (ref: string) => (await list(keyC, 'limit=100')).json.data.find((b: { ref: string }) => b.ref === ref);

    it('lists and reads the chauffeur {name, unit}; the single read adds the allocation with its times', async () => {
      const ref = await allocated('on_the_way', { acceptedAt, etaMinutes: 7, etaAt });
      const read = await readC(ref);
      expect(read).toMatchObject({ status: 'en_route', chauffeur: { name: 'Jo Martin', unit: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x' } });
      expect(read.allocation).toEqual({
        unit: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x',
        chauffeur: { name: 'Jo Martin', phone: '+33600000042' },
        vehicle: { make: 'Mercedes-Benz', model: 'E-Class', color: 'black', plate: 'AB-123-CD' },
        allocated_at: allocatedAt.toISOString(),
        accepted_at: acceptedAt.toISOString(),
        eta_at: etaAt.toISOString(),
      });
      const {
        allocation: _allocation,
        cancellation: _cancellation,
        notes: _notes,
        flight_watch: _flightWatch,
        cancellation_policy: _cancellationPolicy,
        ...item
      } = read;
      expect(await listedC(ref)).toEqual(item);
      // Neither the licence nor the photo nor the rating leaves through a booking: no such field, and none of their
      // values (the rating as a JSON number, so that a timestamp's "…:44.866Z" does not count).
      expect(JSON.stringify(read)).not.toMatch(/"licence_no"|"photo_url"|"rating"|FR-42|jo\.jpg|[:[,]4\.8[,\]}]/);
    });

    it('shows an allocation awaiting its answer as not accepted, and no pickup ETA once on board', async () => {
      expect((await readC(await allocated('assigned'))).allocation).toMatchObject({ accepted_at: null, eta_at: null });
      const onBoard = await readC(await allocated('on_board', { acceptedAt, etaMinutes: 25, etaAt }));
      expect(onBoard.allocation).toMatchObject({ accepted_at: acceptedAt.toISOString(), eta_at: null });
      expect(onBoard.status).toBe('pob');
    });

    it('has chauffeur and allocation null before allocation, and a sandbox chauffeur with no unit', async () => {
      const unallocated = await insertBooking({
        accountId: accountC,
        environment: 'live',
        status: 'confirmed',
        pickup: CDG,
        dropoff: VENDOME,
        pickupAt: day(6),
      });
      expect(await readC(unallocated)).toMatchObject({ chauffeur: null, allocation: null });
      expect((await listedC(unallocated)).chauffeur).toBeNull();

      const testC = (await key(accountC, 'test')).key;
      const sandbox = await insertBooking({
        accountId: accountC,
        environment: 'sandbox',
        status: 'assigned',
        pickup: CDG,
        dropoff: VENDOME,
        pickupAt: day(6),
        ride: { unitId: null, driver: DRIVER, vehicle: VEHICLE, assignedAt: allocatedAt, acceptedAt: allocatedAt },
      });
      const read = (await getJson(`${url}/${sandbox}`, testC)).json;
      expect(read.chauffeur).toEqual({ name: 'Jo Martin', unit: null });
      expect(read.allocation).toMatchObject({ unit: null, accepted_at: allocatedAt.toISOString() });
    });
  });

  describe('an operator account', () => {
    let operatorLive: string;
    let operatorTest: string;
    beforeAll(async () => {
      const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
      [operatorLive, operatorTest] = (await Promise.all([key(operator, 'live'), key(operator, 'test')])).map((k) => k.key);
    });

    it("lists and reads every account's bookings of its key's environment", async () => {
      const seen = refs(await list(operatorLive, 'limit=100'));
      expect(seen).toEqual(expect.arrayContaining([...a, liveOfB]));
      expect(seen).not.toContain(sandboxA);
      expect(seen).toEqual([...seen].sort().reverse());
      for (const ref of [a[0], liveOfB]) {
        const read = await getJson(`${url}/${ref}`, operatorLive);
        expect(read.status).toBe(200);
        expect(read.json.ref).toBe(ref);
      }
      expect(refs(await list(operatorLive, 'market=LON'))).toEqual(newestFirst(4, 2));
      expect(refs(await list(operatorTest, 'limit=100'))).toContain(sandboxA);
      expect((await getJson(`${url}/${sandboxA}`, operatorTest)).status).toBe(200);
      expect((await getJson(`${url}/${liveOfB}`, operatorTest)).status).toBe(404);
    });
  });

  it("answers 404 for another account's booking, and leaves it out of lists", async () => {
    const other = await getJson(`${url}/${liveOfB}`, liveA);
    const unknownRef = newId('bkg');
    const missing = await getJson(`${url}/${unknownRef}`, liveA);
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    // The same answer as for a ref that does not exist: nothing tells that the booking is someone else's.
    const comparable = (r: typeof other, ref: string) => ({
      ...r.json,
      detail: r.json.detail.replace(ref, '<ref>'),
      instance: r.json.instance.replace(ref, '<ref>'),
      request_id: undefined,
    });
    expect(comparable(other, liveOfB)).toEqual(comparable(missing, unknownRef));
    expect(refs(await list(liveA))).not.toContain(liveOfB);
    expect(refs(await list(liveB))).toEqual([liveOfB]);
    expect((await getJson(`${url}/${liveOfB}`, liveB)).status).toBe(200);
  });

  it('keeps environments apart: a test key sees sandbox bookings only, a live key live ones only', async () => {
    const sandbox = await list(testA);
    expect(refs(sandbox)).toEqual([sandboxA]);
    expect(sandbox.json.data[0].livemode).toBe(false);
    expect((await getJson(`${url}/${sandboxA}`, testA)).status).toBe(200);
    expect((await getJson(`${url}/${a[0]}`, testA)).status).toBe(404);
    expect((await getJson(`${url}/${sandboxA}`, liveA)).status).toBe(404);
    expect(refs(await list(liveA))).not.toContain(sandboxA);
  });

  it('refuses a missing or mistyped key with 401 and WWW-Authenticate', async () => {
    const missing = await getJson(url);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(missing.json).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const at = liveA.length - 10; // inside the secret part
    const mistyped = liveA.slice(0, at) + (liveA[at] === 'a' ? 'b' : 'a') + liveA.slice(at + 1);
    const res = await getJson(url, mistyped);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(res.json.code).toBe('invalid_api_key');
  });

  it('refuses a revoked key as soon as PostgreSQL tells the API, and a narrowed key its lost scope', async () => {
    const created = await key(accountA, 'live');
    const narrowed = await key(accountA, 'live');
    expect((await list(created.key)).status).toBe(200);
    expect((await list(narrowed.key)).status).toBe(200);
    // The API keeps each key's standing until a change is notified: milliseconds.
    await revokeApiKey(db.orm, created.keyId);
    const res = await eventually(
      () => list(created.key),
      (r) => r.status === 401,
      'the revocation reaches the API',
      { everyMs: 20 },
    );
    expect(res.json.code).toBe('invalid_api_key');
    await db.orm.em.fork().nativeUpdate(ApiKeySchema, { id: narrowed.keyId }, { scopes: ['invoices.read'] });
    const refused = await eventually(
      () => list(narrowed.key),
      (r) => r.status === 403,
      'the new scopes reach the API',
      { everyMs: 20 },
    );
    expect(refused.json.code).toBe('insufficient_scope');
  });

  it('refuses a key without bookings.read with 403 insufficient_scope', async () => {
    const created = await key(accountA, 'live', ['invoices.read']);
    for (const target of [url, `${url}/${a[0]}`]) {
      const res = await getJson(target, created.key);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.read' });
      expect(res.json.detail).toContain('bookings.read');
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="bookings.read"');
    }
  });

  it('sets last_used_at once the key is used', async () => {
    const created = await key(accountA, 'live');
    const before = await db.orm.em.fork().findOneOrFail(ApiKeySchema, { id: created.keyId });
    expect(before.lastUsedAt ?? null).toBeNull();
    const started = Date.now();
    expect((await list(created.key)).status).toBe(200);
    const after = await db.orm.em.fork().findOneOrFail(ApiKeySchema, { id: created.keyId });
    expect(after.lastUsedAt).toBeInstanceOf(Date);
    expect(after.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it("rate limits per key at the key's own rate, with RateLimit headers and Retry-After", async () => {
    const created = await key(accountA, 'live', ['bookings.read'], 5);
    const secondsIntoMinute = (Date.now() / 1000) % 60;
    if (secondsIntoMinute >= 55) await new Promise((r) => setTimeout(r, (60 - secondsIntoMinute) * 1000 + 100));

    for (let i = 1; i <= 5; i++) {
      const res = await list(created.key, 'limit=1');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"default";q=5;w=60');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"default";r=${5 - i};t=\\d+$`));
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(5 - i));
    }
    const limited = await list(created.key, 'limit=1');
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit')).toBe(`"default";r=0;t=${retryAfter}`);
    // Another key of the same account has its own budget.
    expect((await list(liveA, 'limit=1')).headers.get('ratelimit-policy')).toBe('"default";q=600;w=60');
  }, 30_000);
});
