import { DEMO_SELLER } from '../../infra/config';
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../api/errors';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { devServerExtraArgs, loadDevStack, searchAttributeKeys } from '../../infra/dev-stack';
import { temporalCliPath } from '../../stack/temporal-binaries';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { hubProcessEnv, spawnHubProcesses, stopHubProcesses } from '../support/hub-processes';
import { startFreezableProxy } from '../support/freezable-proxy';
import { until } from '../support/until';
import { startReceiver } from '../../stack/receiver';
import { freePort } from '../../stack/ports';
import { stackDataConverter } from '../../stack/secrets';
import { LIVE_PROVIDERS_ENV } from '../support/production-env';

const ROOT = join(__dirname, '..', '..');
const NAMESPACE = 'hub-prod-check';

/**
 * `start:api` and `start:worker` as separate processes, as deployed (docs/deploy.md): against a PostgreSQL and a
 * Temporal server in a namespace other than `default`, configured only through the environment.
 */
describe('production entry points as separate processes', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const children: ChildProcess[] = [];
  const output: string[] = [];
  let api: string;
  let workerMetrics: string;
  /** A complete production configuration (NODE_ENV=production), for the fail-fast checks. */
  let productionEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const stack = loadDevStack();
    [db, env, receiver] = await Promise.all([
      freshDatabase(),
      TestWorkflowEnvironment.createLocal({
        server: {
          executable: { type: 'existing-path', path: temporalCliPath() },
          namespace: NAMESPACE,
          searchAttributes: searchAttributeKeys(stack),
          extraArgs: devServerExtraArgs(stack),
        },
        // The processes encrypt payloads under TEST_SECRETS' key (hubProcessEnv's HUB_ENCRYPTION_KEY): this client reads them.
        client: { dataConverter: stackDataConverter() },
      }),
      startReceiver(),
    ]);
    const [apiPort, metricsPort] = [await freePort(), await freePort()];
    api = `http://127.0.0.1:${apiPort}`;
    workerMetrics = `http://127.0.0.1:${metricsPort}`;
    const processEnv = hubProcessEnv({
      databaseUrl: db.url,
      temporalAddress: env.address,
      namespace: NAMESPACE,
      apiPort,
      metricsPort,
    });
    productionEnv = {
      ...processEnv,
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://hub.example.com',
      INVOICE_SELLER: JSON.stringify(DEMO_SELLER),
      ...LIVE_PROVIDERS_ENV,
    };
    delete productionEnv.HUB_DEV_WEBHOOK_TARGETS;
    children.push(...spawnHubProcesses(processEnv, output));
  }, 120_000);

  afterAll(async () => {
    await stopHubProcesses(children);
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  it('serves bookings end to end in the configured namespace, with readiness and metrics on both processes', async () => {
    const ready = await until('API ready', async () => {
      const reply = await getJson(`${api}/readyz`);
      return reply.status === 200 ? reply : undefined;
    }).catch((err) => {
      throw new Error(`${err.message}\n${output.join('')}`);
    });
    expect(ready.json.checks.temporal).toEqual({ status: 'up' }); // describes TEMPORAL_NAMESPACE, not default
    expect((await fetch(`${workerMetrics}/healthz`)).status).toBe(200);

    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(api, partner.sandbox);
    // 201 means the worker confirmed it: both processes share the namespace and the database.
    const created = await until('booking confirmed', async () => {
      const reply = await postJson(`${api}/v1/bookings`, token, bookingBody(), { 'Idempotency-Key': 'prod-1' });
      return reply.status === 201 ? reply : undefined;
    });
    await receiver.waitFor(1, 60_000);
    const described = await env.client.workflow.getHandle(`booking:${created.json.id}`).describe();
    expect(described.status.name).toBe('RUNNING');
    const wrongNamespace = await env.connection.workflowService
      .describeWorkflowExecution({ namespace: 'default', execution: { workflowId: `booking:${created.json.id}` } })
      .catch((err: Error) => err);
    expect(wrongNamespace).toBeInstanceOf(Error);

    const metrics = await until('worker metrics show the delivery', async () => {
      const text = await (await fetch(`${workerMetrics}/metrics`)).text();
      return /hub_webhook_deliveries_total\{kind="partner",outcome="delivered"\} 1/.test(text) ? text : undefined;
    });
    expect(metrics).toMatch(new RegExp(`^temporal_[a-z_]+\\{[^}]*namespace="${NAMESPACE}"`, 'm'));
    const apiMetrics = await (await fetch(`${api}/metrics`)).text();
    expect(apiMetrics).toMatch(/hub_http_requests_total\{api="partner",operation="createBooking",status="201"\} 1/);
  }, 180_000); // the first part waits for two cold Node processes to start, which a loaded CI machine can stretch past a minute

  /** Runs an entry point to its exit (a misconfigured one stops before it connects anywhere). */
  function exitOf(entry: string, processEnv: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), entry], {
      cwd: ROOT,
      env: processEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  }

  it('starts the API while Temporal is out of reach: ready, reads answer, writes 503, and all works once Temporal answers', async () => {
    const [apiPort, temporalPort] = [await freePort(), await freePort()];
    const lateApi = `http://127.0.0.1:${apiPort}`;
    const lateOutput: string[] = [];
    const processEnv = {
      ...hubProcessEnv({
        databaseUrl: db.url,
        temporalAddress: `127.0.0.1:${temporalPort}`,
        namespace: NAMESPACE,
        apiPort,
        metricsPort: 0,
      }),
      LOG_LEVEL: 'info',
    };
    const [late] = spawnHubProcesses(processEnv, lateOutput, ['api/server.ts']);
    let temporal: Awaited<ReturnType<typeof startFreezableProxy>> | undefined;
    try {
      const ready = await until('API ready without Temporal', async () => {
        const reply = await getJson(`${lateApi}/readyz`);
        return reply.status === 200 ? reply : undefined;
      }).catch((err) => {
        throw new Error(`${err.message}\n${lateOutput.join('')}`);
      });
      expect(ready.json.checks).toEqual({ postgresql: { status: 'up' }, temporal: { status: 'down', error: expect.any(String) } });
      const partner = await createTestPartner(db.orm);
      const token = await requestToken(lateApi, partner.sandbox);
      expect((await getJson(`${lateApi}/v1/webhook-endpoint`, token)).status).toBe(200);
      const body = bookingBody({ external_id: 'LATE-1' });
      const refused = await postJson(`${lateApi}/v1/bookings`, token, body, { 'Idempotency-Key': 'late-1' });
      expect({ status: refused.status, retryAfter: refused.headers.get('retry-after') }).toEqual({
        status: 503,
        retryAfter: String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS),
      });

      // Temporal appears at the address the API was given: the same request books, and the Schedules are ensured.
      const [host, port] = env.address.split(':');
      temporal = await startFreezableProxy({ host, port: Number(port) }, temporalPort);
      const booked = await until('booking once Temporal answers', async () => {
        const reply = await postJson(`${lateApi}/v1/bookings`, token, body, {
          'Idempotency-Key': 'late-1',
        });
        return reply.status === 201 ? reply : undefined;
      });
      expect(booked.json).toMatchObject({ external_id: 'LATE-1', status: 'confirmed' });
      await until('Schedules ensured', async () =>
        lateOutput.join('').includes('Temporal answers: Schedules ensured') ? true : undefined,
      );
    } finally {
      await stopHubProcesses([late]);
      await temporal?.close();
    }
  }, 180_000);
  it('stops a production start whose live payouts would be simulated, naming the variable', async () => {
    const { PAYOUT_PROVIDER: _unset, ...simulatedPayouts } = productionEnv;
    expect(await exitOf('workers/main.ts', simulatedPayouts)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('PAYOUT_PROVIDER is simulated (the default)'),
    });
  });

  it('stops a production start without PUBLIC_BASE_URL, with plain http, or with development webhook targets', async () => {
    const { PUBLIC_BASE_URL: _unset, ...withoutBaseUrl } = productionEnv;
    for (const entry of ['api/server.ts', 'workers/main.ts']) {
      const missing = await exitOf(entry, withoutBaseUrl);
      expect(missing).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Missing required environment variables: PUBLIC_BASE_URL'),
      });
    }
    expect(await exitOf('api/server.ts', { ...productionEnv, PUBLIC_BASE_URL: 'http://hub.example.com' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('PUBLIC_BASE_URL must be an https:// URL'),
    });
    expect(await exitOf('workers/main.ts', { ...productionEnv, HUB_DEV_WEBHOOK_TARGETS: 'true' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('HUB_DEV_WEBHOOK_TARGETS is for development only'),
    });
    expect(await exitOf('db/migrate.ts', withoutBaseUrl)).toMatchObject({ code: 1, stderr: expect.stringContaining('PUBLIC_BASE_URL') });
  }, 120_000);
});
