import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MetricsBuffer } from '@temporalio/worker';

/**
 * The process's Prometheus registry. The API serves it at `/metrics`; a worker process serves it on its own port
 * (`METRICS_PORT`, see workers/main.ts). Labels carry only operation ids, API names, statuses and kinds — never a
 * path with ids, a key, a token or a URL.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export type ApiName = 'partner' | 'public' | 'driver' | 'other';

const httpRequests = new Counter({
  name: 'hub_http_requests_total',
  help: 'HTTP requests answered, by API, operation id and status.',
  labelNames: ['api', 'operation', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'hub_http_request_duration_seconds',
  help: 'Time from the first byte read to the response, by API and operation id.',
  labelNames: ['api', 'operation'] as const,
  // 0.1 and 0.3 are the latency objectives' thresholds (reads, booking creation: docs/operations.md "Service levels").
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.3, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const rateLimitRefusals = new Counter({
  name: 'hub_rate_limit_refusals_total',
  help: 'Requests refused with 429 rate_limited, by API and operation id.',
  labelNames: ['api', 'operation'] as const,
  registers: [registry],
});
const admissionRefusals = new Counter({
  name: 'hub_admission_refusals_total',
  help: 'Writes refused by load shedding: reason ride_budget (429, the account over its rides in progress) or hub_behind (503, the oldest waiting task on the booking queue past its promise), by environment.',
  labelNames: ['reason', 'environment'] as const,
  registers: [registry],
});
const admissionStaleReadings = new Counter({
  name: 'hub_admission_stale_readings_total',
  help: 'Refreshes of load shedding after which one of its readings was stale (its read timed out, failed, or the last value is older than its bound), by reading (active_rides: PostgreSQL, task_backlog: Temporal). Load shedding does not use a stale reading: it admits what that reading would refuse.',
  labelNames: ['reading'] as const,
  registers: [registry],
});
// Read at each scrape from the reader registerAdmissionReadings() set (the API's load shedding).
new Gauge({
  name: 'hub_admission_reading_age_seconds',
  help: "Age of each of load shedding's readings in this API process, from the start of the read that took it (since the process started, before the first).",
  labelNames: ['reading'] as const,
  registers: [registry],
  collect() {
    for (const [reading, seconds] of Object.entries(admissionReadings?.() ?? {})) this.set({ reading }, seconds);
  },
});
const unstartedSweep = new Counter({
  name: 'hub_unstarted_sweep_bookings_total',
  help: 'Bookings whose workflow never ran, as the unstarted-bookings sweep handled them: outcome started, deferred (load shedding says the hub or the account cannot take it now) or failed (Temporal refused the start).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const idempotentReplays = new Counter({
  name: 'hub_idempotent_replays_total',
  help: 'Requests answered from a stored idempotent response (Idempotent-Replayed: true), by API and operation id.',
  labelNames: ['api', 'operation'] as const,
  registers: [registry],
});
const deliveries = new Counter({
  name: 'hub_webhook_deliveries_total',
  help: 'Webhook delivery attempts by kind (partner, public…) and outcome (delivered, rejected: non-2xx, unreachable: no answer).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

const firstAttemptDelay = new Histogram({
  name: 'hub_webhook_first_attempt_delay_seconds',
  help: "Time from an event's creation to the start of its first delivery attempt, by kind (partner, public).",
  labelNames: ['kind'] as const,
  // 60 is the webhook-freshness objective's threshold (docs/operations.md "Service levels").
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 3600],
  registers: [registry],
});
// Read at each scrape from the reader registerPoolReader() set.
new Gauge({
  name: 'hub_db_pool_connections',
  help: "The process's PostgreSQL pool: connections in use, idle, and acquisitions waiting for one (state).",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const usage = poolReader?.();
    if (!usage) return;
    this.set({ state: 'used' }, usage.used);
    this.set({ state: 'idle' }, usage.idle);
    this.set({ state: 'pending' }, usage.pending);
  },
});
new Gauge({
  name: 'hub_db_pool_max',
  help: "The most connections the process's PostgreSQL pool opens.",
  registers: [registry],
  collect() {
    const usage = poolReader?.();
    if (usage) this.set(usage.max);
  },
});

// Label children cached per series: prom-client hashes the label values on every `labels()` call otherwise.
const requestSeries = new Map<string, { count: { inc(): void }; duration: { observe(v: number): void } }>();

/** One HTTP exchange, as seen by the outermost middleware (api/middleware/metrics.ts). */
export function recordRequest(api: ApiName, operation: string, status: number, seconds: number): void {
  const key = `${api} ${operation} ${status}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = { count: httpRequests.labels(api, operation, String(status)), duration: httpDuration.labels(api, operation) };
    requestSeries.set(key, series);
  }
  series.count.inc();
  series.duration.observe(seconds);
  if (status === 429) rateLimitRefusals.labels(api, operation).inc();
}

/** One write refused by load shedding (app/admission.ts). */
export function recordAdmissionRefusal(reason: string, environment: string): void {
  admissionRefusals.labels(reason, environment).inc();
}

/** One of load shedding's readings found stale after a refresh (app/admission.ts). */
export function recordStaleAdmissionReading(reading: string): void {
  admissionStaleReadings.labels(reading).inc();
}

let admissionReadings: (() => Record<string, number>) | undefined;

/** Where `hub_admission_reading_age_seconds` reads the ages of load shedding's readings, in seconds, at each scrape. */
export function registerAdmissionReadings(read: () => Record<string, number>): void {
  admissionReadings = read;
}

export type SweepOutcome = 'started' | 'deferred' | 'failed';

/** One booking the unstarted-bookings sweep handled (app/unstarted-bookings.ts). */
export function recordUnstartedSweep(outcome: SweepOutcome): void {
  unstartedSweep.labels(outcome).inc();
}

export function recordIdempotentReplay(api: ApiName, operation: string): void {
  idempotentReplays.labels(api, operation).inc();
}

export type DeliveryOutcome = 'delivered' | 'rejected' | 'unreachable';

/** One webhook delivery attempt; every delivery kind (partner webhooks, public deliveries) calls this. */
export function recordDelivery(kind: string, outcome: DeliveryOutcome): void {
  deliveries.labels(kind, outcome).inc();
}

/**
 * When the first attempt of one event's delivery starts (not a retry, not a wake-up of a delivery parked while its
 * destination was paused): the webhook-freshness indicator counts these under 60 s.
 */
export function recordFirstAttempt(kind: string, eventCreatedAt: Date, startedAt = new Date()): void {
  firstAttemptDelay.labels(kind).observe(Math.max(0, (startedAt.getTime() - eventCreatedAt.getTime()) / 1000));
}

export interface PoolUsage {
  used: number;
  idle: number;
  pending: number;
  max: number;
}
let poolReader: (() => PoolUsage | undefined) | undefined;

/** Where `hub_db_pool_connections` and `hub_db_pool_max` read the process's pool at each scrape (db/pool-usage.ts). */
export function registerPoolReader(read: () => PoolUsage | undefined): void {
  poolReader = read;
}

/**
 * A gauge read when Prometheus scrapes, e.g. settlements waiting for a payout rail counted in PostgreSQL:
 * `registerCollectGauge('hub_payouts_awaiting_rail', 'Live settlements whose payout waits for a rail.', () => count())`.
 * Registering the same name twice replaces the reader (a second hub in one test process, a restarted component).
 * A reader that throws leaves the gauge at its last value for that scrape.
 */
export function registerCollectGauge(name: string, help: string, read: () => number | Promise<number>): void {
  registry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch {
        // keep the last value: a scrape must not fail because one source is down (/readyz reports that)
      }
    },
  });
}

// ---- Temporal Core (worker and NativeConnection) metrics, bridged from the SDK's MetricsBuffer ----------------

interface BridgedMetric {
  labelNames: string[];
  counter?: Counter<string>;
  gauge?: Gauge<string>;
  histogram?: Histogram<string>;
}

const bridged = new Map<string, BridgedMetric>();
let coreBuffer: MetricsBuffer | undefined;

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_:]/g, '_');
}

function bridgedMetric(name: string, kind: string, help: string, tags: Record<string, unknown>): BridgedMetric {
  const existing = bridged.get(name);
  if (existing) return existing;
  const labelNames = Object.keys(tags).map(sanitize);
  const common = { name, help: help || name, labelNames, registers: [registry] };
  const metric: BridgedMetric = { labelNames };
  registry.removeSingleMetric(name);
  if (kind === 'counter') metric.counter = new Counter(common);
  else if (kind === 'histogram')
    metric.histogram = new Histogram({ ...common, buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 60] });
  else metric.gauge = new Gauge(common); // gauge and up-down-counter
  bridged.set(name, metric);
  return metric;
}

/** Moves what Temporal Core buffered since the last call into the registry. */
export function drainCoreMetrics(): void {
  if (!coreBuffer) return;
  for (const { metric, value, attributes } of coreBuffer.retrieveUpdates()) {
    const name = sanitize(metric.name);
    const target = bridgedMetric(name, metric.kind, metric.description ?? '', attributes);
    const labels: Record<string, string> = {};
    for (const label of target.labelNames) labels[label] = '';
    for (const [key, v] of Object.entries(attributes)) {
      const label = sanitize(key);
      if (label in labels) labels[label] = String(v);
    }
    if (target.counter) target.counter.inc(labels, value);
    else if (target.histogram) target.histogram.observe(labels, value);
    else if (metric.kind === 'up-down-counter') target.gauge!.inc(labels, value);
    else target.gauge!.set(labels, value);
  }
}

/**
 * Bridges Temporal Core's worker metrics (`temporal_*`: task slots, poll latencies, schedule-to-start, sticky
 * cache…) into this registry: they are drained at every scrape and every few seconds so the SDK's buffer never
 * overflows. Call once, with the buffer given to `Runtime.install` (infra/temporal-runtime.ts).
 */
export function bridgeCoreMetrics(buffer: MetricsBuffer, drainEveryMs = 5_000): void {
  coreBuffer = buffer;
  setInterval(drainCoreMetrics, drainEveryMs).unref();
}

/** The exposition text for a scrape, with Core's latest updates folded in first. */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  drainCoreMetrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
