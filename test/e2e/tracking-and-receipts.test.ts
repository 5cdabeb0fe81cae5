import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Browser } from 'playwright-core';
import { receiptToken, receiptUrl, trackingToken, trackingUrl } from '../../infra/passenger-links';
import { ANONYMOUS_LIMITS } from '../../api/middleware/rate-limit';
import { eventually } from '../../stack/eventually';
import { revokeReceipt } from '../../app/receipts';
import { formatMoney, receiptCache, receiptFigures } from '../../api/receipts/pdf';
import { BookingSchema } from '../../db/entities';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { drivingMinutes } from '../../domain/eta';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { CDG, createTestUnit, insertTestBooking } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { launchBrowser } from '../support/browser';
import { openSse } from '../support/sse';
import { localEnvironment } from '../../stack/temporal';
import type { FareBreakdown } from '../../domain/pricing';
import { environmentOfTestOrLive } from '../../domain/environment';

const run = promisify(execFile);

describe('passenger tracking page, its event stream, and the PDF receipt', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let partnerId: string;
  let partner: Awaited<ReturnType<typeof createTestPartner>>;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false, env: { PUBLIC_BASE_URL: 'http://hub.test' } });
    partner = await createTestPartner(db.orm);
    partnerId = partner.partnerId;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = (text: string, params: unknown[] = []) => db.orm.em.getConnection().execute(text, params);
  const local = (url: string) => url.replace('http://hub.test', hub.baseUrl);

  /** A live ride with a unit on it, as allocation leaves it. */
  async function rideWithUnit(status: string) {
    const unit = await createTestUnit(db.orm, { state: 'assigned', name: 'Jean-Pierre Dupont' });
    const booking = await insertTestBooking(db.orm, { partnerId, status });
    await sql(`update fleet_units set booking_id = ? where id = ?`, [booking.id, unit.id]);
    await sql(`update bookings set unit_id = ?, driver = ?::jsonb, vehicle = ?::jsonb, assigned_at = now() where id = ?`, [
      unit.id,
      JSON.stringify({
        name: 'Jean-Pierre Dupont',
        phone: '+33611111111',
        photo_url: 'https://example.com/j.jpg',
        licence_no: 'FR-1',
        rating: 4.9,
      }),
      JSON.stringify({ make: 'Mercedes-Benz', model: 'E-Class', year: 2024, color: 'black', plate: unit.plate }),
      booking.id,
    ]);
    return { unit, booking, url: local(trackingUrl('http://hub.test', TEST_SECRETS.encryptionKey, booking)) };
  }

  it('shows the ride without passenger data and moves the car when a position is reported, without a reload', async () => {
    const { unit, booking, url } = await rideWithUnit('on_the_way');
    browser = await launchBrowser();
    const page = await browser.newPage();
    const seenRequests: string[] = [];
    page.on('request', (r) => seenRequests.push(r.url()));
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await page.textContent('#headline')).toBe('Your driver is on the way');
    expect(await page.textContent('#driver')).toBe('Jean-Pierre');
    expect(await page.textContent('#plate')).toBe(unit.plate);
    expect(await page.textContent('#vehicle')).toBe('black Mercedes-Benz E-Class');
    // Where the ride goes is shown (the passenger's own trip); who rides and who drives (names, phones) never is.
    expect(await page.textContent('#from')).toBe(CDG.address);
    const html = await page.content();
    for (const secret of ['Ada', 'Lovelace', '+33612345678', 'Dupont', '+33611111111']) expect(html).not.toContain(secret);
    expect(await page.getAttribute('#car', 'visibility')).toBe('hidden');
    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42));

    // The driver app reports a position: it lands in the read model and the page's stream carries it.
    const position = { lat: 48.95, lng: 2.5 };
    const report = await postJson(`${hub.baseUrl}/driver/v1/positions`, unit.credential, {
      ...position,
      recorded_at: new Date().toISOString(),
    });
    expect(report.json).toMatchObject({ applied: true, booking_id: booking.id });
    await page.waitForSelector(`#car[data-lat="${position.lat}"][data-lng="${position.lng}"]`, { timeout: 20_000 });
    expect(await page.textContent('#eta')).toBe(`${drivingMinutes(position, CDG)} min`);
    expect(await page.evaluate(() => (globalThis as unknown as { marker: number }).marker)).toBe(42);

    // A second move, written straight to the read model as any writer would.
    await sql(`update bookings set position_lat = 48.97, position_lng = 2.52, position_at = now(), eta_minutes = 4 where id = ?`, [
      booking.id,
    ]);
    await page.waitForSelector('#car[data-lat="48.97"]', { timeout: 20_000 });
    expect(await page.textContent('#eta')).toBe('4 min');
    // Every asset came from the hub itself.
    expect(seenRequests.every((u) => u.startsWith(hub.baseUrl))).toBe(true);
    expect(seenRequests.some((u) => u.endsWith('/assets/track/track.js'))).toBe(true);
    // The page stays open: with --single-process, closing the last page ends the browser.
  });

  it('limits each passenger link, with a 429 and Retry-After, leaving other links alone', async () => {
    const [{ url }, other] = [await rideWithUnit('on_the_way'), await rideWithUnit('on_the_way')];
    // Fixed one-minute windows: twice the limit and one more is over it in one window, wherever the burst starts.
    let refused: Response | undefined;
    for (let i = 0; i <= 2 * ANONYMOUS_LIMITS.perPassengerLink && !refused; i++) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(other.url)).status).toBe(200);
  });

  it('answers a tampered, unknown or expired link with a plain error page', async () => {
    const { booking, url } = await rideWithUnit('on_the_way');
    browser ??= await launchBrowser();
    const page = await browser.newPage();
    const tampered = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    const response = await page.goto(tampered);
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('This tracking link is not valid');
    expect(await page.$('#car')).toBeNull();

    const other = url.replace(booking.id, booking.id.slice(0, -1) + (booking.id.endsWith('a') ? 'b' : 'a'));
    expect((await fetch(other)).status).toBe(404);
    expect((await fetch(`${hub.baseUrl}/track/nonsense`)).status).toBe(404);
    const past = `${hub.baseUrl}/track/${trackingToken(TEST_SECRETS.encryptionKey, booking.id, new Date(Date.now() - 1000))}`;
    const expired = await fetch(past);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This tracking link has expired');
    const events = await fetch(`${tampered}/events`);
    expect(events.status).toBe(404);

    // 24 hours after the ride ended the link stops working.
    await sql(`update bookings set status = 'completed', ended_at = now() - interval '25 hours' where id = ?`, [booking.id]);
    expect((await fetch(url)).status).toBe(410);
    await sql(`update bookings set ended_at = now() - interval '23 hours' where id = ?`, [booking.id]);
    expect((await fetch(url)).status).toBe(200);
  });

  it('streams SSE with ids, resumes from Last-Event-ID, hides the position before the driver is on the way, and ends with 204', async () => {
    const { booking, url } = await rideWithUnit('assigned');
    await sql(`update bookings set position_lat = 48.9, position_lng = 2.4, position_at = now(), eta_minutes = 30 where id = ?`, [
      booking.id,
    ]);
    const first = await openSse(`${url}/events`);
    expect(first.status).toBe(200);
    expect(first.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const assigned = await first.json<{ status: string; position: unknown; eta_minutes: unknown; driver: unknown }>();
    expect(assigned?.id).toMatch(/^[0-9a-z]+-[A-Za-z0-9_-]{12}$/);
    expect(assigned?.body).toMatchObject({ status: 'assigned', position: null, eta_minutes: null, driver: { first_name: 'Jean-Pierre' } });
    first.close();

    // Resuming with the id just seen: nothing is repeated; the next event is the next change.
    const resumed = await openSse(`${url}/events`, { 'last-event-id': assigned!.id! });
    await sql(`update bookings set status = 'on_the_way', position_at = now() + interval '1 second' where id = ?`, [booking.id]);
    const next = await resumed.json<{ status: string; position: { lat: number } | null }>();
    expect(next?.id).not.toBe(assigned!.id);
    expect(next?.body.status).toBe('on_the_way');
    expect(next?.body.position?.lat).toBe(48.9);
    resumed.close();

    // Resuming from an older id: the current state at once.
    const stale = await openSse(`${url}/events`, { 'last-event-id': assigned!.id! });
    const current = await stale.json<{ status: string }>();
    expect(current?.id).toBe(next!.id);
    expect(current?.body.status).toBe('on_the_way');

    // The ride ends: the final state, then the stream closes; reconnecting gets 204.
    await sql(`update bookings set status = 'completed', completed_at = now(), ended_at = now() where id = ?`, [booking.id]);
    const last = await stale.json<{ status: string; ended: boolean; position: unknown }>();
    expect(last?.body).toMatchObject({ status: 'completed', ended: true, position: null });
    expect(await stale.next()).toBeNull();
    const after = await fetch(`${url}/events`);
    expect(after.status).toBe(204);
  });

  it('listens on one PostgreSQL connection per API process, whatever the number of streams', async () => {
    const rides = await Promise.all([rideWithUnit('on_the_way'), rideWithUnit('on_the_way'), rideWithUnit('arrived')]);
    const streams = await Promise.all(rides.map((r) => openSse(`${r.url}/events`)));
    await Promise.all(streams.map((s) => s.json()));
    // The first event comes from a read; the LISTEN may still be on its way under load.
    const listening = async () =>
      Number(
        (
          (
            await sql(
              `select count(*) as n from pg_stat_activity where datname = current_database() and query ilike 'listen booking_changed%'`,
            )
          )[0] as {
            n: string;
          }
        ).n,
      );
    expect(await eventually(listening, (n) => n > 0, 'the API listens')).toBe(1);
    for (const s of streams) s.close();
  });

  it("puts the tracking link in the partner's booking view; it works for sandbox rides too", async () => {
    const booking = await insertTestBooking(db.orm, { partnerId, environment: 'sandbox', status: 'confirmed' });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const view = await getJson(`${hub.baseUrl}/v1/bookings/${booking.id}`, token);
    expect(view.status).toBe(200);
    expect(view.json.tracking_url).toMatch(new RegExp(`^http://hub\\.test/track/${booking.id}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{43}$`));
    const page = await fetch(local(view.json.tracking_url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Booking confirmed');
  });

  it('streams the same events to integrators at /api/public/track/{ref} with tracking.read', async () => {
    const { accountId } = await createIntegratorAccount(db.orm, 'Tracker');
    await sql(`update partners set account_id = ? where id = ?`, [accountId, partnerId]);
    const { booking } = await rideWithUnit('on_the_way');
    await sql(`update bookings set account_id = ?, position_lat = 48.99, position_lng = 2.51, position_at = now() where id = ?`, [
      accountId,
      booking.id,
    ]);
    const key = async (scopes: string[], environment: 'live' | 'test' = 'live') =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive(environment), label: 't', scopes })).key;
    const reader = await key(['tracking.read']);
    const stream = await openSse(`${hub.baseUrl}/api/public/track/${booking.id}`, { authorization: `Bearer ${reader}` });
    expect(stream.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await stream.json<{ status: string; position: { lat: number } }>();
    expect(first?.body).toMatchObject({ status: 'on_the_way', position: { lat: 48.99 } });
    await sql(`update bookings set position_lat = 48.995, position_at = now() + interval '1 second' where id = ?`, [booking.id]);
    expect((await stream.json<{ position: { lat: number } }>())?.body.position.lat).toBe(48.995);
    stream.close();

    const noScope = await getJson(`${hub.baseUrl}/api/public/track/${booking.id}`, await key(['bookings.read']));
    expect(noScope.status).toBe(403);
    const otherEnv = await getJson(`${hub.baseUrl}/api/public/track/${booking.id}`, await key(['tracking.read'], 'test'));
    expect(otherEnv.status).toBe(404);
    // Another corporate account does not see it; an operator account does.
    const keyOf = async (name: string, kind: 'corporate' | 'operator') => {
      const account = await createIntegratorAccount(db.orm, name, kind);
      return (
        await createApiKey(db.orm, TEST_SECRETS, {
          accountId: account.accountId,
          environment: 'live',
          label: 't',
          scopes: ['tracking.read'],
        })
      ).key;
    };
    const otherAccount = await getJson(`${hub.baseUrl}/api/public/track/${booking.id}`, await keyOf('Other portal', 'corporate'));
    expect(otherAccount.status).toBe(404);
    const operatorStream = await openSse(`${hub.baseUrl}/api/public/track/${booking.id}`, {
      authorization: `Bearer ${await keyOf('Dispatch ERP', 'operator')}`,
    });
    expect(operatorStream.status).toBe(200);
    expect((await operatorStream.json<{ position: { lat: number } }>())?.body.position.lat).toBe(48.995);
    operatorStream.close();
    await sql(`update bookings set status = 'completed', ended_at = now() where id = ?`, [booking.id]);
    expect((await fetch(`${hub.baseUrl}/api/public/track/${booking.id}`, { headers: { authorization: `Bearer ${reader}` } })).status).toBe(
      204,
    );
  });

  it('serves a PDF receipt once the ride is completed, whose totals match the fare', async () => {
    const { booking } = await rideWithUnit('on_board');
    const url = local(receiptUrl('http://hub.test', TEST_SECRETS.encryptionKey, booking));
    const early = await fetch(url);
    expect(early.status).toBe(404);
    expect(await early.text()).toContain('once the ride is completed');

    await sql(
      `update bookings set status = 'completed', started_at = now() - interval '40 minutes', completed_at = now(), ended_at = now(),
         trip = ?::jsonb where id = ?`,
      [JSON.stringify({ distance_km: 27.4, duration_min: 38 }), booking.id],
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
    writeFileSync(join(dir, 'r.pdf'), pdf);
    const { stdout } = await run(process.execPath, [join(__dirname, '..', 'support', 'pdf-text.mjs'), join(dir, 'r.pdf')]);
    const parsed = JSON.parse(stdout) as { pages: string[][]; title: string };
    expect(parsed.pages).toHaveLength(1);
    const text = parsed.pages[0]!;
    expect(parsed.title).toBe(`Receipt ${booking.id}`);

    const row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: booking.id });
    const fare = row.fare as unknown as FareBreakdown;
    const after = (label: string) => text[text.indexOf(label) + 1];
    expect(after('Total')).toBe(formatMoney(fare.total, 'EUR'));
    expect(after('VAT 10%')).toBe(formatMoney(fare.taxes, 'EUR'));
    expect(after('Net')).toBe(formatMoney(fare.total - fare.taxes, 'EUR'));
    expect(after('Base fare')).toBe(formatMoney(fare.base, 'EUR'));
    expect(after('Distance charge')).toBe(formatMoney(fare.distance, 'EUR'));
    expect(after('Time charge')).toBe(formatMoney(fare.time, 'EUR'));
    expect(after('Surcharges')).toBe(formatMoney(fare.surcharges, 'EUR'));
    // The partner's commission is not the passenger's business.
    expect(text.join(' ')).not.toMatch(/commission/i);
    // The parts add up to the total printed.
    const printed = (label: string) => Math.round(parseFloat(after(label)!) * 100);
    expect(printed('Base fare') + printed('Distance charge') + printed('Time charge') + printed('Surcharges') + printed('VAT 10%')).toBe(
      printed('Total'),
    );
    expect(after('Distance driven')).toBe('27.4 km');
    expect(after('Time taken')).toBe('38 min');
    expect(text).toContain(CDG.address);
    expect(receiptFigures(row).total).toBe(row.fareTotalMinor);
    // Rendered once per booking and change: the same bytes again, a new rendering once the booking changed.
    const cache = receiptCache();
    const first = await cache.get(row);
    expect(await cache.get(row)).toBe(first);
    expect(await cache.get({ ...row, updatedAt: new Date(new Date(row.updatedAt).getTime() + 1000) })).not.toBe(first);

    const forged = `${hub.baseUrl}/receipts/${receiptToken(Buffer.alloc(32, 7), booking.id, new Date(Date.now() + 3_600_000))}`;
    expect((await fetch(forged)).status).toBe(404);
    // Links expire (the pickup time plus RECEIPT_LINK_DAYS) and ops can revoke them: 410 either way.
    const expired = `${hub.baseUrl}/receipts/${receiptToken(TEST_SECRETS.encryptionKey, booking.id, new Date(Date.now() - 1000))}`;
    expect((await fetch(expired)).status).toBe(410);
    expect((await fetch(url)).status).toBe(200);
    await revokeReceipt(db.orm, booking.id);
    const revoked = await fetch(url);
    expect([revoked.status, await revoked.text()]).toEqual([410, 'This receipt link was revoked.\n']);
  });
});
