import { randomBytes } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { partnerEndpoint } from '../../app/partner-endpoints';
import { receiptUrl, trackingUrl } from '../../infra/passenger-links';
import { decryptSecret } from '../../infra/secrets';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { insertTestBooking } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/**
 * HUB_ENCRYPTION_KEY rotated: a new key first, the old one after it. What the old key encrypted or signed (webhook
 * signing secrets, JWT private keys, tracking and receipt links) keeps working; what is written now uses the new key.
 */
describe('encryption key rotation', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let before: TestHub;
  let after: TestHub;
  const oldKey = TEST_SECRETS.encryptionKey;
  const newKey = randomBytes(32);
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    before = await startTestHub(db, env, { workers: false });
    after = await startTestHub(db, env, {
      workers: false,
      secrets: {
        ...TEST_SECRETS,
        encryptionKey: newKey,
        encryptionKeys: [
          { id: '2026-11', key: newKey },
          { id: '2026-01', key: oldKey },
        ],
      },
    });
  });
  afterAll(async () => {
    await Promise.all([before?.close(), after?.close()]);
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('keeps secrets, signing keys and passenger links made under the old key working, and writes under the new one', async () => {
    // Made before the rotation: the partner's webhook secrets and the JWT signing key (its first token).
    const partner = await createTestPartner(db.orm, { name: 'Rotated' });
    await requestToken(before.baseUrl, partner.sandbox);
    const booking = await insertTestBooking(db.orm, { partnerId: partner.partnerId, status: 'completed' });
    await sql(`update bookings set ended_at = now() where id = ?`, [booking.id]);
    const tracking = trackingUrl(after.baseUrl, oldKey, booking);
    const receipt = receiptUrl(after.baseUrl, oldKey, booking);

    // After it: the old signing key still signs tokens, the old secret still reads, the old links still open.
    const token = await requestToken(after.baseUrl, partner.sandbox);
    const endpoint = await getJson(`${after.baseUrl}/v1/webhook-endpoint`, token);
    expect(endpoint).toMatchObject({ status: 200, json: { secret_hint: `phsec_…${partner.webhookSecrets.sandbox.slice(-4)}` } });
    expect((await fetch(tracking)).status).toBe(200);
    expect((await fetch(receipt)).status).toBe(200);

    // A rotation now writes the new secret under the new key, which the old key alone cannot open.
    const rotated = await postJson(`${after.baseUrl}/v1/webhook-endpoint/rotate-secret`, token, {});
    expect(rotated.status).toBe(200);
    const row = await partnerEndpoint(db.orm, partner.partnerId, 'sandbox');
    expect(decryptSecret(row.secretEnc, newKey)).toBe(rotated.json.secret);
    expect(() => decryptSecret(row.secretEnc, oldKey)).toThrow('secret could not be decrypted');
    // The previous secret, still signing during its overlap, opens under the old key through the ring.
    expect(decryptSecret(row.previousSecretEnc!, [newKey, oldKey])).toBe(partner.webhookSecrets.sandbox);

    // Links issued now are signed with the new key: the hub that has only the old one refuses them.
    const fresh = trackingUrl(before.baseUrl, newKey, booking);
    expect((await fetch(fresh)).status).toBe(404);
  });
});
