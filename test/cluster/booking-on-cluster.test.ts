import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDevStack } from '../../infra/dev-stack';
import { clusterPortOffsets, startClusterOn, type RunningCluster } from '../../stack/temporal-cluster';
import { appendBilledRide } from '../../stack/billed-rides';
import { startReceiver } from '../../stack/receiver';
import { freePort, freePortBlock } from '../../stack/ports';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { hubProcessEnv, spawnHubProcesses, stopHubProcesses } from '../support/hub-processes';
import { until } from '../support/until';
import { oneClusterAtATime } from '../support/one-cluster-at-a-time';

oneClusterAtATime();

const NAMESPACE = 'hub-cluster-check';

/**
 * The booking → signed webhook path on Temporal's production server (`npm run stack:cluster`'s engine: v1.32.0 built
 * from its Go module, PostgreSQL persistence, four service processes), with `start:api` and `start:worker` as separate
 * processes; the history and matching processes are killed with SIGKILL mid-ride and restarted, and the ride still
 * ends with every partner event recorded once and delivered. The `finance-cycle` Schedule the API creates fires on the
 * cluster by itself and invoices the minute that ended.
 */
describe('the hub on the production Temporal server', () => {
  let db: TestDatabase;
  let cluster: RunningCluster;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const errors: string[] = [];
  let api: string;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, receiver] = await Promise.all([freshDatabase(), startReceiver()]);
    cluster = await startClusterOn(
      db.url,
      { basePort: await freePortBlock(clusterPortOffsets()), historyShards: 4, dataDir: mkdtempSync(join(tmpdir(), 'hub-cluster-')) },
      { ...loadDevStack(), namespace: NAMESPACE },
      { log: (line) => console.log(line), onError: (service, message) => errors.push(`${service}: ${message}`) },
    );
    const apiPort = await freePort();
    api = `http://127.0.0.1:${apiPort}`;
    const env = {
      ...hubProcessEnv({
        databaseUrl: db.url,
        temporalAddress: cluster.address,
        namespace: NAMESPACE,
        apiPort,
        metricsPort: await freePort(),
      }),
      SANDBOX_RIDE_SECONDS: '30',
      // The API creates the `finance-cycle` Schedule at start: a one-minute period lets the test see it fire.
      FINANCE_PERIOD: 'PT1M',
    };
    children.push(...spawnHubProcesses(env, output));
  }, 15 * 60_000);

  afterAll(async () => {
    await stopHubProcesses(children);
    await cluster?.stop();
    await Promise.all([db?.close(), receiver?.close()]);
  }, 60_000);

  it('plays a sandbox ride to the end through a killed history and matching process, each event recorded once and delivered', async () => {
    await until('API ready', async () => ((await getJson(`${api}/readyz`)).status === 200 ? true : undefined)).catch((err) => {
      throw new Error(`${err.message}\n${output.join('')}\n${errors.join('\n')}`);
    });
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(api, partner.sandbox);
    const created = await until('booking confirmed', async () => {
      const reply = await postJson(`${api}/v1/bookings`, token, bookingBody(), { 'Idempotency-Key': 'cluster-1' });
      return reply.status === 201 ? reply : undefined;
    });
    await receiver.waitFor(1, 60_000);

    // Mid-ride: the history process and then the matching process die and come back.
    await cluster.kill('history');
    await cluster.restart('history');
    await cluster.kill('matching');
    await cluster.restart('matching');

    const completed = await until(
      'trip.completed delivered',
      async () => (receiver.requests.some((r) => JSON.parse(r.body).event === 'trip.completed') ? true : undefined),
      180_000,
    );
    expect(completed).toBe(true);
    const recorded = await sql<{ id: string; sequence: number; type: string }>(
      'select id, sequence, type from events where booking_id = ? order by sequence',
      [created.json.id],
    );
    expect(recorded.map((e) => e.sequence)).toEqual(recorded.map((_, i) => i + 1)); // none lost or doubled in the log
    // Every status event reaches the partner (a delivery cut by the crash is retried); a position update still waiting
    // for its retry gives way to a newer one (docs/webhooks.md), so gps.update is not counted.
    const due = recorded.filter((e) => e.type !== 'gps.update').map((e) => e.id);
    const delivered = () => new Set(receiver.requests.map((r) => JSON.parse(r.body).event_id as string));
    await until('every status event delivered', async () => (due.every((id) => delivered().has(id)) ? true : undefined), 120_000).catch(
      () => expect([...delivered()]).toEqual(expect.arrayContaining(due)),
    );
    const [booking] = await sql<{ status: string }>('select status from bookings where id = ?', [created.json.id]);
    expect(booking.status).toBe('completed');
  }, 300_000);

  it('answers 503 while the frontend stays down, keeps serving reads, and books again once it is back, without a restart', async () => {
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(api, partner.sandbox);
    const before = await postJson(`${api}/v1/bookings`, token, bookingBody(), { 'Idempotency-Key': 'cluster-before' });
    expect(before.status).toBe(201);

    await cluster.kill('frontend');
    const down = Date.now();
    // The API stays ready (PostgreSQL answers): only what needs Temporal refuses, and /readyz reports it down.
    await until(
      'readiness reports Temporal down',
      async () => {
        const ready = await getJson(`${api}/readyz`);
        return ready.status === 200 && ready.json.checks.temporal.status === 'down' ? true : undefined;
      },
      5_000,
    );
    const noticedMs = Date.now() - down;
    const started = Date.now();
    const downBody = bookingBody();
    const write = await postJson(`${api}/v1/bookings`, token, downBody, { 'Idempotency-Key': 'cluster-down' });
    expect({ status: write.status, retryAfter: write.headers.get('retry-after'), code: write.json.code }).toEqual({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      code: 'service_unavailable',
    });
    const answeredMs = Date.now() - started;
    const read = await getJson(`${api}/v1/bookings/${before.json.id}`, token);
    expect(read.status).toBe(200); // the read model does not need Temporal

    await cluster.restart('frontend');
    const back = Date.now();
    await until('readiness reports Temporal up', async () =>
      (await getJson(`${api}/readyz`)).json.checks.temporal.status === 'up' ? true : undefined,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${errors.slice(-20).join('\n')}`);
    });
    const recoveredMs = Date.now() - back;
    const attempts: string[] = [];
    const again = await until('a booking once the frontend is back', async () => {
      const reply = await postJson(`${api}/v1/bookings`, token, bookingBody(), { 'Idempotency-Key': `cluster-after-${attempts.length}` });
      attempts.push(`${reply.status} ${reply.json.code ?? ''} ${reply.json.detail ?? ''}`);
      return reply.status === 201 ? reply : undefined;
    }).catch((err: Error) => {
      throw new Error(
        `${err.message}\nattempts: ${attempts.slice(-5).join(' | ')}\n${errors.slice(-20).join('\n')}\n${output.join('').slice(-3000)}`,
      );
    });
    expect(again.json.status).toBe('confirmed');
    // The request cut while Temporal was down loses nothing: its retry with the same key books.
    const retried = await postJson(`${api}/v1/bookings`, token, downBody, { 'Idempotency-Key': 'cluster-down' });
    expect(retried.status).toBe(201);
    const [{ n }] = await sql<{ n: string }>('select count(*) as n from bookings where external_id = ?', [downBody.external_id]);
    expect(Number(n)).toBe(1);
    console.log(
      `frontend down: readiness reported it after ${noticedMs} ms (still 200), a write answered 503 in ${answeredMs} ms; reported up ${recoveredMs} ms after the restart`,
    );
    expect(noticedMs).toBeLessThan(5_000);
    expect(answeredMs).toBeLessThan(10_000); // a few retries, not the SDK's twenty seconds of them
  }, 180_000);

  it('fires the finance-cycle Schedule by itself and invoices the minute that ended', async () => {
    const accountId = `acc_cluster_${Date.now()}`;
    await appendBilledRide(db.orm, { bookingId: `bkg_${accountId}`, accountId, grossMinor: 4_400, at: new Date(), live: false });
    // No trigger: the Schedule's own interval, at the end of this minute plus its offset, starts the cycle.
    const invoiced = await until(
      'the ride invoiced by the scheduled cycle',
      async () => {
        const rows = await sql<{ period_id: string; gross_minor: string; type: string }>(
          'select period_id, gross_minor, type from finance_documents where party_id = ?',
          [accountId],
        );
        return rows.length ? rows : undefined;
      },
      150_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${errors.slice(-20).join('\n')}\n${output.join('').slice(-3000)}`);
    });
    expect(invoiced).toEqual([{ period_id: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/), gross_minor: '4400', type: 'invoice' }]);
  }, 200_000);
});
