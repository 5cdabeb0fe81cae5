import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bookingWorkflowId } from '../../contracts/booking';
import { keyFingerprint } from '../../infra/key-ring';
import { ENCRYPTED_ENCODING, KEY_ID_METADATA } from '../../infra/payload-codec';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

const CODEC_TOKEN = 'codec-token-for-tests-0123456789abcdef';
const passenger = { name: 'Zoltan Quixwell', phone: '+33698765432', email: 'zoltan.quixwell@example.com', pax: 1, luggage: 1 };

type RawPayload = { metadata?: Record<string, Uint8Array> | null; data?: Uint8Array | null };

/** Every payload anywhere in a history, as the server stores it. */
function payloadsIn(value: unknown, found: RawPayload[] = []): RawPayload[] {
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    const v = value as Record<string, unknown>;
    if (v.data instanceof Uint8Array && v.metadata && typeof v.metadata === 'object') found.push(v as RawPayload);
    else for (const child of Object.values(v)) payloadsIn(child, found);
  }
  return found;
}
const toJson = (p: RawPayload) => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, b]) => [k, Buffer.from(b).toString('base64')])),
  data: Buffer.from(p.data ?? []).toString('base64'),
});

/** Passenger data in Temporal is ciphertext; the codec server lets ops with the token read it. */
describe('payload encryption in Temporal', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { env: { HUB_CODEC_TOKEN: CODEC_TOKEN } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const codec = (direction: 'decode' | 'encode', body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${hub.baseUrl}/codec/${direction}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${CODEC_TOKEN}`, ...headers },
      body: JSON.stringify(body),
    });

  it('keeps the passenger out of the raw history, and the codec server gives it back to ops', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Codec' });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody({ passenger }));
    expect(created.status).toBe(201);

    // fetchHistory answers the server's bytes: payloads as stored, not decoded.
    const history = await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).fetchHistory();
    const payloads = payloadsIn(history);
    const stored = payloads.map((p) => Buffer.from(p.data!).toString('latin1')).join('\n');
    for (const secret of [passenger.name, passenger.phone, passenger.email]) expect(stored).not.toContain(secret);
    const encrypted = payloads.filter((p) => Buffer.from(p.metadata!.encoding ?? []).toString() === ENCRYPTED_ENCODING);
    expect(encrypted.length).toBeGreaterThan(0);
    expect(new Set(encrypted.map((p) => Buffer.from(p.metadata![KEY_ID_METADATA]!).toString()))).toEqual(
      new Set([keyFingerprint(TEST_SECRETS.encryptionKey)]),
    );

    const decoded = await codec('decode', { payloads: encrypted.map(toJson) });
    expect(decoded.status).toBe(200);
    const plain = ((await decoded.json()) as { payloads: { data: string }[] }).payloads
      .map((p) => Buffer.from(p.data, 'base64').toString('utf8'))
      .join('\n');
    for (const secret of [passenger.name, passenger.phone, passenger.email]) expect(plain).toContain(secret);
  });

  it('encodes and decodes for the Temporal CLI and UI, with CORS for the UI origin only', async () => {
    const payload = {
      metadata: { encoding: Buffer.from('json/plain').toString('base64') },
      data: Buffer.from('"hello"').toString('base64'),
    };
    const encoded = (await (await codec('encode', { payloads: [payload] })).json()) as { payloads: (typeof payload)[] };
    expect(Buffer.from(encoded.payloads[0]!.metadata.encoding, 'base64').toString()).toBe(ENCRYPTED_ENCODING);
    const decoded = (await (await codec('decode', encoded)).json()) as { payloads: (typeof payload)[] };
    expect(decoded.payloads).toEqual([payload]);

    const preflight = await fetch(`${hub.baseUrl}/codec/decode`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8233', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:8233');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const foreign = await codec('decode', encoded, { origin: 'https://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses callers without the ops token, bad bodies and foreign ciphertext with problem+json', async () => {
    for (const authorization of ['', 'Bearer wrong-token', `Basic ${CODEC_TOKEN}`]) {
      const refused = await codec('decode', { payloads: [] }, { authorization });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    expect((await codec('decode', { nope: true })).status).toBe(400);
    const foreign = {
      metadata: {
        encoding: Buffer.from(ENCRYPTED_ENCODING).toString('base64'),
        [KEY_ID_METADATA]: Buffer.from('retired-key').toString('base64'),
      },
      data: Buffer.alloc(40).toString('base64'),
    };
    const unknownKey = await codec('decode', { payloads: [foreign] });
    expect(unknownKey.status).toBe(422);
    expect(((await unknownKey.json()) as { detail: string }).detail).toMatch(/retired-key/);
  });

  it('does not exist on a hub without a codec token (outside npm start)', async () => {
    const closed = await startTestHub(db, env, { workers: false });
    try {
      const reply = await fetch(`${closed.baseUrl}/codec/decode`, { method: 'POST', body: '{"payloads":[]}' });
      expect(reply.status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
