/**
 * `npm run record-histories`: runs every workflow type through a representative path on an in-memory Temporal dev
 * server (with embedded PostgreSQL, the real workers and the real API in this process) and writes each history to
 * `test/histories/<name>.json`. `test/workflows/replay-histories.test.ts` replays them against the current workflow
 * code, so a change that would break running workflows fails `npm test`.
 *
 * Add a workflow type: add one entry to RECORDINGS below (drive it through the API or the client, return its
 * workflow id, and say when its history is worth keeping), then run this script and commit the new file.
 * Record only against code that is already deployed (or about to be): the point is to keep the histories that
 * running workflows have. `npm run record-histories -- <name>…` records only the named entries.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { apiDeps, listen } from '../api/server';
import { createPartner } from '../db/management';
import { migrate, openOrm } from '../db/orm';
import { HubEventSchema } from '../db/entities';
import { loadConfig } from '../infra/config';
import { devServerExtraArgs, loadDevStack, searchAttributeKeys } from '../infra/dev-stack';
import { startEmbeddedPostgres } from '../infra/embedded-postgres';
import { createLogger } from '../infra/logger';
import { temporalCliPath } from '../infra/temporal-binaries';
import { createWorkers, runWorkers } from '../workers/create-workers';
import { bookingWorkflowId } from '../workflows/booking.contract';
import { partnerWebhookWorkflowId } from '../workflows/partner-webhook.contract';
import { historyToFile } from '../test/support/histories';
import { startReceiver } from '../test/support/receiver';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
type EventName = keyof typeof temporal.api.enums.v1.EventType extends `EVENT_TYPE_${infer N}` ? N : never;

export interface RecordingContext {
  baseUrl: string;
  client: Client;
  orm: MikroORM;
  partner: { partnerId: string; token: string };
  /** POSTs JSON to the API as the demo partner. */
  post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
}

export interface Recording {
  /** File name under test/histories/ (without .json). */
  name: string;
  workflowType: string;
  /** Drives the workflow; returns its workflow id. */
  run(ctx: RecordingContext): Promise<string>;
  /** The history is kept once this holds (a running workflow's history up to a resting point is fine). */
  settled(events: HistoryEvent[]): boolean;
}

const has = (events: HistoryEvent[], type: EventName) =>
  events.some((e) => e.eventType === temporal.api.enums.v1.EventType[`EVENT_TYPE_${type}`]);
const pickupIn = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const bookingRequest = (externalId: string, pickupInHours: number) => ({
  external_id: externalId,
  pickup: { address: 'CDG Terminal 2E', lat: 49.0097, lng: 2.5479, datetime: pickupIn(pickupInHours) },
  dropoff: { address: 'Place Vendome', lat: 48.8674, lng: 2.3294 },
  passenger: { name: 'Ada Lovelace', phone: '+33612345678', pax: 1 },
  vehicle_class: 'executive',
  currency: 'EUR',
});

async function createBooking(ctx: RecordingContext, externalId: string, pickupInHours: number): Promise<string> {
  const created = await ctx.post('/v1/bookings', bookingRequest(externalId, pickupInHours));
  if (created.status !== 201) throw new Error(`POST /v1/bookings answered ${created.status}: ${JSON.stringify(created.json)}`);
  return String(created.json.id);
}

/** One entry per workflow type (more for paths that write different histories). */
export const RECORDINGS: Recording[] = [
  {
    // Update-with-start, local activities, the booking.created child, then resting in the free-cancellation timer.
    name: 'booking-confirmed',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => bookingWorkflowId(await createBooking(ctx, 'REC-BOOKING-1', 48)),
    settled: (events) => has(events, 'TIMER_STARTED') && has(events, 'CHILD_WORKFLOW_EXECUTION_STARTED'),
  },
  {
    // Pickup within the free-cancellation lead time: no timer, straight to waiting for the end of the ride.
    name: 'booking-short-notice',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => bookingWorkflowId(await createBooking(ctx, 'REC-BOOKING-2', 1)),
    settled: (events) => has(events, 'CHILD_WORKFLOW_EXECUTION_STARTED'),
  },
  {
    // One signed POST acknowledged by the receiver, then the delivery summary: a completed workflow.
    name: 'partner-webhook-delivered',
    workflowType: 'partnerWebhookWorkflow',
    run: async (ctx) => {
      const bookingId = await createBooking(ctx, 'REC-WEBHOOK-1', 48);
      for (;;) {
        const event = await ctx.orm.em.fork().findOne(HubEventSchema, { bookingId });
        if (event) return partnerWebhookWorkflowId(event.id);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
];

async function settledHistory(handle: WorkflowHandle, recording: Recording, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const history = await handle.fetchHistory();
    if (recording.settled(history.events ?? [])) return history;
    if (Date.now() > deadline) throw new Error(`${recording.name}: the history did not settle within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  const only = process.argv.slice(2);
  const recordings = only.length ? RECORDINGS.filter((r) => only.includes(r.name)) : RECORDINGS;
  if (only.length && recordings.length !== only.length)
    throw new Error(`unknown recording; known: ${RECORDINGS.map((r) => r.name).join(', ')}`);
  const outDir = join(__dirname, '..', 'test', 'histories');
  mkdirSync(outDir, { recursive: true });

  Runtime.install({ logger: new DefaultLogger('WARN') });
  const dir = mkdtempSync(join(tmpdir(), 'hub-record-'));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), port: 20000 + Math.floor(Math.random() * 20000) });
  const stack = loadDevStack();
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCliPath() },
      namespace: stack.namespace,
      searchAttributes: searchAttributeKeys(stack),
      extraArgs: devServerExtraArgs(stack),
    },
  });
  const orm = await openOrm(await pg.createDatabase('record'), 10);
  const receiver = await startReceiver();
  let api: Awaited<ReturnType<typeof listen>> | undefined;
  let workers: ReturnType<typeof runWorkers> | undefined;
  try {
    await migrate(orm);
    const secrets = { encryptionKey: randomBytes(32), hashPepper: randomBytes(32) };
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    api = await listen(apiDeps(config, { orm, temporal: env.client, logger: createLogger('silent'), ...secrets }), '127.0.0.1', 0);
    const baseUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    workers = runWorkers(
      await createWorkers({
        connection: env.nativeConnection,
        namespace: stack.namespace,
        orm,
        encryptionKey: secrets.encryptionKey,
        webhookTimeoutMs: 5000,
      }),
    );
    const created = await createPartner(orm, secrets, { name: 'Recorder', webhookUrl: receiver.url });
    const client = created.clients[0];
    const tokenResponse = await fetch(`${baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const ctx: RecordingContext = {
      baseUrl,
      client: env.client,
      orm,
      partner: { partnerId: created.partnerId, token },
      async post(path, body) {
        const response = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': randomBytes(8).toString('hex'),
          },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: (await response.json()) as Record<string, unknown> };
      },
    };
    for (const recording of recordings) {
      const workflowId = await recording.run(ctx);
      const handle = env.client.workflow.getHandle(workflowId);
      const history = await settledHistory(handle, recording);
      const type = history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
      if (type !== recording.workflowType) throw new Error(`${recording.name}: recorded ${type}, expected ${recording.workflowType}`);
      const file = join(outDir, `${recording.name}.json`);
      writeFileSync(file, historyToFile(history));
      console.log(`${recording.name.padEnd(28)} ${recording.workflowType.padEnd(24)} ${history.events?.length} events → ${file}`);
    }
  } finally {
    await api?.close();
    workers?.shutdown();
    await workers?.done;
    await receiver.close();
    await orm.close();
    await env.teardown();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
