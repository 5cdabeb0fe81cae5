/**
 * `npm run crash-test`: the hub as separate processes (stack/process-stack.ts) under a steady load of bookings and
 * webhook deliveries, while the worker, then the API, then the Temporal dev server, then PostgreSQL are killed with
 * SIGKILL and started again. With CRASH_ENGINE=cluster, on Temporal's production server: the worker, the API, the
 * history service, the matching service, then PostgreSQL (the hub's and Temporal's store). Afterwards it checks and prints:
 *   - every booking that got a 201 is in the read model and has its workflow in Temporal;
 *   - none exists twice (each Idempotency-Key → one booking; external ids unique; as many workflows as bookings);
 *   - every event reached the partner's webhook receiver at least once, and a delivery seen twice carried the same
 *     event id and body;
 *   - no attempt was answered 500 (a part that is down answers 503 with Retry-After);
 *   - the lockout: the time from the API's restart until the retry (same key) of a request cut by its kill was answered.
 * Exits non-zero on any violation. CRASH_PHASE_SECONDS (default 20) is the load between kills, CRASH_CLIENTS (6) the
 * concurrent clients, CRASH_GIVE_UP_SECONDS / CRASH_DRAIN_SECONDS (300) the bounds on a booking's retries and on the
 * wait for deliveries. The short form runs in `npm test` (test/crash/crash.test.ts).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Client } from '@temporalio/client';
import { createPartner } from '../app/accounts';
import { migrate, openOrm } from '../db/orm';
import { loadDevStack } from '../infra/dev-stack';
import { bookingWorkflowId } from '../contracts/booking';
import { claimsInProgress, runningStatements } from '../db/proof-probes';
import { API_APPLICATION_NAME, processStack, type ProcessStack, type StackEngine, type StackRole } from '../stack/process-stack';
import { stackDataConverter } from '../stack/secrets';
import { partnerBookings, partnerEventBodies } from '../db/tool-fixtures';

export interface CrashTestOptions {
  /** Load between two kills. */
  phaseMs: number;
  clients: number;
  /** How long a client keeps retrying one booking before that counts as a violation. */
  giveUpMs: number;
  /** How long to wait, after the load, for every event to reach the receiver. */
  drainMs: number;
  keepDir?: boolean;
  print?: (line: string) => void;
  /** The dev server (default) or the production server's services (stack/process-stack.ts). */
  engine?: StackEngine;
}

/** What is killed, one after the other, with load between. */
const KILLS: Record<StackEngine, StackRole[]> = {
  dev: ['worker', 'api', 'temporal', 'postgres'],
  cluster: ['worker', 'api', 'history', 'matching', 'postgres'],
};

export interface CrashTestResult {
  violations: string[];
  bookings: number;
  events: number;
  receiverRequests: number;
  redeliveries: number;
  /** Per request cut by the API's kill: ms from the API being ready again to its retry's answer. */
  lockoutsMs: number[];
  /** How many of those requests' claims the killed API left `in_progress`. */
  claimsLeft: number;
  answers: Record<string, number>;
}

interface Attempt {
  startedAt: number;
  endedAt?: number;
  outcome?: string;
}

