/**
 * The uptime proofs (`npm run load -- --rolling`; short form in test/cluster/uptime-on-cluster.test.ts): the real `npm run
 * stack:cluster` (Temporal's production server, HUB_API_PROCESSES API processes behind HAProxy, HUB_WORKER_PROCESSES
 * workers; its own PostgreSQL, started here so it can be restarted) under a steady mixed load through the balancer:
 * partner bookings (POST /v1/bookings, each retried with its Idempotency-Key until a definite answer), booking reads
 * (GET /v1/bookings/:id) and driver positions (POST /driver/v1/positions), three reads and two positions per booking. Three events, with steady load between:
 *   1. `npm run deploy:rolling`'s restart of every worker and API process, one at a time: no request may fail
 *      (no 5xx, no connection error);
 *   2. `kill -9` of one API process: only requests in flight at the kill may fail; the balancer marks it DOWN (its
 *      health check: out after `fall` × `inter` + `timeout check` ≤ 2 s) and sends it nothing until it is back;
 *   3. PostgreSQL stopped and started again: writes answer 503 with Retry-After (from the API, or from the balancer once
 *      no process is ready), never 500, never a connection error, never a hang; the hub recovers by itself.
 * Then every booking answered 201 exists exactly once, and every event reached the partner's receiver. Prints each
 * phase's answers, availability and the error budget it would have spent against 99.95 % over 30 days.
 * UPTIME_PHASE_SECONDS (20), UPTIME_CLIENTS (3), UPTIME_API_PROCESSES (2), UPTIME_WORKER_PROCESSES (2),
 * UPTIME_PG_DOWN_SECONDS (10), UPTIME_DRAIN_SECONDS (600: the bound on the wait for every event's delivery).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUnit, issueDriverCredential } from '../app/fleet';
import { COMPLIANCE_DOCUMENTS } from '../domain/compliance';
import { openOrm } from '../db/orm';
import { partnerBookingRows, partnerEventRefs } from '../db/proof-probes';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../stack/embedded-postgres';
import { balancerStats, HEALTH_CHECK, maxDetectionMs } from '../stack/haproxy';
import { clusterPortOffsets } from '../stack/temporal-cluster';
import { clusterStateFile, readClusterState } from '../stack/cluster-state';
import { freePort, freePortBlock } from '../stack/ports';
import { startReceiver } from '../stack/receiver';
import { processReady, rollingRestart, type RestartStep } from '../stack/rolling';
import { Connection } from '@temporalio/client';

const ROOT = join(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 99.95 % over 30 days: 0.05 % of the month's requests may fail (21.6 minutes of total outage). */
export const SLO = { objective: 0.9995, windowDays: 30 };

export interface UptimeOptions {
  phaseMs: number;
  clients: number;
  apis: number;
  workers: number;
  /** PostgreSQL stays down at least this long (and until a write was answered while it was). */
  pgDownMs: number;
  /** How long to wait, after the load, for every event to reach the receiver. */
  drainMs: number;
  print?: (line: string) => void;
  keepDir?: boolean;
}

type Op = 'book' | 'read' | 'position';
interface Request {
  op: Op;
  phase: string;
  startedAt: number;
  endedAt?: number;
  /** `201`, `503`, `network: ECONNRESET`, `timeout`… */
  outcome?: string;
  /** The problem's `code`, when the answer was one: says which 503 it was. */
  code?: string;
  retryAfter?: boolean;
}

export interface PhaseSummary {
  requests: number;
  failed: number;
  answers: Record<string, number>;
  availability: number;
  /** The 30-day error budget in failed requests at this phase's request rate (0.05 % of a month of them). */
  budgetRequests: number;
  /** The share of that budget these failures spent. */
  budgetSpent: number;
}

