/**
 * `npm run bench -- cluster`: the hub on Temporal's production server (stack/temporal-cluster.ts: frontend, history,
 * matching and worker services as four processes, persistence in PostgreSQL) with K API processes and M worker
 * processes (`api/server.ts`, `workers/main.ts`), at each K×M of BENCH_CLUSTER_TOPOLOGIES (default 1x1,2x2,4x4) and each
 * history shard count of BENCH_CLUSTER_SHARDS (4,16). Per topology, closed loop at BENCH_CONCURRENCY (32):
 *   1. bookings: POST /v1/bookings spread over the API processes;
 *   2. deliveries: client.workflow.execute of `delivery:<evt>:<dest>` of recorded events (as redelivery starts them);
 *   3. publish → receiver: the publisher's one step (record, start the delivery) → the signed POST at the receiver.
 * Beside each, every component's CPU time per operation (/proc), so the table says where the time goes.
 * BENCH_CLUSTER_OPS (default 300) operations per stage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createPublicWebhookActivities } from '../activities/public-webhooks';
import { createIntegratorAccount, createPartner } from '../app/accounts';
import { createDestination } from '../app/destinations';
import { deliveryWorkflowId, PUBLIC_WEBHOOKS_TASK_QUEUE, type DeliveryInput, type RecordedPublicEvent } from '../contracts/public-webhooks';
import { loadDevStack } from '../infra/dev-stack';
import { startLocalStack } from '../stack/local-stack';
import { freePort } from '../stack/ports';
import { STACK_SECRETS } from '../stack/secrets';
import { clusterEnvironment } from '../stack/temporal';
import { buildWorkflowBundle } from '../workers/create-workers';
import { cpuOf, type CpuTotals } from './cpu';
import { call, partnerToken, timed } from './measure';
import { sandboxBookingBody } from './bookings';

const OPS = Number(process.env.BENCH_CLUSTER_OPS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TOPOLOGIES = (process.env.BENCH_CLUSTER_TOPOLOGIES ?? '1x1,2x2,4x4')
  .split(',')
  .map((t) => t.split('x').map(Number) as [number, number]);
const SHARDS = (process.env.BENCH_CLUSTER_SHARDS ?? '4,16').split(',').map(Number);
const ROOT = join(__dirname, '..');

interface Stage {
  rate: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per operation by component. */
  cpu: Record<string, number>;
}

interface Row {
  shards: number;
  apis: number;
  workers: number;
  stages: Record<'bookings' | 'deliveries' | 'publish', Stage>;
}

/** A hub process (API or worker) started as production starts it, resolved once it is ready. */
async function startHubProcess(
  entry: 'api/server.ts' | 'workers/main.ts',
  env: NodeJS.ProcessEnv,
  ready: (output: string) => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => void (out = (out + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited while starting:\n${out}`);
    if (await ready(out).catch(() => false)) return child;
    if (Date.now() > deadline) throw new Error(`${entry} not ready within 120 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopAll(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
        }),
    ),
  );
}