interface Booking {
  key: string;
  externalId: string;
  attempts: Attempt[];
  id?: string;
  final?: { status: number; at: number; code?: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `a → b ×3 → c`: the outcomes of a booking's attempts, repeats folded. */
function story(b: Booking): string {
  const runs: [string, number][] = [];
  for (const a of b.attempts) {
    const outcome = a.outcome ?? '?';
    if (runs.at(-1)?.[0] === outcome) runs.at(-1)![1]++;
    else runs.push([outcome, 1]);
  }
  return runs.map(([o, n]) => (n > 1 ? `${o} ×${n}` : o)).join(' → ');
}

async function startReceiver() {
  const seen: { eventId: string; body: string; attempt: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        eventId: String(req.headers['x-event-id']),
        body: Buffer.concat(chunks).toString('utf8'),
        attempt: String(req.headers['x-delivery-attempt']),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bookingBody(externalId: string) {
  return {
    external_id: externalId,
    pickup: { address: 'Gare de Lyon, Paris', lat: 48.8443, lng: 2.3744, datetime: new Date(Date.now() + 48 * 3600_000).toISOString() },
    dropoff: { address: 'Orly Airport', lat: 48.7262, lng: 2.3652 },
    passenger: { name: 'Crash Test', phone: '+33612345678', pax: 1, luggage: 1 },
    vehicle_class: 'standard',
  };
}

async function token(apiUrl: string, client: { clientId: string; clientSecret: string }): Promise<string> {
  const response = await fetch(`${apiUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Answers that end a booking's retries; anything else (network error, 409 in use, 429, 5xx) is retried with the same key. */
const definite = (status: number, code: string | undefined) => status < 500 && status !== 429 && code !== 'idempotency_key_in_use';

export async function runCrashTest(options: CrashTestOptions): Promise<CrashTestResult> {
  const print = options.print ?? ((line: string) => console.log(line));
  const t0 = Date.now();
  const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s]`;
  const say = (line: string) => print(`${stamp()} ${line}`);
  const dir = mkdtempSync(join(tmpdir(), 'hub-crash-'));
  chmodSync(dir, 0o755); // the `postgres` user must reach its data directory inside
  const violations: string[] = [];
  const receiver = await startReceiver();
  let stack: ProcessStack | undefined;
  let stopLoad = false;
  const bookings: Booking[] = [];
  try {
    stack = await processStack(dir, options.engine);
    say(`stack in ${dir}`);
    await stack.startPostgres();
    const orm = await openOrm(stack.databaseUrl, 2);
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
    const setup = await openOrm(stack.databaseUrl, 2);
    const partner = await createPartner(setup, stack.secrets, { name: 'Crash Test OTA', webhookUrl: receiver.url });
    await setup.close();
    await stack.startTemporal();
    await stack.startWorker();
    await stack.startApi();
    say(`started ${JSON.stringify(stack.pids())}`);
    const bearer = await token(
      stack.apiUrl,
      partner.clients.find((c) => c.environment === 'sandbox')!,
    );
    const apiUrl = stack.apiUrl;

    let next = 0;
    const inFlight = new Set<Attempt>();
    async function client(): Promise<void> {
      while (!stopLoad) {
        const n = next++;
        const booking: Booking = { key: `crash-${n}`, externalId: `CRASH-${n}`, attempts: [] };
        bookings.push(booking);
        const body = JSON.stringify(bookingBody(booking.externalId));
        const firstAt = Date.now();
        while (!booking.final) {
          if (Date.now() - firstAt > options.giveUpMs) {
            violations.push(
              `booking ${booking.key}: no definite answer after ${options.giveUpMs / 1000} s (${booking.attempts.at(-1)?.outcome})`,
            );
            break;
          }
          const attempt: Attempt = { startedAt: Date.now() };
          booking.attempts.push(attempt);
          inFlight.add(attempt);
          try {
            const response = await fetch(`${apiUrl}/v1/bookings`, {
              method: 'POST',
              headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': booking.key },
              body,
              signal: AbortSignal.timeout(30_000),
            });
            const text = await response.text();
            const json = text ? (JSON.parse(text) as { id?: string; code?: string }) : {};
            attempt.outcome = `${response.status}${json.code ? ` ${json.code}` : ''}`;
            if (definite(response.status, json.code)) {
              booking.final = { status: response.status, at: Date.now(), code: json.code };
              if (response.status === 201) booking.id = json.id;
            }
          } catch (err) {
            attempt.outcome = `network: ${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name}`;
          } finally {
            attempt.endedAt = Date.now();
            inFlight.delete(attempt);
          }
          if (!booking.final) await sleep(200);
        }
      }
    }
    const clients = Array.from({ length: options.clients }, () => client());

    let apiReadyAt = 0;
    let cut: Booking[] = [];
    let claimsLeft = 0;
    const phase = async () => {
      await sleep(options.phaseMs);
      say(`load: ${bookings.length} bookings started, ${bookings.filter((b) => b.final).length} answered`);
    };
    /**
     * The API's kill is meant to cut a request holding its idempotency claim (the case a lease would lock out), so it
     * happens only once one certainly is: the API is frozen (SIGSTOP), and once none of its sessions is still running a
     * statement (PostgreSQL finishes what it already received), an `in_progress` claim of a request in flight can only
     * stay so until the kill. Otherwise the API is thawed and the look repeated. The kill itself (SIGKILL) ends a stopped
     * process as any other.
     */
    const freezeApiHoldingAClaim = async () => {
      const pid = stack!.pids().api!;
      const db = await openOrm(stack!.databaseUrl, 1);
      try {
        for (let tries = 0; tries < 600; tries++) {
          process.kill(pid, 'SIGSTOP');
          // A statement waiting on a lock that a frozen session holds never ends: then thaw and look again.
          let settled = false;
          for (let i = 0; i < 100; i++) {
            if ((await runningStatements(db, API_APPLICATION_NAME)) === 0) {
              settled = true;
              break;
            }
            await sleep(10);
          }
          const keys = bookings.filter((b) => b.attempts.some((a) => inFlight.has(a))).map((b) => b.key);
          if (settled && (await claimsInProgress(db, keys)) > 0) return;
          process.kill(pid, 'SIGCONT');
          await sleep(25);
        }
        say('no request held a claim while frozen in 600 looks: killing the API anyway');
      } finally {
        await db.close();
      }
    };
    const restart = async (role: StackRole) => {
      // A kill is meant to cut requests: wait (briefly) for some to be in flight.
      for (let i = 0; i < 50 && inFlight.size === 0; i++) await sleep(20);
      if (role === 'api') await freezeApiHoldingAClaim();
      const pid = stack!.pids()[role];
      const cutNow = [...inFlight];
      const killedAt = Date.now();
      await stack!.kill(role);
      say(`kill -9 ${role} (pid ${pid}) with ${cutNow.length} requests in flight`);
      if (role === 'api') {
        cut = bookings.filter((b) => b.attempts.some((a) => cutNow.includes(a)));
        // The killed process's claims are still `in_progress`: with a lease they would lock their clients out.
        const db = await openOrm(stack!.databaseUrl, 1);
        const n = await claimsInProgress(
          db,
          cut.map((b) => b.key),
        );
        await db.close();
        claimsLeft = n;
        say(`${n} of the cut requests' claims are left in_progress by the killed API`);
      }
      if (role === 'postgres') await stack!.startPostgres();
      else if (role === 'temporal' || role === 'history' || role === 'matching') await stack!.startTemporal();
      else if (role === 'worker') await stack!.startWorker();
      else await stack!.startApi();
      if (role === 'api') apiReadyAt = Date.now();
      say(`${role} restarted (pid ${stack!.pids()[role]}) after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
    };

    for (const role of KILLS[options.engine ?? 'dev']) {
      await phase();
      await restart(role);
    }
    await phase();
    stopLoad = true;
    await Promise.all(clients);
    say(`load stopped: ${bookings.length} bookings`);

    // Checks, through a fresh connection to each store.
    const check = await openOrm(stack.databaseUrl, 2);
    const temporalConnection = await Connection.connect({ address: stack.temporalAddress });
    const temporal = new Client({
      connection: temporalConnection,
      namespace: loadDevStack().namespace,
      dataConverter: stackDataConverter(),
    });
    try {
      const answered = bookings.filter((b) => b.final?.status === 201);
      for (const b of bookings) {
        if (b.final && b.final.status !== 201) violations.push(`booking ${b.key}: answered ${b.final.status} ${b.final.code ?? ''}`);
        // Down or restarting parts answer 503 with Retry-After; a 500 on the way is a bug even when the retry books.
        for (const a of b.attempts) if (a.outcome?.startsWith('500')) violations.push(`booking ${b.key}: an attempt answered ${a.outcome}`);
      }
      const rows = await partnerBookings(check, partner.partnerId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const byExternal = new Map<string, string[]>();
      for (const r of rows) byExternal.set(r.external_id, [...(byExternal.get(r.external_id) ?? []), r.id]);
      for (const b of answered) {
        if (!byId.has(b.id!)) violations.push(`booking ${b.id} (${b.key}) answered 201 but is not in the read model`);
        const same = byExternal.get(b.externalId) ?? [];
        if (same.length > 1) violations.push(`${b.key} made ${same.length} bookings: ${same.join(', ')}`);
        if (same.length === 1 && same[0] !== b.id) violations.push(`${b.key}: answered ${b.id} but the read model has ${same[0]}`);
      }
      const answeredExternal = new Set(answered.map((b) => b.externalId));
      for (const r of rows)
        if (!answeredExternal.has(r.external_id)) violations.push(`booking ${r.id} (${r.external_id}) was never answered 201`);
      for (const b of answered) {
        try {
          const described = await temporal.workflow.getHandle(bookingWorkflowId(b.id!)).describe();
          if (described.type !== 'bookingWorkflow') violations.push(`${bookingWorkflowId(b.id!)} is a ${described.type}`);
        } catch (err) {
          violations.push(`${bookingWorkflowId(b.id!)}: not in Temporal (${(err as Error).message})`);
        }
      }
      let workflows = 0;
      for (let i = 0; i < 100; i++) {
        workflows = (await temporal.workflow.count(`WorkflowType = 'bookingWorkflow' AND PartnerId = '${partner.partnerId}'`)).count;
        if (workflows === rows.length) break;
        await sleep(200);
      }
      if (workflows !== rows.length) violations.push(`${workflows} booking workflows for ${rows.length} bookings`);
      say(`bookings: ${answered.length} answered 201, ${rows.length} in the read model, ${workflows} workflows in Temporal`);

      // Every booking's event reaches the receiver at least once (a delivery cut by a crash waits out its retry).
      const answeredIds = new Set(answered.map((b) => b.id!));
      const drainStarted = Date.now();
      let events: { id: string; booking_id: string; body: string }[] = [];
      let missing: typeof events = [];
      let withoutEvent: string[] = [];
      for (;;) {
        events = await partnerEventBodies(check, partner.partnerId);
        const seen = new Set(receiver.seen.map((s) => s.eventId));
        const booked = new Set(events.map((e) => e.booking_id));
        missing = events.filter((e) => !seen.has(e.id));
        withoutEvent = [...answeredIds].filter((id) => !booked.has(id));
        if ((!missing.length && !withoutEvent.length) || Date.now() - drainStarted > options.drainMs) break;
        await sleep(500);
      }
      say(`events: ${events.length}, all delivered ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the load stopped`);
      for (const e of missing) violations.push(`event ${e.id} never reached the receiver`);
      for (const id of withoutEvent) violations.push(`booking ${id} has no event`);
      const eventBody = new Map(events.map((e) => [e.id, e.body]));
      const bodies = new Map<string, Set<string>>();
      for (const s of receiver.seen) {
        bodies.set(s.body, (bodies.get(s.body) ?? new Set()).add(s.eventId));
        if (eventBody.get(s.eventId) !== s.body) violations.push(`a delivery of ${s.eventId} carried another body than the event`);
      }
      for (const [, ids] of bodies) if (ids.size > 1) violations.push(`one delivery body came with event ids ${[...ids].join(', ')}`);
      const redeliveries = receiver.seen.length - new Set(receiver.seen.map((s) => s.eventId)).size;
      say(`receiver: ${receiver.seen.length} requests, ${redeliveries} redeliveries (each with its event's id and body)`);

      const lockoutsMs = cut.filter((b) => b.final).map((b) => Math.max(0, b.final!.at - apiReadyAt));
      say(
        `lockout after the API's restart: ${cut.length} requests cut; answered ${lockoutsMs.length ? `after at most ${(Math.max(...lockoutsMs) / 1000).toFixed(2)} s` : '—'} ` +
          `(${cut.map((b) => `${b.key}: ${story(b)}`).join('; ')})`,
      );
      const answers: Record<string, number> = {};
      for (const b of bookings) for (const a of b.attempts) answers[a.outcome ?? 'none'] = (answers[a.outcome ?? 'none'] ?? 0) + 1;
      say(`answers to all attempts: ${JSON.stringify(answers)}`);
      if (violations.length) say(`VIOLATIONS (${violations.length}):\n  ${violations.join('\n  ')}`);
      else say('no violations');
      return {
        violations,
        bookings: answered.length,
        events: events.length,
        receiverRequests: receiver.seen.length,
        redeliveries,
        lockoutsMs,
        claimsLeft,
        answers,
      };
    } finally {
      await temporalConnection.close();
      await check.close();
    }
  } finally {
    stopLoad = true;
    await stack?.stop().catch((err) => print(`stopping the stack failed: ${(err as Error).message}`));
    await receiver.close();
    if (!options.keepDir && violations.length === 0) rmSync(dir, { recursive: true, force: true });
    else print(`logs kept in ${dir}`);
  }
}

function engineOf(value = 'dev'): StackEngine {
  if (value !== 'dev' && value !== 'cluster') throw new Error(`CRASH_ENGINE must be dev or cluster, not ${value}`);
  return value;
}

async function main() {
  const result = await runCrashTest({
    phaseMs: Number(process.env.CRASH_PHASE_SECONDS ?? 20) * 1000,
    clients: Number(process.env.CRASH_CLIENTS ?? 6),
    giveUpMs: Number(process.env.CRASH_GIVE_UP_SECONDS ?? 300) * 1000,
    drainMs: Number(process.env.CRASH_DRAIN_SECONDS ?? 300) * 1000,
    engine: engineOf(process.env.CRASH_ENGINE),
    keepDir: process.env.CRASH_KEEP_DIR === 'true',
  });
  // For test/crash/crash.test.ts, which runs this script as its own process.
  if (process.env.CRASH_RESULT_FILE) writeFileSync(process.env.CRASH_RESULT_FILE, JSON.stringify(result));
  process.exit(result.violations.length ? 1 : 0);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
