import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createIntegratorAccount } from '../../app/accounts';
import { BookingSchema, HubEventSchema } from '../../db/entities';
import { bookingWorkflowId } from '../../contracts/booking';
import { freshDatabase, type TestDatabase, sqlOn, bookingCount as countBookings } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { eventually } from '../../stack/eventually';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/** POST /v1/bookings: the read model written with the recovery point, a plain start, external_id, bad input (the sweep: unstarted-sweep.test.ts). */
describe('POST /v1/bookings', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);
  const bookingCount = (partnerId: string) => countBookings(db, partnerId);
  async function bookingWorkflows(partnerId: string): Promise<number> {
    return (await env.client.workflow.count(`WorkflowType = 'bookingWorkflow' AND PartnerId = '${partnerId}'`)).count;
  }

  async function newPartner(name: string) {
    const partner = await createTestPartner(db.orm, { name });
    return {
      ...partner,
      token: await requestToken(hub.baseUrl, partner.sandbox),
      liveToken: await requestToken(hub.baseUrl, partner.live),
    };
  }

  it('answers 201 confirmed with the booking already in the read model, and its workflow writes booking.created', async () => {
    const partner = await newPartner('Fast');
    const account = await createIntegratorAccount(db.orm, 'Linked account');
    await sql(`update partners set account_id = ? where id = ?`, [account.accountId, partner.partnerId]);
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingBody());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: 'confirmed', livemode: false });
    // Written before the answer, not by the worker later.
    const row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: created.json.id });
    expect(row).toMatchObject({ status: 'confirmed', accountId: account.accountId, partnerId: partner.partnerId });
    const events = await eventually(
      () => db.orm.em.fork().find(HubEventSchema, { bookingId: created.json.id }),
      (e) => e.length > 0,
      'the workflow records booking.created',
    );
    expect(events.map((e) => e.type)).toEqual(['booking.created']);
    const description = await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).describe();
    expect(description.memo).toMatchObject({ externalId: created.json.external_id });
  });

  it('refuses an external_id the partner already used in that environment with 409 naming the booking; other environments and partners are free', async () => {
    const partner = await newPartner('Unique');
    const other = await newPartner('Other');
    const first = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingBody({ external_id: 'DUP-1' }));
    expect(first.status).toBe(201);

    const again = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingBody({ external_id: 'DUP-1' }));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'conflict', param: 'external_id', booking_id: first.json.id });
    expect(again.json.detail).toContain(first.json.id);
    expect(await bookingCount(partner.partnerId)).toBe(1);
    expect(await bookingWorkflows(partner.partnerId)).toBe(1);

    // With an Idempotency-Key too: refused, nothing stored to replay, the key free for a corrected request.
    const keyed = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingBody({ external_id: 'DUP-1' }), {
      'Idempotency-Key': 'dup-1',
    });
    expect(keyed.json).toMatchObject({ code: 'conflict', booking_id: first.json.id });

    const live = await postJson(`${hub.baseUrl}/v1/bookings`, partner.liveToken, bookingBody({ external_id: 'DUP-1' }));
    expect(live.status).toBe(201);
    const stranger = await postJson(`${hub.baseUrl}/v1/bookings`, other.token, bookingBody({ external_id: 'DUP-1' }));
    expect(stranger.status).toBe(201);
    // Without external_id there is nothing to collide.
    const { external_id: _, ...anonymous } = bookingBody();
    expect((await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, anonymous)).status).toBe(201);
    expect((await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, anonymous)).status).toBe(201);
    expect(await bookingCount(partner.partnerId)).toBe(4);
  });

  const past = new Date(Date.now() - 3600_000).toISOString();
  it.each([
    ['an unknown vehicle class', { vehicle_class: 'spaceship' }, 'vehicle_class', /standard.*executive.*luxury.*van.*minibus/],
    [
      'more passengers than the class seats',
      { vehicle_class: 'standard', passenger: { ...bookingBody().passenger, pax: 5 } },
      'passenger.pax',
      /at most 4/,
    ],
    [
      'more bags than the class carries',
      { vehicle_class: 'executive', passenger: { ...bookingBody().passenger, luggage: 4 } },
      'passenger.luggage',
      /at most 3/,
    ],
    ['a pickup latitude out of range', { pickup: { ...bookingBody().pickup, lat: 91 } }, 'pickup.lat', /90/],
    ['a dropoff longitude out of range', { dropoff: { ...bookingBody().dropoff, lng: -181 } }, 'dropoff.lng', /-180/],
    ['a pickup in the past', { pickup: { ...bookingBody().pickup, datetime: past } }, 'pickup.datetime', /past/],
    ['a malformed quote id', { quote_id: 'quote-1' }, 'quote_id', /qt_/],
  ])('refuses %s with 422 naming the field; nothing written, no workflow', async (_name, overrides, param, detail) => {
    const partner = await newPartner(`Bad ${param}`);
    const reply = await postJson(
      `${hub.baseUrl}/v1/bookings`,
      partner.token,
      { ...bookingBody(), ...overrides },
      { 'Idempotency-Key': `bad-${param}` },
    );
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ code: 'validation_failed', param });
    expect(reply.json.errors[0].detail).toMatch(detail);
    expect(await bookingCount(partner.partnerId)).toBe(0);
    expect(await bookingWorkflows(partner.partnerId)).toBe(0);
    expect(await sql(`select 1 from idempotency_keys where key = ?`, [`bad-${param}`])).toEqual([]);
  });
});
