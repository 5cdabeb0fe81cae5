import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { requireAllocatedRide } from '../../app/driver';
import { BookingSchema, FleetUnitSchema } from '../../db/entities';
import { issueDriverCredential } from '../../app/fleet';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { drivingMinutes } from '../../domain/eta';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestPartner, getJson, postJson } from '../support/fixtures';
import { CDG, createTestUnit, dateIn, insertTestBooking, VALID_DOCUMENTS } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { eventually } from '../../stack/eventually';

describe('fleet list (Public API) and the driver app endpoints', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let fleetKey: string;
  let corporateFleetKey: string;
  let bookingsOnlyKey: string;
  let partnerId: string;
  const units: Record<string, { id: string; credential: string }> = {};

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const { accountId } = await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator');
    fleetKey = (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'live', label: 'f', scopes: ['fleet.read'] })).key;
    const corporate = await createIntegratorAccount(db.orm, 'Client Portal');
    corporateFleetKey = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: corporate.accountId, environment: 'live', label: 'c', scopes: ['fleet.read'] })
    ).key;
    bookingsOnlyKey = (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'live', label: 'b', scopes: ['bookings.read'] }))
      .key;
    partnerId = (await createTestPartner(db.orm)).partnerId;
    units.parisExec = await createTestUnit(db.orm, { state: 'available', position: { lat: 48.86, lng: 2.35 } });
    units.parisVan = await createTestUnit(db.orm, { vehicleClass: 'van' });
    units.parisExpiring = await createTestUnit(db.orm, { documents: { ...VALID_DOCUMENTS, vehicle_inspection: dateIn(10) } });
    units.londonLapsed = await createTestUnit(db.orm, { market: 'LON', documents: { ...VALID_DOCUMENTS, operator_permit: dateIn(-3) } });
    units.londonExec = await createTestUnit(db.orm, { market: 'LON', state: 'available' });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const fleet = (query = '', key = fleetKey) => getJson(`${hub.baseUrl}/api/public/v1/fleet${query ? `?${query}` : ''}`, key);
  const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((u) => u.id);

  describe('GET /api/public/v1/fleet', () => {
    it('lists every unit with its vehicle, chauffeur, compliance and which document lapses when', async () => {
      const res = await fleet();
      expect(res.status).toBe(200);
      expect(ids(res).sort()).toEqual(
        Object.values(units)
          .map((u) => u.id)
          .sort(),
      );
      const expiring = res.json.data.find((u: { id: string }) => u.id === units.parisExpiring.id);
      expect(expiring.compliance).toMatchObject({ state: 'expiring', next_lapse: { document: 'vehicle_inspection' } });
      expect(expiring.compliance.next_lapse.at).toBe(new Date(Date.parse(`${dateIn(10)}T00:00:00Z`) + 86_400_000).toISOString());
      expect(expiring.vehicle).toMatchObject({ make: 'Mercedes-Benz', year: 2024 });
      expect(expiring.chauffeur).toMatchObject({ name: 'Jean Dupont', licence_no: 'FR-123456', rating: 4.9 });
      const paris = res.json.data.find((u: { id: string }) => u.id === units.parisExec.id);
      expect(paris).toMatchObject({ dispatch_state: 'available', position: { lat: 48.86, lng: 2.35 } });
    });

    it('filters by market, class, compliance and dispatch state', async () => {
      expect(ids(await fleet('market=LON')).sort()).toEqual([units.londonLapsed.id, units.londonExec.id].sort());
      expect(ids(await fleet('class=van'))).toEqual([units.parisVan.id]);
      expect(ids(await fleet('compliance=lapsed'))).toEqual([units.londonLapsed.id]);
      expect(ids(await fleet('compliance=expiring'))).toEqual([units.parisExpiring.id]);
      expect(ids(await fleet('compliance=compliant')).sort()).toEqual([units.parisExec.id, units.parisVan.id, units.londonExec.id].sort());
      expect(ids(await fleet('dispatch_state=available&market=PAR'))).toEqual([units.parisExec.id]);
    });

    it('pages with the keyset cursor and a Link header', async () => {
      const seen: string[] = [];
      let query = 'limit=2';
      let pages = 0;
      for (;;) {
        const res = await fleet(query);
        expect(res.status).toBe(200);
        pages++;
        seen.push(...ids(res));
        if (!res.json.has_more) break;
        expect(res.headers.get('link')).toContain('rel="next"');
        query = `limit=2&cursor=${res.json.next_cursor}`;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual([...seen].sort().reverse());
      expect(new Set(seen).size).toBe(5);
    });

    it("answers an operator's key, and refuses a corporate key with fleet.read: 403 account_kind_forbidden naming both kinds", async () => {
      expect((await fleet('')).status).toBe(200);
      for (const query of ['', 'market=PAR', 'limit=1']) {
        const res = await fleet(query, corporateFleetKey);
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(res.json).toMatchObject({
          code: 'account_kind_forbidden',
          status: 403,
          account_kind: 'corporate',
          required_kind: 'operator',
          type: expect.stringMatching(/\/docs\/errors#account_kind_forbidden$/),
        });
        expect(res.json.detail).toContain('operator');
        expect(res.json.detail).toContain('corporate');
        expect(res.json.data).toBeUndefined();
      }
    });

    it('refuses unknown filter values naming the allowed ones, a bad cursor, and a key without fleet.read', async () => {
      const bad = await fleet('compliance=fine');
      expect(bad.status).toBe(422);
      expect(bad.json.errors[0].param).toBe('query.compliance');
      expect(bad.json.errors[0].detail).toMatch(/compliant.*expiring.*lapsed/);
      const market = await fleet('market=XYZ');
      expect(market.status).toBe(422);
      expect(market.json.errors[0].detail).toContain('PAR');
      expect((await fleet('dispatch_state=sleeping')).json.errors[0].detail).toContain('on_trip');
      expect((await fleet('class=limo')).status).toBe(422);
      expect((await fleet('cursor=bm90LWEtdW5pdA')).json.param).toBe('query.cursor');
      const scope = await fleet('', bookingsOnlyKey);
      expect(scope.status).toBe(403);
      expect(scope.json).toMatchObject({ code: 'insufficient_scope', scope: 'fleet.read' });
      expect((await fleet('', 'hub_live_nope')).status).toBe(401);
    });
  });

  describe('driver app', () => {
    const drive = (path: string, credential: string, body?: unknown) =>
      body === undefined
        ? getJson(`${hub.baseUrl}/driver/v1${path}`, credential)
        : postJson(`${hub.baseUrl}/driver/v1${path}`, credential, body);
    const unitRow = (id: string) => db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id });

    it('authenticates with the drv_ credential; a wrong, mistyped or replaced one is 401', async () => {
      const me = await drive('/unit', units.parisVan.credential);
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ unit_id: units.parisVan.id, dispatch_state: 'offline', compliance: 'compliant' });
      const mistyped = units.parisVan.credential.slice(0, -1) + (units.parisVan.credential.endsWith('A') ? 'B' : 'A');
      const bad = await drive('/unit', mistyped);
      expect(bad.status).toBe(401);
      expect(bad.json.code).toBe('invalid_driver_credential');
      expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
      expect((await drive('/unit', fleetKey)).status).toBe(401);
      const { credential } = await issueDriverCredential(db.orm, TEST_SECRETS, units.parisVan.id);
      expect((await drive('/unit', credential)).status).toBe(200);
      // Each API process keeps a credential's unit until PostgreSQL notifies the change: milliseconds.
      const old = () => drive('/unit', units.parisVan.credential);
      await eventually(old, (r) => r.status === 401, 'the replacement reaches the API', { everyMs: 20 });
      units.parisVan.credential = credential;
    });

    it('goes online and offline; a lapsed unit cannot go online; an offline unit reports no position', async () => {
      const van = units.parisVan.credential;
      const offlineReport = await drive('/positions', van, { lat: 48.85, lng: 2.3, recorded_at: new Date().toISOString() });
      expect(offlineReport.status).toBe(409);
      expect(offlineReport.json.detail).toMatch(/offline/);
      expect((await unitRow(units.parisVan.id)).positionAt).toBeNull();

      expect((await drive('/availability', van, { status: 'online' })).json.dispatch_state).toBe('available');
      expect((await drive('/availability', van, { status: 'online' })).json.dispatch_state).toBe('available');
      expect((await drive('/availability', van, { status: 'offline' })).json.dispatch_state).toBe('offline');
      expect((await drive('/availability', van, { status: 'asleep' })).status).toBe(422);

      const lapsed = await drive('/availability', units.londonLapsed.credential, { status: 'online' });
      expect(lapsed.status).toBe(409);
      expect(lapsed.json.detail).toContain('operator_permit');
      expect((await unitRow(units.londonLapsed.id)).dispatchState).toBe('offline');
    });

    it('refuses impossible coordinates and timestamps from the future, writing nothing', async () => {
      const cred = units.londonExec.credential;
      const before = await unitRow(units.londonExec.id);
      for (const body of [
        { lat: 91, lng: 0, recorded_at: new Date().toISOString() },
        { lat: 51.5, lng: -181, recorded_at: new Date().toISOString() },
        { lat: 51.5, lng: -0.1, recorded_at: new Date(Date.now() + 3_600_000).toISOString() },
        { lat: 51.5, lng: -0.1, recorded_at: 'yesterday' },
        { lat: '51.5', lng: -0.1, recorded_at: new Date().toISOString() },
      ]) {
        const res = await drive('/positions', cred, body);
        expect(res.status).toBe(422);
        expect(res.json.code).toBe('validation_failed');
      }
      const future = await drive('/positions', cred, { lat: 51.5, lng: -0.1, recorded_at: new Date(Date.now() + 3_600_000).toISOString() });
      expect(future.json.param).toBe('recorded_at');
      expect((await unitRow(units.londonExec.id)).positionAt).toEqual(before.positionAt ?? null);
    });

    it('lands positions on the unit and the ride it drives, latest wins, with the ETA to pickup then to drop-off', async () => {
      const cred = units.parisExec.credential;
      const booking = await insertTestBooking(db.orm, { partnerId, status: 'assigned' });
      await db.orm.em
        .getConnection()
        .execute(`update fleet_units set dispatch_state = 'assigned', booking_id = ? where id = ?`, [booking.id, units.parisExec.id]);
      await db.orm.em.getConnection().execute(`update bookings set unit_id = ? where id = ?`, [units.parisExec.id, booking.id]);
      const t = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
      const p1 = { lat: 48.95, lng: 2.5 };

      // Assigned but not on the way yet: the unit moves, the booking shows no position.
      const early = await drive('/positions', cred, { ...p1, recorded_at: t(50) });
      expect(early.json).toEqual({ applied: true, booking_id: null, eta_minutes: null });
      expect((await db.orm.em.fork().findOneOrFail(BookingSchema, { id: booking.id })).positionAt).toBeNull();

      await db.orm.em.getConnection().execute(`update bookings set status = 'on_the_way' where id = ?`, [booking.id]);
      const onTheWay = await drive('/positions', cred, { ...p1, recorded_at: t(40) });
      expect(onTheWay.json).toEqual({ applied: true, booking_id: booking.id, eta_minutes: drivingMinutes(p1, CDG) });

      // An older report than the latest changes nothing.
      const stale = await drive('/positions', cred, { lat: 48.0, lng: 2.0, recorded_at: t(45) });
      expect(stale.json.applied).toBe(false);
      let row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: booking.id });
      expect([row.positionLat, row.positionLng]).toEqual([p1.lat, p1.lng]);
      expect((await unitRow(units.parisExec.id)).positionLat).toBe(p1.lat);

      await db.orm.em.getConnection().execute(`update bookings set status = 'on_board' where id = ?`, [booking.id]);
      const p2 = { lat: 48.9, lng: 2.4 };
      const onBoard = await drive('/positions', cred, { ...p2, recorded_at: t(30) });
      expect(onBoard.json.eta_minutes).toBe(drivingMinutes(p2, booking.dropoff));
      row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: booking.id });
      expect(row).toMatchObject({ positionLat: p2.lat, positionLng: p2.lng, etaMinutes: drivingMinutes(p2, booking.dropoff) });
      // The next report of the same ride in the same status lands in one statement, with the ETA computed before it.
      const p3 = { lat: 48.88, lng: 2.36 };
      const next = await drive('/positions', cred, { ...p3, recorded_at: t(20) });
      expect(next.json).toEqual({ applied: true, booking_id: booking.id, eta_minutes: drivingMinutes(p3, booking.dropoff) });
      row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: booking.id });
      expect(row).toMatchObject({ positionLat: p3.lat, positionLng: p3.lng, etaMinutes: drivingMinutes(p3, booking.dropoff) });

      // Only the unit the ride is allocated to may report on it; to any other, the ride is as unknown as a made-up id.
      expect((await requireAllocatedRide(hub.deps.orm, booking.id, units.parisExec.id)).id).toBe(booking.id);
      await expect(requireAllocatedRide(hub.deps.orm, booking.id, units.londonExec.id)).rejects.toMatchObject({
        code: 'not_found',
        options: { param: 'id' },
      });
      await expect(requireAllocatedRide(hub.deps.orm, 'bkg_00000000000000000000000000', units.parisExec.id)).rejects.toMatchObject({
        code: 'not_found',
        options: { param: 'id' },
      });

      // Holding a ride, the unit cannot go offline.
      const offline = await drive('/availability', cred, { status: 'offline' });
      expect(offline.status).toBe(409);
      expect(offline.json.detail).toContain(booking.id);
    });
  });
});
