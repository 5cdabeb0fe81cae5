import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { newId } from '../../infra/ids';
import { eventually } from '../../stack/eventually';
import { balancerCommand, ensureHaproxy, RETRY_AFTER_SECONDS, startBalancer } from '../../stack/haproxy';
import { freePort } from '../../stack/ports';
import { localEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestPartner, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';

/** A GET through the balancer from one loopback address (127.0.0.2, 127.0.0.3…: each is a different client to it). */
function getFrom(localAddress: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: { code?: string } }>(
    (resolve, reject) => {
      const req = request(url, { localAddress, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(body || '{}') }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * HAProxy as `npm run stack:cluster` configures it (stack/haproxy.ts), in front of a hub that trusts it
 * (TRUSTED_PROXIES=127.0.0.1/32): the client's own address reaches the partner IP allow-list through
 * `X-Forwarded-For`, a forged one does not; its own 503 says the hub's Retry-After; every request is logged (link
 * tokens and secret query values redacted); its
 * exporter counts its 5xx; each server's maxconn is applied.
 */
describe('the balancer', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  let url: string;
  let statsPort: number;
  const dir = mkdtempSync(join(tmpdir(), 'hub-balancer-'));

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false, env: { TRUSTED_PROXIES: '127.0.0.1/32' } });
    const [port, stats] = [await freePort(), await freePort()];
    statsPort = stats;
    url = `http://127.0.0.1:${port}`;
    balancer = await startBalancer(await ensureHaproxy(() => undefined), {
      host: '127.0.0.1',
      port,
      servers: [{ name: 'api1', host: '127.0.0.1', port: Number(new URL(hub.baseUrl).port) }],
      dir,
      docsBase: url,
      statsPort,
      serverMaxconn: 7,
    });
    await eventually(
      () => balancerCommand(dir, 'show stat'),
      (csv) => /\napi,api1,.*,UP,/.test(csv),
      'api1 up behind the balancer',
    );
  }, 120_000);
  afterAll(async () => {
    await balancer?.stop();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets an allow-listed partner's client through by its own address, and no other client, forged header or not", async () => {
    const partner = await createTestPartner(db.orm, { name: 'Behind the balancer', ipAllowlist: ['127.0.0.2/32'] });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const read = (from: string, extra: Record<string, string> = {}) =>
      getFrom(from, `${url}/v1/bookings/${newId('bkg')}`, { authorization: `Bearer ${token}`, ...extra });

    const allowed = await read('127.0.0.2');
    expect(allowed.status).toBe(404); // past the allow-list: the booking simply does not exist
    expect(allowed.json.code).toBe('not_found');
    const other = await read('127.0.0.3');
    expect(other.status).toBe(403);
    expect(other.json.code).toBe('ip_not_allowed');
    // A client naming the allowed address itself: the balancer appends the real one, which is what counts.
    const forged = await read('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' });
    expect(forged.status).toBe(403);
    expect(forged.json.code).toBe('ip_not_allowed');

    const log = readFileSync(join(dir, 'access.log'), 'utf8');
    expect(log).toMatch(/127\.0\.0\.2:\d+ .* api api\/api1 .* 404 /);
    expect(log).toMatch(/127\.0\.0\.3:\d+ .* api api\/api1 .* 403 /);
  });

  it('logs link tokens and secret query values as [redacted], never as sent', async () => {
    const secrets = ['Zm9vLWxvZ2luLXRva2Vu', 'bkg_1.k9.dHJhY2stc2ln', 'inv_1.k9.cGF5LXNpZw', 'q-token-8d7c6b', 'q-code-5a4b3c'];
    const paths = [
      `/console/login/${secrets[0]}`,
      `/track/${secrets[1]}/events`,
      `/pay/${secrets[2]}/state?token=${secrets[3]}&code=${secrets[4]}&limit=2`,
    ];
    for (const path of paths) await fetch(`${url}${path}`).then((r) => r.text());
    const log = await eventually(
      async () => readFileSync(join(dir, 'access.log'), 'utf8'),
      (text) => text.includes('"GET /pay/'),
      "the balancer's log lines",
    );
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('"GET /console/login/[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /track/[redacted]/events HTTP/1.1"');
    expect(log).toContain('"GET /pay/[redacted]/state?token=[redacted]&code=[redacted]&limit=2 HTTP/1.1"');
  });

  it("applies each server's maxconn, answers its own 503 with the hub's Retry-After, and exports its 5xx", async () => {
    const stat = await balancerCommand(dir, 'show stat');
    const [header, ...rows] = stat.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const api1 = rows.map((r) => r.split(',')).find((f) => f[0] === 'api' && f[1] === 'api1')!;
    expect(api1[columns.indexOf('slim')]).toBe('7');

    await balancerCommand(dir, 'disable server api/api1');
    try {
      const refused = await getFrom('127.0.0.2', `${url}/v1/bookings/${newId('bkg')}`, {});
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(refused.headers['content-type']).toBe('application/problem+json');
      expect(refused.json.code).toBe('service_unavailable');
    } finally {
      await balancerCommand(dir, 'enable server api/api1');
    }
    const metrics = await (await fetch(`http://127.0.0.1:${statsPort}/metrics`)).text();
    const fiveXx = /^haproxy_frontend_http_responses_total\{proxy="api",code="5xx"\} (\d+)/m.exec(metrics);
    expect(Number(fiveXx?.[1])).toBeGreaterThanOrEqual(1);
  });
});
