import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson, postJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

const HOUR = 3_600_000;

/** The delivery log's reads over rows written as the delivery activity writes them: stats, the type filter, the live stream. */
describe('Public API: destination stats, delivery filters and the live delivery stream', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let account: string;
  let key: string;
  let otherKey: string;
  let destination: string;
  let second: string;

  const sql = (text: string, params: unknown[] = []) => db.orm.em.getConnection().execute(text, params);

  /** One event to `dest` created at `at`, its delivery in `state`, and one attempt per outcome in `attempts` (sent at `at` + i minutes). */
  async function delivery(dest: string, at: Date, state: string, attempts: boolean[], type = 'booking.cancelled', redelivery = false) {
    const eventId = newId('evt', at.getTime());
    await sql(
      `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at) values (?, ?, 'test', ?, ?, '{}', ?)`,
      [eventId, account, type, eventId, at],
    );
    return addDelivery(dest, eventId, at, state, attempts, type, redelivery);
  }
  async function addDelivery(
    dest: string,
    eventId: string,
    at: Date,
    state: string,
    attempts: boolean[],
    type = 'booking.cancelled',
    redelivery = false,
  ) {
    const deliveryId = newId('dlv', at.getTime());
    await sql(
      `insert into public_deliveries (id, event_id, destination_id, state, attempts, redelivery, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [deliveryId, eventId, dest, state, attempts.length, redelivery, at, at],
    );
    for (const [i, succeeded] of attempts.entries()) {
      await sql(
        `insert into public_delivery_attempts (delivery_id, event_id, event_type, destination_id, account_id, environment, url, attempt, sent_at,
           duration_ms, response_status, error, succeeded) values (?, ?, ?, ?, ?, 'test', 'https://erp.example.com/h', ?, ?, 12, ?, null, ?)`,
        [deliveryId, eventId, type, dest, account, i + 1, new Date(at.getTime() + i * 60_000), succeeded ? 200 : 500, succeeded],
      );
    }
    return eventId;
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    account = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
    const other = (await createIntegratorAccount(db.orm, 'Other')).accountId;
    key = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: account, environment: 'sandbox', label: 'k', scopes: ['webhooks.manage'] })
    ).key;
    otherKey = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: other, environment: 'sandbox', label: 'k', scopes: ['webhooks.manage'] })
    ).key;
    const make = async () =>
      (
        await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, key, {
          url: 'https://erp.example.com/h',
          events: ['booking.cancelled'],
        })
      ).json.id as string;
    destination = await make();
    second = await make();
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('counts delivered, failed and pending deliveries and the attempts per hour of a window', async () => {
    const to = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const from = new Date(to.getTime() - 6 * HOUR);
    const at = (h: number) => new Date(from.getTime() + h * HOUR + 5 * 60_000);
    await delivery(destination, at(0), 'delivered', [false, true]);
    await delivery(destination, at(0), 'delivered', [true]);
    const redelivered = await delivery(destination, at(1), 'failed', [false, false, false]);
    await addDelivery(destination, redelivered, at(3), 'delivered', [true], 'booking.cancelled', true); // its latest delivery: delivered
    await delivery(destination, at(2), 'failed', [false]);
    await delivery(destination, at(4), 'pending', [false]);
    await delivery(destination, at(5), 'parked', []);
    await delivery(destination, new Date(from.getTime() - HOUR), 'failed', [false]); // before the window
    await delivery(second, at(2), 'delivered', [true]); // another destination

    const stats = await getJson(
      `${hub.baseUrl}/api/public/v1/webhook-destinations/${destination}/stats?from=${from.toISOString()}&to=${to.toISOString()}`,
      key,
    );
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({
      object: 'webhook_destination_stats',
      destination,
      from: from.toISOString(),
      to: to.toISOString(),
      deliveries: { delivered: 3, failed: 1, pending: 2 },
      attempts: { succeeded: 3, failed: 6 },
    });
    expect(stats.json.hourly).toEqual([
      { start: from.toISOString(), succeeded: 2, failed: 1 },
      { start: new Date(from.getTime() + HOUR).toISOString(), succeeded: 0, failed: 3 },
      { start: new Date(from.getTime() + 2 * HOUR).toISOString(), succeeded: 0, failed: 1 },
      { start: new Date(from.getTime() + 3 * HOUR).toISOString(), succeeded: 1, failed: 0 },
      { start: new Date(from.getTime() + 4 * HOUR).toISOString(), succeeded: 0, failed: 1 },
      { start: new Date(from.getTime() + 5 * HOUR).toISOString(), succeeded: 0, failed: 0 },
    ]);

    const byDefault = await getJson(`${hub.baseUrl}/api/public/v1/webhook-destinations/${destination}/stats`, key);
    expect(byDefault.json.hourly).toHaveLength(24);
    expect(Date.parse(byDefault.json.to) - Date.parse(byDefault.json.from)).toBe(24 * HOUR);
    expect(byDefault.json.attempts).toEqual({ succeeded: 3, failed: 7 });

    const tooLong = await getJson(
      `${hub.baseUrl}/api/public/v1/webhook-destinations/${destination}/stats?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`,
      key,
    );
    expect(tooLong.status).toBe(422);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/webhook-destinations/${destination}/stats`, otherKey)).status).toBe(404);
  });

  it('filters the delivery log by event type', async () => {
    await delivery(second, new Date(), 'delivered', [true], 'invoice.created');
    const invoices = await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?type=invoice.created`, key);
    expect(invoices.status).toBe(200);
    expect(invoices.json.data.map((a: { event_type: string }) => a.event_type)).toEqual(['invoice.created']);
    const cancelled = await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?type=booking.cancelled&destination=${second}`, key);
    expect(cancelled.json.data).toHaveLength(1);
  });

  it('streams each new attempt of the account as it is logged, and resumes from Last-Event-ID', async () => {
    const abort = new AbortController();
    const response = await fetch(`${hub.baseUrl}/api/public/v1/webhook-deliveries/stream`, {
      headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const events = () =>
      [...text.matchAll(/id: (\d+)\nevent: delivery_attempt\ndata: (.+)\n\n/g)].map((m) => ({ id: m[1]!, data: JSON.parse(m[2]!) }));
    const readUntil = async (n: number) => {
      while (events().length < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended after ${events().length} events`);
        text += decoder.decode(value, { stream: true });
      }
      return events();
    };
    await readUntil(0);
    const eventId = await delivery(destination, new Date(), 'failed', [false, true], 'booking.status_changed');
    const [first, secondAttempt] = await readUntil(2);
    expect(first!.data).toMatchObject({
      event_id: eventId,
      event_type: 'booking.status_changed',
      destination_id: destination,
      attempt: 1,
      succeeded: false,
    });
    expect(secondAttempt!.data).toMatchObject({ event_id: eventId, attempt: 2, succeeded: true, response_status: 200 });
    expect(events()).toHaveLength(2); // the attempts logged before the stream opened are not sent
    abort.abort();

    // A resumed stream gets what was logged since its last id; a client that did not ask for a stream gets it and the end.
    const resumed = await fetch(`${hub.baseUrl}/api/public/v1/webhook-deliveries/stream?destination=${destination}`, {
      headers: { authorization: `Bearer ${key}`, 'last-event-id': first!.id },
      signal: AbortSignal.timeout(5000),
    });
    const resumedText = await resumed.text(); // ends by itself
    expect(resumedText).toContain(`id: ${secondAttempt!.id}\n`);
    expect(resumedText).not.toContain(`id: ${first!.id}\n`);

    // Filtered by event type: the attempts of events of other types are left out.
    const cancelled = await delivery(destination, new Date(), 'delivered', [true], 'booking.cancelled');
    const byType = await fetch(`${hub.baseUrl}/api/public/v1/webhook-deliveries/stream?type=booking.cancelled`, {
      headers: { authorization: `Bearer ${key}`, 'last-event-id': String(BigInt(first!.id) - 1n) },
      signal: AbortSignal.timeout(5000),
    });
    const typed = [...(await byType.text()).matchAll(/data: (.+)\n/g)].map(
      (m) => JSON.parse(m[1]!) as { event_id: string; event_type: string },
    );
    expect(typed.map((attempt) => [attempt.event_id, attempt.event_type])).toEqual([[cancelled, 'booking.cancelled']]);
  });
});
