import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createPublicWebhookActivities } from '../../activities/public-webhooks';
import { purgeExpired } from '../../api/housekeeping';
import { PublicDeliveryAttemptSchema, PublicDeliverySchema, PublicEventSchema } from '../../db/entities';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { createDestination } from '../../app/destinations';
import type { PublicEventType } from '../../domain/public-events';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { environmentOfTestOrLive } from '../../domain/environment';

const READ_SCOPES = ['bookings.read', 'invoices.read', 'payments.read'];
const DAY = 86_400_000;

describe('GET /api/public/v1/events: the event log', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let url: string;
  let accountA: string;
  let accountB: string;
  let keyA: string;
  let keyB: string;
  let operatorKey: string;
  let operatorLiveKey: string;
  let seq = 0;
  let activities: ReturnType<typeof createPublicWebhookActivities>;
  /** Account A's test-mode events, as recorded, in creation order. */
  const eventsA: { id: string; type: string; body: string }[] = [];
  let eventB: string;
  let liveA: string;

  const DATA: Record<string, Record<string, unknown>> = {
    'booking.status_changed': { ref: 'bkg_x', status: 'allocated' },
    'booking.cancelled': { ref: 'bkg_x', status: 'cancelled' },
    'invoice.created': { number: 'INV-1', account: 'acct_x', net: 1000, tax: 200, currency: 'EUR' },
    'payment.failed': { payment_id: 'pay_1', reason: '3ds_challenge_abandoned', invoice: 'INV-1' },
    'settlement.paid': { settlement: 'SET-1', driver: 'Jo', payable: 10, currency: 'EUR' },
  };

  /** Records an event through the producers' path (the publishPublicEvent activity), a millisecond apart. */
  async function record(type: PublicEventType, accountId: string, environment: 'live' | 'test' = 'test') {
    await new Promise((r) => setTimeout(r, 2));
    const { eventId } = await activities.recordPublicEvent({ type, dedupeKey: `test:${++seq}`, accountId, environment, data: DATA[type] });
    const stored = await db.orm.em.fork().findOneOrFail(PublicEventSchema, { id: eventId });
    return { id: eventId, type, body: stored.body };
  }

  const key = async (accountId: string, scopes: string[], environment: 'live' | 'test' = 'test') =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive(environment), label: 'log', scopes })).key;
  const events = (token: string, query = '') => getJson(`${url}${query ? `?${query}` : ''}`, token);
  const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((e) => e.id);
  const idsOf = (list: { id: string; type: string }[], pick: (e: { type: string }) => boolean = () => true) =>
    list.filter(pick).map((e) => e.id);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    url = `${hub.baseUrl}/api/public/v1/events`;
    activities = createPublicWebhookActivities({
      orm: db.orm,
      encryptionKey: TEST_SECRETS.encryptionKey,
      timeoutMs: 1000,
      devTargets: true,
    });
    accountA = (await createIntegratorAccount(db.orm, 'Acme Travel')).accountId;
    accountB = (await createIntegratorAccount(db.orm, 'Globex')).accountId;
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    [keyA, keyB, operatorKey, operatorLiveKey] = await Promise.all([
      key(accountA, READ_SCOPES),
      key(accountB, READ_SCOPES),
      key(operator, READ_SCOPES),
      key(operator, READ_SCOPES, 'live'),
    ]);
    for (const type of [
      'booking.status_changed',
      'invoice.created',
      'booking.status_changed',
      'payment.failed',
      'settlement.paid',
      'booking.cancelled',
      'invoice.created',
    ] as const) {
      eventsA.push(await record(type, accountA));
    }
    eventB = (await record('booking.status_changed', accountB)).id;
    liveA = (await record('invoice.created', accountA, 'live')).id;
    // A destination's test event: about the destination, not the account's data; in no event log.
    await db.orm.em.fork().insert(PublicEventSchema, {
      id: newId('evt'),
      accountId: accountA,
      environment: 'sandbox' as const,
      type: 'webhook.test',
      dedupeKey: `test:${++seq}`,
      body: '{}',
      createdAt: new Date(),
    });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it("lists the account's events oldest first, each the webhook envelope byte for byte as stored and delivered", async () => {
    const res = await events(keyA);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(idsOf(eventsA));
    expect(ids(res)).toEqual([...ids(res)].sort());
    res.json.data.forEach((item: unknown, i: number) => expect(JSON.stringify(item)).toBe(eventsA[i].body));
    expect(res.json.data[0]).toEqual({
      id: eventsA[0].id,
      type: 'booking.status_changed',
      created: expect.stringMatching(/Z$/),
      livemode: false,
      data: DATA['booking.status_changed'],
    });
    expect(res.json.has_more).toBe(false);
  });

  it('pages through a cursor, and the last page’s cursor picks up the events recorded after it', async () => {
    const seen: string[] = [];
    let query = 'limit=3';
    let last: { json: { has_more: boolean; next_cursor: string | null } } | undefined;
    const pages: boolean[] = [];
    for (;;) {
      const res = await events(keyA, query);
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      pages.push(res.json.has_more);
      expect(res.json.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      last = res;
      if (!res.json.has_more) {
        expect(res.headers.get('link')).toBeNull();
        break;
      }
      expect(res.headers.get('link')).toBe(`<http://hub.test/api/public/v1/events?limit=3&cursor=${res.json.next_cursor}>; rel="next"`);
      query = `limit=3&cursor=${res.json.next_cursor}`;
    }
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual(idsOf(eventsA));

    const cursor = last!.json.next_cursor!;
    const empty = await events(keyA, `cursor=${cursor}`);
    expect(empty.json).toEqual({ data: [], has_more: false, next_cursor: cursor });
    const later = await record('invoice.created', accountA);
    try {
      const caughtUp = await events(keyA, `cursor=${cursor}`);
      expect(ids(caughtUp)).toEqual([later.id]);
      expect(caughtUp.json.next_cursor).not.toBe(cursor);
    } finally {
      await db.orm.em.fork().nativeDelete(PublicEventSchema, { id: later.id });
    }
  });

  it('filters by type (one, or a group as booking.*) and by from (created at or after)', async () => {
    expect(ids(await events(keyA, 'type=invoice.created'))).toEqual(idsOf(eventsA, (e) => e.type === 'invoice.created'));
    expect(ids(await events(keyA, 'type=booking.*'))).toEqual(idsOf(eventsA, (e) => e.type.startsWith('booking.')));
    const fourth = JSON.parse(eventsA[3].body).created as string;
    expect(ids(await events(keyA, `from=${encodeURIComponent(fourth)}`))).toEqual(idsOf(eventsA.slice(3)));
    expect(ids(await events(keyA, `from=${encodeURIComponent(fourth)}&type=invoice.created`))).toEqual([eventsA[6].id]);
    const first = await events(keyA, 'type=booking.*&limit=1');
    expect(first.json.has_more).toBe(true);
    const rest = await events(keyA, `type=booking.*&cursor=${first.json.next_cursor}`);
    expect([...ids(first), ...ids(rest)]).toEqual(idsOf(eventsA, (e) => e.type.startsWith('booking.')));
    expect(ids(await events(keyA, `from=${encodeURIComponent(new Date(Date.now() + DAY).toISOString())}`))).toEqual([]);
  });

  it('shows each event only to a key with the scope that reads its object', async () => {
    const bookingsOnly = await key(accountA, ['bookings.read']);
    expect(ids(await events(bookingsOnly))).toEqual(idsOf(eventsA, (e) => e.type.startsWith('booking.')));
    const paymentsOnly = await key(accountA, ['payments.read', 'fleet.read']);
    expect(ids(await events(paymentsOnly))).toEqual(idsOf(eventsA, (e) => ['payment.failed', 'settlement.paid'].includes(e.type)));
    const invoicesOnly = await key(accountA, ['invoices.read']);
    expect(ids(await events(invoicesOnly))).toEqual(idsOf(eventsA, (e) => e.type === 'invoice.created'));

    for (const [token, query, scope] of [
      [bookingsOnly, 'type=invoice.created', 'invoices.read'],
      [bookingsOnly, 'type=settlement.*', 'payments.read'],
      [invoicesOnly, 'type=booking.cancelled', 'bookings.read'],
    ]) {
      const refused = await events(token, query);
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'insufficient_scope', scope });
      expect(refused.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="${scope}"`);
    }
    const noneOfThem = await events(await key(accountA, ['webhooks.manage', 'fleet.read']));
    expect(noneOfThem.status).toBe(403);
    expect(noneOfThem.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.read invoices.read payments.read payouts.read' });
  });

  it("shows a corporate account its own events, an operator every account's, each in its key's environment", async () => {
    expect(ids(await events(keyB))).toEqual([eventB]);
    expect(ids(await events(operatorKey))).toEqual([...idsOf(eventsA), eventB].sort());
    expect(ids(await events(operatorLiveKey))).toEqual([liveA]);
    expect(ids(await events(await key(accountA, READ_SCOPES, 'live')))).toEqual([liveA]);
    expect(ids(await events(operatorKey, 'type=booking.status_changed'))).toEqual(
      [...idsOf(eventsA, (e) => e.type === 'booking.status_changed'), eventB].sort(),
    );
  });

  it('reads one event by id under the same rules: its account (or an operator), environment and scope; else 404', async () => {
    const [first] = eventsA;
    const one = await getJson(`${url}/${first.id}`, keyA);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.json)).toBe(first.body);
    expect((await getJson(`${url}/${first.id}`, operatorKey)).json.id).toBe(first.id);
    const invoicesOnly = await key(accountA, ['invoices.read']);
    for (const [token, id] of [
      [keyB, first.id],
      [operatorLiveKey, first.id],
      [invoicesOnly, first.id],
      [keyA, liveA],
      [keyA, 'evt_01jd2k3m4n5p6q7r8s9t0v1w2x'],
    ]) {
      const missing = await getJson(`${url}/${id}`, token);
      expect([id, missing.status, missing.json.code]).toEqual([id, 404, 'not_found']);
    }
    expect((await getJson(`${url}/nope`, keyA)).status).toBe(422);
  });

  it.each([
    ['cursor=not*base64', 'query.cursor'],
    [`cursor=${Buffer.from('bkg_01jd2k3m4n5p6q7r8s9t0v1w2x').toString('base64url')}`, 'query.cursor'],
    ['type=booking.deleted', 'query.type'],
    ['type=webhook.test', 'query.type'],
    ['type=*', 'query.type'],
    ['from=yesterday', 'query.from'],
    ['limit=0', 'query.limit'],
    ['to=2027-01-01T00:00:00Z', 'query.to'],
  ])('refuses %s with 422', async (query, param) => {
    const res = await events(keyA, query);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ param })] });
  });

  it('keeps events 30 days: the housekeeping purges older ones with their finished deliveries, not those a delivery still needs', async () => {
    const { destination } = await createDestination(db.orm, TEST_SECRETS.encryptionKey, {
      accountId: accountA,
      environment: 'sandbox',
      url: 'http://127.0.0.1:9/hooks',
      eventTypes: ['invoice.created'],
    });
    const now = Date.now();
    const em = db.orm.em.fork();
    // No relations in the schemas: each table is flushed after the one it references.
    const later: (() => void)[] = [];
    const old = (days: number, state: 'delivered' | 'failed' | 'pending' | 'parked' | null) => {
      const at = new Date(now - days * DAY);
      const id = newId('evt', at.getTime());
      em.create(PublicEventSchema, {
        id,
        accountId: accountA,
        environment: 'sandbox',
        type: 'invoice.created',
        dedupeKey: `old:${id}`,
        body: JSON.stringify({ id, type: 'invoice.created', created: at.toISOString(), livemode: false, data: DATA['invoice.created'] }),
        createdAt: at,
      });
      if (state) {
        const deliveryId = newId('dlv', at.getTime());
        later.push(() =>
          em.create(PublicDeliverySchema, {
            id: deliveryId,
            eventId: id,
            destinationId: destination.id,
            state,
            attempts: 1,
            createdAt: at,
            updatedAt: at,
          }),
        );
        later.push(() =>
          em.create(PublicDeliveryAttemptSchema, {
            deliveryId,
            eventId: id,
            eventType: 'invoice.created',
            destinationId: destination.id,
            accountId: accountA,
            environment: 'sandbox',
            url: destination.url,
            attempt: 1,
            sentAt: at,
            durationMs: 3,
            succeeded: state === 'delivered',
          }),
        );
      }
      return id;
    };
    const gone = [old(31, null), old(40, 'delivered'), old(35, 'failed')];
    const kept = [old(31, 'parked'), old(45, 'pending'), old(29, 'delivered')];
    await em.flush();
    const [deliveries, attempts] = [later.filter((_, i) => i % 2 === 0), later.filter((_, i) => i % 2 === 1)];
    deliveries.forEach((create) => create());
    await em.flush();
    attempts.forEach((create) => create());
    await em.flush();
    const listed = ids(await events(keyA, 'type=invoice.created&limit=100'));
    expect(listed).toEqual(expect.arrayContaining([...gone, ...kept]));

    await purgeExpired(db.orm);
    const left = (await db.orm.em.fork().find(PublicEventSchema, { id: { $in: [...gone, ...kept] } })).map((e) => e.id);
    expect(left.sort()).toEqual([...kept].sort());
    expect(await db.orm.em.fork().count(PublicDeliverySchema, { eventId: { $in: gone } })).toBe(0);
    expect(await db.orm.em.fork().count(PublicDeliveryAttemptSchema, { eventId: { $in: gone } })).toBe(0);
    expect(await db.orm.em.fork().count(PublicDeliverySchema, { eventId: { $in: kept } })).toBe(3);
    // The kept ones still listed, oldest first, before the recent events, which are untouched.
    expect(ids(await events(keyA, 'limit=100'))).toEqual([...[...kept].sort(), ...idsOf(eventsA)]);
    await db.orm.em.fork().nativeDelete(PublicDeliveryAttemptSchema, { eventId: { $in: kept } });
    await db.orm.em.fork().nativeDelete(PublicDeliverySchema, { eventId: { $in: kept } });
    await db.orm.em.fork().nativeDelete(PublicEventSchema, { id: { $in: kept } });
  });
});
