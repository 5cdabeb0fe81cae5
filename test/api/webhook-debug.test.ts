import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { PUBLIC_WEBHOOKS_TASK_QUEUE, publicEventWorkflowId, type PublishPublicEventInput } from '../../contracts/public-webhooks';
import { environmentOfTestOrLive } from '../../domain/environment';
import { EVENT_CATALOGUE } from '../../api/public/event-catalogue';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson, postJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';

/**
 * Debugging a webhook to the byte (dev server end to end, real local receivers): what each attempt's receiver
 * answered, the deliveries of a booking and of an event, and test events of any catalogue type.
 */
describe('Public webhooks: what the receiver answered, deliveries by booking and event, test events of any type', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let accountA: string;
  let testA: string;
  let testB: string;
  const sql = sqlOn(() => db);
  const log = () => `${hub.baseUrl}/api/public/v1/webhook-deliveries`;

  const key = async (accountId: string, scopes = ['webhooks.manage', 'bookings.read']) =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive('test'), label: 'k', scopes })).key;
  const destination = async (url: string, events: string[] = ['booking.status_changed']) =>
    (await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, testA, { url, events })).json as {
      id: string;
      signing_secret: string;
    };
  const sendTest = (destinationId: string, body?: unknown) =>
    postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations/${destinationId}/test`, testA, body ?? {});
  /** The attempts a log query lists, once `count` are logged (an attempt's row is written after the receiver answered). */
  async function attemptsListed(query: string, count = 1) {
    for (let i = 0; i < 50; i++) {
      const listed = await getJson(`${log()}?${query}`, testA);
      if (listed.json.data.length >= count) return listed.json.data as { id: string; attempt: number; event_id: string }[];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`fewer than ${count} attempts logged for ${query}`);
  }
  const attemptsOf = (deliveryId: string, count = 1) => attemptsListed(`delivery=${deliveryId}`, count);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    accountA = (await createIntegratorAccount(db.orm, 'A')).accountId;
    const accountB = (await createIntegratorAccount(db.orm, 'B')).accountId;
    [testA, testB] = await Promise.all([key(accountA), key(accountB)]);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('keeps the status, headers and first 4 KB of the body, truncation marked, secrets (ours above all) redacted', async () => {
    let secret = '';
    // 6 KB of text that echoes our signing secret and carries secret-looking values; the 4 KB cut falls after them.
    const body = () =>
      JSON.stringify({
        received: true,
        echo: secret,
        bare: secret.replace(/^whsec_/, ''),
        access_token: 'at-0123456789abcdef',
        note: 'Bearer abcdefghijklmnop',
        é: 'ünïcödé',
        pad: 'x'.repeat(6000),
      });
    const receiver = await startReceiver(
      () => 422,
      () => ({
        'content-type': 'application/json; charset=utf-8',
        'set-cookie': ['session=s3cr3t-cookie; HttpOnly', 'other=2'],
        authorization: 'Basic dXNlcjpwYXNz',
        'x-api-token': 'tok_live_abcdef',
        'x-trace': 'trace-42',
        'x-echo': `sig ${'0'.repeat(4)} whsec_abcdefghijklmnop`,
      }),
      body,
    );
    try {
      const d = await destination(receiver.url);
      secret = d.signing_secret;
      const sent = (await sendTest(d.id)).json;
      await receiver.waitFor(1);
      const [first] = await attemptsOf(sent.delivery_id);
      const one = await getJson(`${log()}/${first.id}`, testA);
      expect(one.status).toBe(200);
      expect(one.json).toMatchObject({ response_status: 422, succeeded: false, event_type: 'webhook.test' });
      const { response } = one.json;
      expect(response).toMatchObject({ body_encoding: 'utf8', truncated: true });
      expect(response.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'set-cookie': '[redacted]',
        authorization: '[redacted]',
        'x-api-token': '[redacted]',
        'x-trace': 'trace-42',
        'x-echo': 'sig 0000 [redacted]',
      });
      const sentBody = Buffer.from(body(), 'utf8');
      // The first 4 KB, the secret-looking spans replaced: what came before and after them is byte for byte.
      expect(response.body).toContain('"received":true');
      expect(response.body).toContain('"é":"ünïcödé"');
      expect(response.body).toContain('"access_token":"[redacted]"');
      expect(response.body).toContain('Bearer [redacted]');
      expect(response.body.endsWith('x'.repeat(100))).toBe(true);
      expect(Buffer.byteLength(response.body)).toBeLessThan(4096 + 64);
      expect(Buffer.byteLength(response.body)).toBeGreaterThan(4000);
      expect(sentBody.length).toBeGreaterThan(4096);
      // Our secret is nowhere: not in the API's answer, not in the database.
      expect(one.text).not.toContain(secret.slice(6, 30));
      const [stored] = await sql<{ headers: string; body: Buffer }>(
        `select response_headers::text as headers, response_body as body from public_delivery_attempts where id = ?`,
        [first.id],
      );
      for (const text of [stored.headers, stored.body.toString('latin1')]) {
        expect(text).not.toContain(secret.slice(6, 30));
        expect(text).not.toContain('s3cr3t-cookie');
        expect(text).not.toContain('at-0123456789abcdef');
      }
      // The list stays light: the answer is on the single read only.
      expect((await getJson(`${log()}?delivery=${sent.delivery_id}`, testA)).json.data[0].response).toBeUndefined();
      expect((await getJson(`${log()}/${first.id}`, testB)).status).toBe(404);
    } finally {
      await receiver.close();
    }
  });

  it('shows a binary answer as base64, byte for byte, and a short one whole; no answer is null', async () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) % 256));
    const binary = await startReceiver(
      () => 200,
      () => ({ 'content-type': 'application/octet-stream' }),
      () => bytes,
    );
    try {
      const d = await destination(binary.url);
      const sent = (await sendTest(d.id)).json;
      await binary.waitFor(1);
      const [first] = await attemptsOf(sent.delivery_id);
      const { response } = (await getJson(`${log()}/${first.id}`, testA)).json;
      expect(response).toMatchObject({ body_encoding: 'base64', truncated: false });
      expect(Buffer.from(response.body, 'base64').equals(bytes)).toBe(true);
    } finally {
      await binary.close();
    }
    // A receiver that is gone: no answer, the error says why.
    const gone = await startReceiver();
    const url = gone.url;
    await gone.close();
    const d = await destination(url);
    const sent = (await sendTest(d.id)).json;
    const [first] = await attemptsOf(sent.delivery_id);
    const one = (await getJson(`${log()}/${first.id}`, testA)).json;
    expect(one).toMatchObject({ response_status: null, error: 'connection_refused', response: null });
  });

  it("lists a booking's deliveries and an event's, and the attempts of one delivery", async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const d = await destination(receiver.url);
      const publish = async (ref: string, sequence: number) => {
        const input: PublishPublicEventInput = {
          type: 'booking.status_changed',
          dedupeKey: `booking:${ref}:${sequence}:status`,
          accountId: accountA,
          environment: 'test',
          data: { ref, status: 'allocated' },
        };
        return (await env.client.workflow.execute('publicEventWorkflow', {
          workflowId: publicEventWorkflowId(input.dedupeKey),
          taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
          args: [input],
        })) as { eventId: string };
      };
      const ref = 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x';
      const other = 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2y';
      const [e1, e2, e3] = [await publish(ref, 1), await publish(ref, 2), await publish(other, 1)];
      await receiver.waitFor(3);
      const byBooking = await attemptsListed(`booking=${ref}&destination=${d.id}`, 2);
      expect(byBooking.map((a) => a.event_id).sort()).toEqual([e1.eventId, e2.eventId].sort());
      // The earlier tests' destinations took the booking's events too: every destination, the booking's events only.
      const everywhere = (await getJson(`${log()}?booking=${ref}&limit=100`, testA)).json.data as { event_id: string }[];
      expect(new Set(everywhere.map((a) => a.event_id))).toEqual(new Set([e1.eventId, e2.eventId]));
      const byEvent = await attemptsListed(`event=${e3.eventId}&destination=${d.id}`);
      expect(byEvent).toEqual([expect.objectContaining({ event_id: e3.eventId, response_status: 204, succeeded: true })]);
      expect((await getJson(`${log()}?booking=${other}&event=${e1.eventId}`, testA)).json.data).toEqual([]);
      // Another account sees none of it; a malformed ref or delivery id is a 422 naming the parameter.
      expect((await getJson(`${log()}?booking=${ref}`, testB)).json.data).toEqual([]);
      const bad = await getJson(`${log()}?booking=nope&delivery=dlv_x`, testA);
      expect(bad.status).toBe(422);
      expect(bad.json.errors.map((e: { param: string }) => e.param).sort()).toEqual(['query.booking', 'query.delivery']);
    } finally {
      await receiver.close();
    }
  });

  it('sends a test event of any catalogue type with its example payload, marked test, kept out of the event log', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const d = await destination(receiver.url, ['invoice.created']);
      const sent = await sendTest(d.id, { type: 'booking.status_changed' });
      expect(sent.status).toBe(202);
      const [req] = await receiver.waitFor(1);
      expect(req.headers['service-event-type']).toBe('booking.status_changed');
      const envelope = JSON.parse(req.body);
      const example = EVENT_CATALOGUE['booking.status_changed'].example as Record<string, unknown>;
      expect(envelope).toEqual({
        id: sent.json.event_id,
        type: 'booking.status_changed',
        created: expect.any(String),
        livemode: false,
        test: true,
        data: { ...example, livemode: false },
      });
      const [attempt] = await attemptsOf(sent.json.delivery_id);
      expect(attempt).toMatchObject({ event_type: 'booking.status_changed', succeeded: true });
      // The plain test still works, now marked too.
      const plain = await sendTest(d.id);
      const [, second] = await receiver.waitFor(2);
      expect(JSON.parse(second.body)).toMatchObject({ id: plain.json.event_id, type: 'webhook.test', test: true });
      // Not the account's data: the event log leaves test events out.
      const events = await getJson(`${hub.baseUrl}/api/public/v1/events?type=booking.status_changed`, testA);
      expect(events.status).toBe(200);
      expect(events.json.data.map((e: { id: string }) => e.id)).not.toContain(sent.json.event_id);
      const unknown = await sendTest(d.id, { type: 'booking.exploded' });
      expect([unknown.status, unknown.json.errors[0].param]).toEqual([422, 'type']);
      // No body is `webhook.test`; a JSON null is a body of the wrong type (the fuzzer's find), refused and not sent.
      const nullBody = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations/${d.id}/test`, testA, null);
      expect([nullBody.status, nullBody.json.code]).toEqual([422, 'validation_failed']);
    } finally {
      await receiver.close();
    }
  });
});