export async function clusterBench(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const work = mkdtempSync(join(tmpdir(), 'hub-bench-cluster-'));
  const bundlePath = join(work, 'workflow-bundle.js');
  writeFileSync(bundlePath, (await buildWorkflowBundle()).code);
  const { encryptionKey, hashPepper } = STACK_SECRETS;
  const namespace = loadDevStack().namespace;

  // The receiver: answers 204 and wakes whoever waits for an event.
  const arrived = new Set<string>();
  const waiters = new Map<string, () => void>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['service-event-id']);
      arrived.add(id);
      waiters.get(id)?.();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

  const rows: Row[] = [];
  try {
    for (const shards of SHARDS) {
      const local = await startLocalStack(`bench-cluster-${shards}`, { temporal: false, poolMax: 10 });
      const engine = await clusterEnvironment(local.databaseUrl, { dataDir: mkdtempSync(join(work, 'cluster-')), historyShards: shards });
      try {
        const { orm } = local;
        const partner = await createPartner(orm, STACK_SECRETS, { name: 'Bench' });
        const { accountId } = await createIntegratorAccount(orm, 'Bench');
        await createDestination(orm, encryptionKey, {
          accountId,
          environment: 'sandbox',
          url: receiverUrl,
          eventTypes: ['invoice.created'],
        });
        // The bench is not a worker: its starts are not eager (a worker's publishes are; bench/deliveries.ts).
        const publisher = createPublicWebhookActivities({ orm, encryptionKey, timeoutMs: 5000, devTargets: true, client: engine.client });
        const hubEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: local.databaseUrl,
          TEMPORAL_ADDRESS: engine.cluster.address,
          TEMPORAL_NAMESPACE: namespace,
          HUB_ENCRYPTION_KEY: encryptionKey.toString('base64'),
          HUB_HASH_PEPPER: hashPepper.toString('base64'),
          HUB_DEV_WEBHOOK_TARGETS: 'true',
          LOG_LEVEL: 'warn',
          PARTNER_RATE_LIMIT_PER_MINUTE: '100000000',
          // A load tool floods one sandbox partner on purpose: its limits are what it measures, not load shedding's.
          HUB_SANDBOX_RIDE_BUDGET: '10000000',
          HUB_MAX_TASK_WAIT_SECONDS: '86400',
          // Sandbox rides rest confirmed: the bench is about starts and deliveries, not GPS.
          SANDBOX_RIDE_SECONDS: '3600',
          GPS_UPDATE_INTERVAL_SECONDS: '3600',
          WORKFLOW_BUNDLE_PATH: bundlePath,
          // One public address for every API process, as behind a load balancer: tokens name it as their issuer.
          PUBLIC_BASE_URL: 'http://127.0.0.1',
          ...extra,
        });

        let booked = 0;
        for (const [apis, workers] of TOPOLOGIES) {
          const started: ChildProcess[] = [];
          try {
            for (let i = 0; i < workers; i++)
              started.push(
                await startHubProcess('workers/main.ts', hubEnv({ WORKER_METRICS_PORT: '0', LOG_LEVEL: 'info' }), async (out) =>
                  /workers running/.test(out),
                ),
              );
            const apiUrls: string[] = [];
            for (let i = 0; i < apis; i++) {
              const port = await freePort();
              const url = `http://127.0.0.1:${port}`;
              started.push(
                await startHubProcess('api/server.ts', hubEnv({ HOST: '127.0.0.1', PORT: String(port) }), async () => {
                  const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
                  return response.ok;
                }),
              );
              apiUrls.push(url);
            }
            const client = partner.clients.find((c) => c.environment === 'sandbox')!;
            const token = await partnerToken(apiUrls[0]!, client.clientId, client.clientSecret);
            const tag = `${shards}-${apis}x${workers}`;
            const pids = () => ({
              ...Object.fromEntries(Object.entries(engine.cluster.pids()).map(([service, pid]) => [`temporal ${service}`, [pid!]])),
              'hub API': started.slice(workers).map((child) => child.pid!),
              'hub worker': started.slice(0, workers).map((child) => child.pid!),
            });
            const stage = async (ops: number, one: (i: number) => Promise<void>): Promise<Stage> => {
              const before = cpuOf(pids());
              const measured = await timed(ops, CONCURRENCY, one);
              const after = cpuOf(pids());
              return { ...measured, cpu: perOperation(before, after, ops) };
            };

            const bookings = await stage(OPS, (i) =>
              call('POST', `${apiUrls[i % apis]}/v1/bookings`, sandboxBookingBody(`${tag}-${i}`), {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'idempotency-key': `bench-${tag}-${i}`,
              }),
            );
            // The booking workflows' first steps run on the hub workers after the answers: let them finish, so the
            // next stages do not pay for them.
            booked += OPS;
            await drained(orm, partner.partnerId, booked);
            const events: RecordedPublicEvent[] = [];
            for (let i = 0; i < OPS; i++) events.push(await publisher.recordPublicEvent(invoiceEvent(accountId, `delivery-${tag}-${i}`)));
            const deliveries = await stage(OPS, async (i) => {
              const {
                eventId,
                deliveries: [d],
              } = events[i]!;
              await engine.client.workflow.execute('deliveryWorkflow', {
                workflowId: deliveryWorkflowId(eventId, d!.destinationId),
                taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
                args: [{ deliveryId: d!.deliveryId, eventId, destinationId: d!.destinationId } satisfies DeliveryInput],
              });
            });
            const publish = await stage(OPS, async (i) => {
              const { eventId } = await publisher.publishPublicEvent(invoiceEvent(accountId, `publish-${tag}-${i}`));
              if (!arrived.has(eventId)) await new Promise<void>((r) => waiters.set(eventId, r));
              waiters.delete(eventId);
            });
            rows.push({ shards, apis, workers, stages: { bookings, deliveries, publish } });
            console.log(`${tag}: ${JSON.stringify(rows.at(-1)!.stages, (_, v) => (typeof v === 'number' ? Number(v.toFixed(2)) : v))}`);
          } finally {
            await stopAll(started);
          }
        }
      } finally {
        await engine.teardown();
        await local.stop();
      }
    }
    printTable(rows);
  } finally {
    receiver.close();
    receiver.closeAllConnections();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Waits until the partner's bookings have all run their first step (booking.created recorded), 5 minutes at most. */
async function drained(orm: MikroORM, partnerId: string, count: number) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const [{ n }] = await orm.em
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from events where partner_id = ? and type = 'booking.created'`, [partnerId]);
    if (Number(n) >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${n} of ${count} booking workflows ran their first step within 5 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function invoiceEvent(accountId: string, key: string) {
  return {
    type: 'invoice.created' as const,
    dedupeKey: `bench:${key}`,
    accountId,
    environment: 'test' as const,
    data: { number: `INV-${key}`, account: accountId, net: 100, tax: 20, currency: 'EUR' },
  };
}

function perOperation(before: CpuTotals, after: CpuTotals, ops: number): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((k) => [k, ((after[k]! - (before[k] ?? 0)) * 1000) / ops]));
}

function printTable(rows: Row[]) {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\nthe hub on Temporal's production server — ${OPS} operations per stage, concurrency ${CONCURRENCY}, Node ${process.version}\n`,
  );
  for (const stageName of ['bookings', 'deliveries', 'publish'] as const) {
    console.log(`${stageName}${stageName === 'publish' ? ' → receiver' : ''}`);
    const components = Object.keys(rows[0]!.stages[stageName].cpu);
    console.log(`  shards API×worker      /s    p50 ms    p99 ms   CPU ms/op: ${components.join(' | ')}`);
    for (const row of rows) {
      const s = row.stages[stageName];
      const total = Object.values(s.cpu).reduce((a, b) => a + b, 0);
      console.log(
        `  ${String(row.shards).padStart(6)} ${`${row.apis}×${row.workers}`.padEnd(10)} ${f(s.rate).padStart(6)} ${f(s.p50).padStart(9)} ${f(s.p99).padStart(9)}   ` +
          `${components.map((c) => f(s.cpu[c] ?? 0)).join(' | ')}   total ${f(total)}`,
      );
    }
  }
}