export interface UptimeResult {
  violations: string[];
  rolling: PhaseSummary & { steps: RestartStep[] };
  kill: PhaseSummary & {
    inFlightAtKill: number;
    /** Failed requests that were not in flight when the process was killed (must be 0). */
    failedNotInFlight: number;
    /** Status and last check of the killed server once the balancer took it out. */
    downStatus: string;
    downCheck: string;
    /** Sessions the balancer sent it between marking it DOWN and having it UP again (must be 0). */
    sessionsWhileDown: number;
    detectionBoundMs: number;
  };
  postgres: PhaseSummary & {
    writes: number;
    writes503WithRetryAfter: number;
    /** Answers that break the promise: 500s (or other 5xx than 503), connection errors, timeouts, 503s without Retry-After. */
    broken: number;
    recovered: boolean;
  };
  total: PhaseSummary;
  bookings: number;
  events: number;
}

const isFailure = (outcome: string | undefined) => !outcome || /^(5\d\d|network|timeout)/.test(outcome);

function summarize(requests: Request[]): PhaseSummary {
  const answers: Record<string, number> = {};
  for (const r of requests) answers[r.outcome ?? 'none'] = (answers[r.outcome ?? 'none'] ?? 0) + 1;
  const failed = requests.filter((r) => isFailure(r.outcome)).length;
  const seconds = requests.length
    ? Math.max(1, (Math.max(...requests.map((r) => r.endedAt ?? r.startedAt)) - requests[0].startedAt) / 1000)
    : 1;
  const monthRequests = (requests.length / seconds) * SLO.windowDays * 86_400;
  const budget = monthRequests * (1 - SLO.objective);
  return {
    requests: requests.length,
    failed,
    answers,
    availability: requests.length ? 1 - failed / requests.length : 1,
    budgetRequests: budget,
    budgetSpent: budget ? failed / budget : 0,
  };
}

const budgetText = (s: PhaseSummary) =>
  `${s.requests} requests, ${s.failed} failed: availability ${(s.availability * 100).toFixed(3)} %; ` +
  `at this rate the 30-day budget of ${SLO.objective * 100} % is ${s.budgetRequests.toFixed(0)} failed requests, ` +
  `of which this spent ${(s.budgetSpent * 100).toFixed(4)} % (${(s.budgetSpent * SLO.windowDays * 24 * 60 * (1 - SLO.objective)).toFixed(3)} of the ${(SLO.windowDays * 24 * 60 * (1 - SLO.objective)).toFixed(1)} minutes)`;

