import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { environmentOfTestOrLive } from '../../domain/environment';
import { localEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startGeocoderServer, type GeocoderServer } from '../support/geocoder-server';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const PARIS_CENTRE = { lat: 48.8566, lng: 2.3522 };
const DOWNING_STREET = { lat: 51.5034, lng: -0.1276 };

/** GET /api/public/v1/places and the address-near-coordinates rule, with the embedded gazetteer and a real HTTP geocoder. */
describe('Places: typed addresses resolved, and addresses far from their coordinates refused', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let embedded: TestHub;
  let nominatim: TestHub;
  let photon: TestHub;
  let geocoder: GeocoderServer;
  let writer: string;
  let reader: string;

  beforeAll(async () => {
    [db, env, geocoder] = await Promise.all([freshDatabase(), localEnvironment(), startGeocoderServer()]);
    embedded = await startTestHub(db, env);
    const http = (provider: string) => ({
      GEOCODER: provider,
      GEOCODER_URL: geocoder.url,
      GEOCODER_TIMEOUT_MS: '300',
      GEOCODER_USER_AGENT: 'hub-tests/1 (ops@example.com)',
    });
    nominatim = await startTestHub(db, env, { workers: false, env: http('nominatim') });
    photon = await startTestHub(db, env, { workers: false, env: http('photon') });
    const { accountId } = await createIntegratorAccount(db.orm, 'Travel Desk', 'corporate');
    const key = async (scopes: string[]) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive('test'), label: 'k', scopes })).key;
    [writer, reader] = await Promise.all([key(['bookings.read', 'bookings.write']), key(['bookings.read'])]);
  });
  afterAll(async () => {
    await Promise.all([embedded?.close(), nominatim?.close(), photon?.close()]);
    await Promise.all([env?.teardown(), db?.close(), geocoder?.close()]);
  });

  const places = (hub: TestHub, q: string, key = writer) =>
    getJson(`${hub.baseUrl}/api/public/v1/places?${new URLSearchParams({ q })}`, key);
  const quote = (hub: TestHub, overrides: Record<string, unknown>) =>
    postJson(`${hub.baseUrl}/api/public/v1/quotes`, writer, {
      pickup_lat: 49.0097,
      pickup_lng: 2.5479,
      dropoff_lat: 48.8674,
      dropoff_lng: 2.3294,
      pickup_address: 'Paris Charles de Gaulle, Terminal 2E',
      dropoff_address: '8 rue de la Paix, 75002 Paris',
      datetime: inDays(3),
      vehicle_class: 'executive',
      ...overrides,
    });

  describe('the embedded gazetteer (the default)', () => {
    it('answers candidate places for what was typed, with name, city and country to confirm', async () => {
      const cdg = await places(embedded, 'cdg');
      expect(cdg.status).toBe(200);
      expect(cdg.json.provider).toBe('embedded');
      expect(cdg.json.data[0]).toEqual({
        object: 'place',
        name: 'Paris Charles de Gaulle Airport',
        kind: 'airport',
        iata: 'CDG',
        city: 'Paris',
        country: 'France',
        country_code: 'FR',
        label: 'Paris Charles de Gaulle Airport, Paris, France',
        lat: 49.0097,
        lng: 2.5479,
        time_zone: 'Europe/Paris',
      });
      expect((await places(embedded, 'gare du n')).json.data.map((p: { name: string }) => p.name)).toEqual(['Gare du Nord']);
      expect((await places(embedded, 'Heathrow T5')).json.data[0]).toMatchObject({
        name: 'Heathrow Terminal 5',
        city: 'London',
        country_code: 'GB',
        time_zone: 'Europe/London',
      });
      expect((await places(embedded, 'nowhere at all')).json.data).toEqual([]);
      expect((await places(embedded, '  ')).json).toMatchObject({ data: [] });
    });

    it('needs bookings.write and a query of two characters', async () => {
      const readOnly = await places(embedded, 'cdg', reader);
      expect(readOnly.status).toBe(403);
      expect(readOnly.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.write' });
      const short = await places(embedded, 'c');
      expect(short.status).toBe(422);
      expect(short.json).toMatchObject({ code: 'validation_failed', param: 'query.q' });
    });

    it('quotes truthful addresses, and those it cannot place, as before', async () => {
      const truthful = await quote(embedded, {});
      expect(truthful.status).toBe(201);
      // The quote names the clock its pickup is stated at, as the place it was picked from did.
      expect(truthful.json.time_zone).toBe('Europe/Paris');
      const unknown = await quote(embedded, { dropoff_address: 'Résidence Les Tilleuls, bâtiment C' });
      expect(unknown.status).toBe(201);
      expect(unknown.json.dropoff_address).toBe('Résidence Les Tilleuls, bâtiment C');
    });

    it('refuses a quote whose address lies far from its coordinates, naming the field, the place and the distance', async () => {
      const london = await quote(embedded, { dropoff_address: 'The Savoy, Strand, London' });
      expect(london.status).toBe(422);
      expect(london.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(london.json).toMatchObject({
        code: 'address_far_from_coordinates',
        title: 'Address far from its coordinates',
        param: 'dropoff_address',
        errors: [{ param: 'dropoff_address', code: 'address_far_from_coordinates' }],
      });
      expect(london.json.detail).toMatch(
        /"The Savoy, Strand, London" is London, United Kingdom .* 3\d\d\.\d km from the coordinates sent .*at most 30 km/,
      );
      const both = await quote(embedded, {
        pickup_address: 'Gare du Nord',
        pickup_lat: 51.47,
        pickup_lng: -0.4543,
        dropoff_address: 'Londres',
      });
      expect(both.status).toBe(422);
      expect(both.json.errors.map((e: { param: string }) => e.param)).toEqual(['pickup_address', 'dropoff_address']);
      expect(both.json.errors[0].detail).toMatch(/at most 5 km/);
      const airport = await quote(embedded, { pickup_address: undefined, pickup_place: { iata: 'LHR', terminal: '5' } });
      expect(airport.json).toMatchObject({ code: 'address_far_from_coordinates', param: 'pickup_place.iata' });
      expect(airport.json.detail).toMatch(/^"LHR" is (London )?Heathrow .* 3\d\d\.\d km from the coordinates sent/);
      expect((await quote(embedded, { pickup_address: undefined, pickup_place: { iata: 'CDG', terminal: '2E' } })).status).toBe(201);
      expect((await quote(embedded, { pickup_address: undefined, pickup_place: { iata: 'ZZZ' } })).status).toBe(201);
    });

    it("refuses a partner booking whose pickup address is far from its coordinates, and books the fixtures' truthful ones", async () => {
      const partner = await createTestPartner(db.orm, { name: 'OTA' });
      const token = await requestToken(embedded.baseUrl, partner.sandbox);
      const far = await postJson(
        `${embedded.baseUrl}/v1/bookings`,
        token,
        bookingBody({ pickup: { ...bookingBody().pickup, address: 'Heathrow Terminal 5' } }),
      );
      expect(far.status).toBe(422);
      expect(far.json).toMatchObject({ code: 'address_far_from_coordinates', param: 'pickup.address' });
      expect((await postJson(`${embedded.baseUrl}/v1/bookings`, token, bookingBody())).status).toBe(201);
    });
  });

  describe('a Nominatim server over HTTP', () => {
    it('asks it with the configured User-Agent and answers its places', async () => {
      geocoder.requests.length = 0;
      const found = await places(nominatim, '10 Downing Street, London');
      expect(found.status).toBe(200);
      expect(found.json).toMatchObject({ provider: 'nominatim' });
      expect(found.json.data).toEqual([
        {
          object: 'place',
          name: '10 Downing Street',
          kind: 'address',
          city: 'London',
          country: 'United Kingdom',
          country_code: 'GB',
          label: '10 Downing Street, Westminster, London, SW1A 2AA, United Kingdom',
          lat: 51.5033635,
          lng: -0.1276248,
          time_zone: 'Europe/London',
        },
      ]);
      const [asked] = geocoder.requests;
      expect(asked).toMatchObject({ path: '/search', headers: { 'user-agent': 'hub-tests/1 (ops@example.com)' } });
      expect(Object.fromEntries(asked!.query)).toMatchObject({
        q: '10 Downing Street, London',
        format: 'jsonv2',
        limit: '5',
        addressdetails: '1',
      });
      // A whole country is no place to drive to.
      expect((await places(nominatim, 'France')).json.data).toEqual([]);
    });

    it('refuses an address it resolves far from the coordinates, and accepts it where it is', async () => {
      const far = await quote(nominatim, {
        pickup_address: '10 Downing Street, London',
        pickup_lat: PARIS_CENTRE.lat,
        pickup_lng: PARIS_CENTRE.lng,
      });
      expect(far.status).toBe(422);
      expect(far.json).toMatchObject({ code: 'address_far_from_coordinates', param: 'pickup_address' });
      const near = await quote(nominatim, {
        pickup_address: '10 Downing Street, London',
        pickup_lat: DOWNING_STREET.lat,
        pickup_lng: DOWNING_STREET.lng,
        dropoff_address: 'Heathrow',
        dropoff_lat: 51.47,
        dropoff_lng: -0.4543,
      });
      expect(near.status).toBe(201);
    });

    it('says clearly when the provider fails, and still quotes what it could not check', async () => {
      const broken = await places(nominatim, 'broken');
      expect(broken.status).toBe(503);
      expect(broken.headers.get('retry-after')).toBe('5');
      expect(broken.json).toMatchObject({ code: 'geocoder_unavailable', title: 'Geocoder unavailable' });
      expect(broken.json.detail).toMatch(/The nominatim geocoder answered HTTP 500/);
      const slow = await places(nominatim, 'slow');
      expect(slow.status).toBe(503);
      expect(slow.json.detail).toMatch(/did not answer within 300 ms/);
      const garbage = await places(nominatim, 'garbage');
      expect(garbage.json).toMatchObject({ code: 'geocoder_unavailable' });
      expect(garbage.json.detail).toMatch(/something other than its search results/);
      expect((await quote(nominatim, { pickup_address: 'broken' })).status).toBe(201);
    });
  });

  describe('a Photon server over HTTP', () => {
    it('reads its GeoJSON into the same places', async () => {
      geocoder.requests.length = 0;
      const heathrow = await places(photon, 'Heathrow');
      expect(heathrow.status).toBe(200);
      expect(heathrow.json).toMatchObject({
        provider: 'photon',
        data: [{ name: 'London Heathrow Airport', kind: 'airport', city: 'London', country_code: 'GB', lat: 51.4677522, lng: -0.4547736 }],
      });
      const street = await places(photon, '10 Downing Street, London');
      expect(street.json.data[0]).toMatchObject({ kind: 'address', label: '10 Downing Street, SW1A 2AA London, United Kingdom' });
      expect(geocoder.requests[0]).toMatchObject({ path: '/api', headers: { 'user-agent': 'hub-tests/1 (ops@example.com)' } });
      const far = await quote(photon, { dropoff_address: 'Heathrow' });
      expect(far.json).toMatchObject({ code: 'address_far_from_coordinates', param: 'dropoff_address' });
    });
  });
});
