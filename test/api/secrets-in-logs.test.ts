import { Writable } from 'node:stream';
import Koa from 'koa';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { requestContext } from '../../api/middleware/request-context';
import { createLogger } from '../../infra/logger';
import { paymentUrl, receiptUrl, trackingUrl } from '../../infra/passenger-links';
import { localEnvironment } from '../../stack/temporal';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestPartner } from '../support/fixtures';
import { insertTestBooking } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';

/** A logger as the API makes it, at debug (the access line of every request), writing where the test reads it. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  return { logger: createLogger('debug', 'test', sink), lines };
}

const tokenOf = (url: string) => /\/(?:login|track|receipts|pay)\/([^/?]+)/.exec(url)![1]!;

/**
 * Secrets stay out of logs: a person signs into the console by its link, opens a tracking page, a receipt and a
 * payment page; none of those links' tokens, nor a secret query value, is in any line the hub logged or any row of the
 * request log, which name the paths with `[redacted]` in their place.
 */
describe('link tokens and query secrets never reach the logs', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  const captured = capturedLogger();
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false, logger: captured.logger });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('signs in by a link, tracks, reads a receipt and pays: the logs and the request log name no token', async () => {
    const account = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
    const { key } = await createApiKey(db.orm, TEST_SECRETS, {
      accountId: account,
      environment: 'sandbox',
      label: 'k',
      scopes: ['console.open', 'bookings.read'],
    });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${hub.baseUrl}${path}`, { headers, redirect: 'manual' }).then(async (r) => ({ status: r.status, text: await r.text(), r }));
    const pathOf = (url: string) => new URL(url).pathname;

    // The console: a link, its page, the person's Sign in, then the public API with the login's cookie.
    const link = await fetch(`${hub.baseUrl}/api/public/v1/console-links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.json() as Promise<{ url: string }>);
    expect((await get(pathOf(link.url))).status).toBe(200);
    const signedIn = await fetch(`${hub.baseUrl}${pathOf(link.url)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(signedIn.status).toBe(303);
    const cookie = /^([^=]+)=([^;]+)/.exec(signedIn.headers.get('set-cookie')!)!;
    const querySecrets = { access_token: 'qtok-5cd1e8a9f04b7', code: 'qcode-77a1b2c3d4e5', sig: 'qsig-0f9e8d7c6b5a' };
    const query = new URLSearchParams({ limit: '2', ...querySecrets });
    const listed = await get(`/api/public/v1/bookings?${query}`, { cookie: `${cookie[1]}=${cookie[2]}` });
    expect(listed.status).toBeLessThan(500);

    // A passenger's tracking page and receipt, a buyer's payment page (and the state it polls).
    const partner = await createTestPartner(db.orm, { name: 'Logs' });
    const booking = await insertTestBooking(db.orm, { partnerId: partner.partnerId, status: 'completed' });
    await sql('update bookings set ended_at = now() where id = ?', [booking.id]);
    const tracking = trackingUrl(hub.baseUrl, TEST_SECRETS.encryptionKey, booking);
    const receipt = receiptUrl(hub.baseUrl, TEST_SECRETS.encryptionKey, booking);
    const invoice = await issueTestInvoice(db);
    const pay = paymentUrl(hub.baseUrl, TEST_SECRETS.encryptionKey, { id: invoice.id, issuedAt: new Date() });
    expect((await get(pathOf(tracking))).status).toBe(200);
    expect((await get(pathOf(receipt))).status).toBe(200);
    expect((await get(pathOf(pay))).status).toBe(200);
    expect((await get(`${pathOf(pay)}/state`)).status).toBe(200);
    // A mistyped link still carries a working token: redacted too.
    expect((await get(`/${pathOf(tracking)}?token=${tokenOf(tracking)}`)).status).toBe(404);

    await hub.deps.requestLog!.flush();
    const secrets = [tokenOf(link.url), tokenOf(tracking), tokenOf(receipt), tokenOf(pay), cookie[2]!, ...Object.values(querySecrets)];
    const rows = await sql<{ path: string }>('select path from api_request_log');
    const logged = [...captured.lines, ...rows.map((r) => r.path)].join('\n');
    for (const secret of secrets) expect(logged).not.toContain(secret);

    // What was logged instead: every request, its secret replaced.
    const paths = captured.lines
      .map((l) => JSON.parse(l) as { msg: string; path?: string; status?: number })
      .filter((l) => l.msg === 'request');
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/console/login/[redacted]', status: 200 }),
        expect.objectContaining({ path: '/console/login/[redacted]', status: 303 }),
        expect.objectContaining({ path: '/track/[redacted]', status: 200 }),
        expect.objectContaining({ path: '/receipts/[redacted]', status: 200 }),
        expect.objectContaining({ path: '/pay/[redacted]', status: 200 }),
        expect.objectContaining({ path: '/pay/[redacted]/state', status: 200 }),
        expect.objectContaining({ path: '//track/[redacted]?token=[redacted]', status: 404 }),
      ]),
    );
    expect(rows.map((r) => r.path)).toContain('/api/public/v1/bookings?limit=2&access_token=[redacted]&code=[redacted]&sig=[redacted]');
  });

  it('a request that fails with a 5xx is logged with the same redacted path', async () => {
    const { logger, lines } = capturedLogger();
    const app = new Koa();
    app.use(requestContext(logger, 'http://hub.test'));
    app.use(() => {
      throw new Error('the payment page broke');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/pay/inv_123.abc.SIGNATURE-9f8e7d6c/state?secret=s3cr3t-value`);
      expect(answer.status).toBe(500);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const failed = lines.map((l) => JSON.parse(l) as { msg: string; path?: string }).find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({ path: '/pay/[redacted]/state?secret=[redacted]' });
    expect(lines.join('\n')).not.toMatch(/SIGNATURE-9f8e7d6c|s3cr3t-value/);
  });
});