export async function runUptimeProofs(options: UptimeOptions): Promise<UptimeResult> {
  const print = options.print ?? ((line: string) => console.log(line));
  const t0 = Date.now();
  const say = (line: string) => print(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  const dir = mkdtempSync(join(tmpdir(), 'hub-uptime-'));
  chmodSync(dir, 0o755); // the `postgres` user must reach its data directory inside
  const violations: string[] = [];
  const receiver = await startReceiver(() => 204);
  const pgPort = await freePort();
  const pgDir = join(dir, 'pg');
  let pg: EmbeddedPostgresHandle | undefined;
  let stack: ChildProcess | undefined;
  let stopLoad = false;
  const clients: Promise<void>[] = [];
  try {
    const startPostgres = async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          pg = await startEmbeddedPostgres({ databaseDir: pgDir, port: pgPort });
          return;
        } catch (err) {
          if (!/postgres exited/.test((err as Error).message) || Date.now() > deadline) throw err;
          await sleep(250);
        }
      }
    };
    await startPostgres();
    const databaseUrl = await pg!.createDatabase('hub');

    // The stack itself, as `npm run stack:cluster` runs it.
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { recursive: true });
    const port = await freePortBlock(Array.from({ length: options.apis + 1 }, (_, i) => i));
    const stackLog = createWriteStream(join(dir, 'stack.log'));
    stack = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HUB_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        TEMPORAL_CLUSTER_PORT: String(await freePortBlock(clusterPortOffsets())),
        TEMPORAL_UI_PORT: '0',
        WORKER_METRICS_PORT: String(await freePortBlock(Array.from({ length: options.workers }, (_, i) => i))),
        BALANCER_STATS_PORT: String(await freePort()),
        PROMETHEUS_PORT: String(await freePort()),
        ALERTMANAGER_PORT: String(await freePort()),
        BLACKBOX_PORT: String(await freePort()),
        HUB_API_PROCESSES: String(options.apis),
        HUB_WORKER_PROCESSES: String(options.workers),
        LOG_LEVEL: 'warn',
        PARTNER_RATE_LIMIT_PER_MINUTE: '1000000',
        // A load tool floods one sandbox partner on purpose: its limits are what it measures, not load shedding's.
        HUB_SANDBOX_RIDE_BUDGET: '10000000',
        HUB_MAX_TASK_WAIT_SECONDS: '86400',
        // Bookings and deliveries are the point: sandbox rides rest confirmed instead of playing their simulated ride.
        SANDBOX_RIDE_SECONDS: '3600',
        GPS_UPDATE_INTERVAL_SECONDS: '3600',
        WEBHOOK_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stack.stdout!.pipe(stackLog, { end: false });
    stack.stderr!.pipe(stackLog, { end: false });
    const stateFile = clusterStateFile(join(dataDir, 'cluster'));
    const stackEnded = new Promise<never>((_, reject) =>
      stack!.once('exit', (code) => {
        // Its last lines say which of its processes ended it (the directory is removed after a run).
        const tail = readFileSync(join(dir, 'stack.log'), 'utf8').trimEnd().split('\n').slice(-15).join('\n');
        reject(new Error(`stack:cluster exited (${code}); the end of ${dir}/stack.log:\n${tail}`));
      }),
    );
    stackEnded.catch(() => undefined);
    const startDeadline = Date.now() + 600_000;
    while (!(existsSync(stateFile) && readClusterState(stateFile).ready)) {
      if (stack.exitCode !== null) await stackEnded;
      if (Date.now() > startDeadline) throw new Error(`stack:cluster not ready within 10 minutes; see ${dir}/stack.log`);
      await sleep(250);
    }
    const state = readClusterState(stateFile);
    const apiUrl = state.balancer.url;
    say(`stack:cluster ready: balancer ${apiUrl}, ${state.processes.map((p) => `${p.name} ${p.pid}`).join(', ')}`);

    // The demo partner, its sandbox webhook at our receiver, and a fleet unit whose driver reports positions.
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      partner: { partnerId: string; sandbox: { clientId: string; clientSecret: string } };
    };
    const tokenAnswer = await fetch(`${apiUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${demo.partner.sandbox.clientId}:${demo.partner.sandbox.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const bearer = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    const partnerHeaders = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const endpoint = await fetch(`${apiUrl}/v1/webhook-endpoint`, {
      method: 'PATCH',
      headers: partnerHeaders,
      body: JSON.stringify({ url: receiver.url }),
    });
    if (!endpoint.ok) throw new Error(`PATCH /v1/webhook-endpoint: ${endpoint.status} ${await endpoint.text()}`);
    const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { hashPepper: string };
    const setup = await openOrm(databaseUrl, 1);
    const unit = await addUnit(setup, {
      market: 'PAR',
      vehicleClass: 'standard',
      vehicle: { make: 'Toyota', model: 'Corolla', year: 2024, color: 'white', plate: `UPTIME-${process.pid}` },
      chauffeur: {
        name: 'Uptime Driver',
        phone: '+33612345600',
        photo_url: 'https://example.com/uptime.jpg',
        licence_no: 'LIC-UPTIME',
        rating: 4.8,
      },
      documents: Object.fromEntries(COMPLIANCE_DOCUMENTS.map((d) => [d, '2099-12-31'])),
    });
    const { credential } = await issueDriverCredential(setup, { hashPepper: Buffer.from(stored.hashPepper, 'base64') }, unit.id);
    await setup.close();
    const driverHeaders = { authorization: `Bearer ${credential}`, 'content-type': 'application/json' };
    const online = await fetch(`${apiUrl}/driver/v1/availability`, {
      method: 'POST',
      headers: driverHeaders,
      body: JSON.stringify({ status: 'online' }),
    });
    if (!online.ok) throw new Error(`POST /driver/v1/availability: ${online.status} ${await online.text()}`);

    // The load: each client books, reads and reports positions in turn, one request at a time.
    let phase = 'warm-up';
    const requests: Request[] = [];
    const inFlight = new Set<Request>();
    const booked: { key: string; externalId: string; id?: string }[] = [];
    let next = 0;
    const send = async (op: Op, path: string, init: RequestInit): Promise<{ request: Request; body: { id?: string; code?: string } }> => {
      const request: Request = { op, phase, startedAt: Date.now() };
      requests.push(request);
      inFlight.add(request);
      let body: { id?: string; code?: string } = {};
      try {
        // Bounded: an answer later than this counts as a hang.
        const response = await fetch(`${apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
        const text = await response.text();
        body = text.startsWith('{') ? (JSON.parse(text) as typeof body) : {};
        request.outcome = `${response.status}`;
        request.code = body.code;
        request.retryAfter = response.headers.has('retry-after');
      } catch (err) {
        const name = (err as Error).name;
        request.outcome = name === 'TimeoutError' ? 'timeout' : `network: ${(err as { cause?: { code?: string } }).cause?.code ?? name}`;
      } finally {
        request.endedAt = Date.now();
        inFlight.delete(request);
      }
      return { request, body };
    };
    const retryPause = (request: Request) => sleep(request.retryAfter ? 1000 : 200);
    const definite = (outcome: string, code?: string) =>
      /^[24]\d\d$/.test(outcome) && outcome !== '429' && code !== 'idempotency_key_in_use';
    const book = async () => {
      const n = next++;
      const booking: (typeof booked)[number] = { key: `uptime-${n}`, externalId: `UPTIME-${n}` };
      booked.push(booking);
      const payload = JSON.stringify({
        external_id: booking.externalId,
        pickup: { address: 'Gare de Lyon, Paris', lat: 48.8443, lng: 2.3744, datetime: new Date(Date.now() + 48 * 3600_000).toISOString() },
        dropoff: { address: 'Orly Airport', lat: 48.7262, lng: 2.3652 },
        passenger: { name: 'Uptime Test', phone: '+33612345678', pax: 1, luggage: 1 },
        vehicle_class: 'standard',
      });
      for (;;) {
        const { request, body } = await send('book', '/v1/bookings', {
          method: 'POST',
          headers: { ...partnerHeaders, 'idempotency-key': booking.key },
          body: payload,
        });
        if (definite(request.outcome!, body.code)) {
          if (request.outcome === '201') booking.id = body.id;
          else violations.push(`booking ${booking.key} answered ${request.outcome} ${body.code ?? ''}`);
          return;
        }
        if (stopLoad && Date.now() - request.startedAt > 300_000) return void violations.push(`booking ${booking.key}: no answer`);
        await retryPause(request);
      }
    };
    const read = async () => {
      const ids = booked.filter((b) => b.id).map((b) => b.id!);
      if (!ids.length) return;
      const { request } = await send('read', `/v1/bookings/${ids[Math.floor(Math.random() * ids.length)]}`, { headers: partnerHeaders });
      if (isFailure(request.outcome)) await retryPause(request);
    };
    const position = async () => {
      const { request } = await send('position', '/driver/v1/positions', {
        method: 'POST',
        headers: driverHeaders,
        body: JSON.stringify({ lat: 48.85 + Math.random() / 100, lng: 2.35 + Math.random() / 100, recorded_at: new Date().toISOString() }),
      });
      if (isFailure(request.outcome)) await retryPause(request);
    };
    const client = async () => {
      // Per booking (a workflow and its webhook), three reads and two positions: the API's mix, not the workers'.
      while (!stopLoad) {
        await book();
        for (let i = 0; i < 3 && !stopLoad; i++) await read();
        for (let i = 0; i < 2 && !stopLoad; i++) await position();
      }
    };
    for (let i = 0; i < options.clients; i++) clients.push(client());
    const steady = async (label: string) => {
      phase = label;
      await sleep(options.phaseMs);
      say(`${label}: ${requests.length} requests so far, ${booked.filter((b) => b.id).length} bookings`);
    };
    await steady('warm-up');

    // 1. The rolling restart, exactly as `npm run deploy:rolling` does it.
    phase = 'rolling';
    const steps = await rollingRestart(stateFile, (line) => say(`deploy: ${line}`));
    await steady('after rolling');

    // 2. kill -9 of one API process.
    const victim = readClusterState(stateFile).processes.find((p) => p.role === 'api')!;
    for (let i = 0; i < 100 && inFlight.size === 0; i++) await sleep(10);
    phase = 'kill';
    const killedAt = Date.now();
    process.kill(victim.pid, 'SIGKILL');
    // The process is gone only once the kernel has torn it down (its listening socket still takes connections until
    // then): a request sent in between was on the dying process as much as one sent before.
    const gone = () => {
      try {
        // Its sockets close with its last thread: the leader a zombie and no other thread left.
        const zombie = readFileSync(`/proc/${victim.pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
        return zombie && readdirSync(`/proc/${victim.pid}/task`).length <= 1;
      } catch {
        return true;
      }
    };
    while (!gone()) await sleep(2);
    const goneAt = Date.now();
    const cut = new Set(requests.filter((r) => r.startedAt <= goneAt && (r.endedAt === undefined || r.endedAt >= killedAt)));
    say(`kill -9 ${victim.name} (pid ${victim.pid}): ${cut.size} requests in flight through the balancer until it was gone`);
    let down: Awaited<ReturnType<typeof balancerStats>>[number] | undefined;
    for (let i = 0; i < 600 && !down; i++) {
      down = (await balancerStats(state.balancer.adminDir)).find((s) => s.name === victim.name && s.status.startsWith('DOWN'));
      if (!down) await sleep(20);
    }
    if (!down) violations.push(`the balancer never marked ${victim.name} DOWN`);
    // Until it is UP again (the stack starts it again), the balancer sends it nothing.
    let lastDownSessions = down?.sessions ?? 0;
    for (;;) {
      const now = (await balancerStats(state.balancer.adminDir)).find((s) => s.name === victim.name)!;
      if (now.status === 'UP') break;
      lastDownSessions = now.sessions;
      if (Date.now() - killedAt > 120_000) {
        violations.push(`${victim.name} not UP again within 120 s of its kill`);
        break;
      }
      await sleep(20);
    }
    const connection = await Connection.connect({ address: state.temporal.address });
    try {
      const again = readClusterState(stateFile).processes.find((p) => p.name === victim.name)!;
      await processReady(stateFile, again, connection);
    } finally {
      await connection.close();
    }
    say(
      `${victim.name} out of the balancer (${down?.status}, check ${down?.checkStatus}), back as pid ${readClusterState(stateFile).processes.find((p) => p.name === victim.name)!.pid}`,
    );
    await steady('after kill');

    // 3. PostgreSQL stopped, and started again.
    phase = 'postgres';
    const pgDownAt = Date.now();
    await pg!.stop();
    pg = undefined;
    say('PostgreSQL stopped');
    const writesSince = (at: number) => requests.filter((r) => r.op !== 'read' && r.startedAt >= at && r.endedAt);
    for (let i = 0; Date.now() - pgDownAt < options.pgDownMs || (writesSince(pgDownAt).length === 0 && i < 600); i++) await sleep(100);
    await startPostgres();
    const pgUpAt = Date.now();
    say(`PostgreSQL started again after ${((pgUpAt - pgDownAt) / 1000).toFixed(1)} s`);
    let recovered = false;
    while (!recovered && Date.now() - pgUpAt < 180_000) {
      recovered = requests.some((r) => r.op === 'book' && r.startedAt > pgUpAt && r.outcome === '201');
      await sleep(100);
    }
    say(recovered ? `bookings answered 201 again ${((Date.now() - pgUpAt) / 1000).toFixed(1)} s after the restart` : 'NOT RECOVERED');
    await steady('after postgres');
    stopLoad = true;
    await Promise.all(clients);
    say(`load stopped: ${requests.length} requests`);

    // What each phase cost.
    const rollingRequests = requests.filter((r) => r.phase === 'rolling');
    const killWindow = requests.filter((r) => r.phase === 'kill');
    // Requests sent while PostgreSQL was down or the hub recovering, and those in flight when it stopped.
    const pgWindow = requests.filter((r) => r.phase === 'postgres' || (r.startedAt < pgDownAt && (r.endedAt ?? Infinity) > pgDownAt));
    const elsewhere = requests.filter((r) => isFailure(r.outcome) && !killWindow.includes(r) && !cut.has(r) && !pgWindow.includes(r));
    for (const r of elsewhere) violations.push(`${r.op} in phase ${r.phase} failed: ${r.outcome}${r.code ? ` ${r.code}` : ''}`);
    const killFailures = requests.filter((r) => isFailure(r.outcome) && (killWindow.includes(r) || cut.has(r)));
    const failedNotInFlight = killFailures.filter((r) => !cut.has(r)).length;
    for (const r of killFailures.filter((f) => !cut.has(f)))
      violations.push(`${r.op} sent ${r.startedAt - goneAt} ms after ${victim.name} was gone failed: ${r.outcome}`);
    const sessionsWhileDown = lastDownSessions - (down?.sessions ?? 0);
    if (sessionsWhileDown) violations.push(`the balancer sent ${sessionsWhileDown} sessions to ${victim.name} while it was DOWN`);
    const pgWrites = pgWindow.filter((r) => r.op !== 'read');
    const broken = pgWindow.filter((r) => (isFailure(r.outcome) && r.outcome !== '503') || (r.outcome === '503' && !r.retryAfter));
    for (const r of broken)
      violations.push(`${r.op} while PostgreSQL was down: ${r.outcome}${r.outcome === '503' ? ' without Retry-After' : ''}`);
    const writes503 = pgWrites.filter((r) => r.outcome === '503' && r.retryAfter).length;
    if (!recovered) violations.push('no booking answered 201 after PostgreSQL came back');
    for (const step of steps)
      if (step.exit !== '0') violations.push(`${step.name} pid ${step.oldPid} ended ${step.exit} on SIGTERM, not 0`);

    // Every booking once, every event delivered.
    const check = await openOrm(databaseUrl, 1);
    let events: { id: string; booking_id: string | null }[] = [];
    try {
      const answered = booked.filter((b) => b.id);
      const rows = await partnerBookingRows(check, demo.partner.partnerId);
      const byExternal = new Map<string, string[]>();
      for (const r of rows) byExternal.set(r.external_id, [...(byExternal.get(r.external_id) ?? []), r.id]);
      for (const b of answered) {
        const same = byExternal.get(b.externalId) ?? [];
        if (same.length !== 1 || same[0] !== b.id)
          violations.push(`${b.key} answered ${b.id}; the read model has ${same.join(', ') || 'nothing'}`);
      }
      const answeredIds = new Set(answered.map((b) => b.id));
      for (const r of rows) if (!answeredIds.has(r.id)) violations.push(`booking ${r.id} (${r.external_id}) was never answered 201`);
      const drainFrom = Date.now();
      let missing: string[] = [];
      let withoutEvent: string[] = [];
      for (;;) {
        events = await partnerEventRefs(check, demo.partner.partnerId);
        const withEvents = new Set(events.map((e) => e.booking_id));
        const seen = new Set(receiver.requests.map((r) => String(r.headers['x-event-id'])));
        missing = events.filter((e) => !seen.has(e.id)).map((e) => e.id);
        withoutEvent = [...answeredIds].filter((id) => !withEvents.has(id!)) as string[];
        if ((!missing.length && !withoutEvent.length) || Date.now() - drainFrom > options.drainMs) break;
        await sleep(500);
      }
      for (const id of missing) violations.push(`event ${id} never reached the receiver`);
      for (const id of withoutEvent) violations.push(`booking ${id} has no event`);
      say(
        `bookings: ${answered.length} answered 201, ${rows.length} in the read model; events: ${events.length}, all delivered ${((Date.now() - drainFrom) / 1000).toFixed(1)} s after the load`,
      );
    } finally {
      await check.close();
    }

    const result: UptimeResult = {
      violations,
      rolling: { ...summarize(rollingRequests), steps },
      kill: {
        ...summarize([...new Set([...cut, ...killWindow])].sort((a, b) => a.startedAt - b.startedAt)),
        inFlightAtKill: cut.size,
        failedNotInFlight,
        downStatus: down?.status ?? 'never',
        downCheck: down?.checkStatus ?? 'never',
        sessionsWhileDown,
        detectionBoundMs: maxDetectionMs(HEALTH_CHECK),
      },
      postgres: { ...summarize(pgWindow), writes: pgWrites.length, writes503WithRetryAfter: writes503, broken: broken.length, recovered },
      total: summarize(requests),
      bookings: booked.filter((b) => b.id).length,
      events: events.length,
    };
    say(`rolling restart of ${steps.length} processes: ${budgetText(result.rolling)}; answers ${JSON.stringify(result.rolling.answers)}`);
    say(
      `kill -9 of ${victim.name}: ${cut.size} requests in flight, ${result.kill.failed} failed (${failedNotInFlight} not in flight; answers ${JSON.stringify(
        Object.fromEntries(Object.entries(result.kill.answers).filter(([a]) => isFailure(a))),
      )}); ` +
        `out of rotation within ${result.kill.detectionBoundMs} ms by its health check (inter ${HEALTH_CHECK.interMs} ms × fall ${HEALTH_CHECK.fall} + timeout ${HEALTH_CHECK.timeoutMs} ms), ` +
        `${sessionsWhileDown} sessions sent to it while DOWN; ${budgetText(result.kill)}`,
    );
    say(
      `PostgreSQL restart: ${pgWrites.length} writes while it was down or recovering, ${writes503} answered 503 with Retry-After, ${broken.length} otherwise broken; ` +
        `${budgetText(result.postgres)}; answers ${JSON.stringify(result.postgres.answers)}`,
    );
    say(`whole run: ${budgetText(result.total)}`);
    say(violations.length ? `VIOLATIONS (${violations.length}):\n  ${violations.slice(0, 50).join('\n  ')}` : 'no violations');
    return result;
  } finally {
    stopLoad = true;
    await Promise.all(clients).catch(() => undefined);
    if (stack && stack.exitCode === null) {
      const exited = new Promise((r) => stack!.once('exit', r));
      stack.kill('SIGTERM');
      const timer = setTimeout(() => stack!.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    }
    await pg?.stop();
    await receiver.close();
    if (!options.keepDir && violations.length === 0) rmSync(dir, { recursive: true, force: true });
    else print(`logs kept in ${dir}`);
  }
}

export async function uptimeMain(): Promise<void> {
  const result = await runUptimeProofs({
    phaseMs: Number(process.env.UPTIME_PHASE_SECONDS ?? 20) * 1000,
    clients: Number(process.env.UPTIME_CLIENTS ?? 3),
    apis: Number(process.env.UPTIME_API_PROCESSES ?? 2),
    workers: Number(process.env.UPTIME_WORKER_PROCESSES ?? 2),
    pgDownMs: Number(process.env.UPTIME_PG_DOWN_SECONDS ?? 10) * 1000,
    drainMs: Number(process.env.UPTIME_DRAIN_SECONDS ?? 600) * 1000,
    keepDir: process.env.UPTIME_KEEP_DIR === 'true',
  });
  if (process.env.UPTIME_RESULT_FILE) writeFileSync(process.env.UPTIME_RESULT_FILE, JSON.stringify(result));
  process.exit(result.violations.length ? 1 : 0);
}
