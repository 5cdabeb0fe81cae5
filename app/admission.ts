import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { tsToMs } from '@temporalio/common/lib/time';
import type { MikroORM } from '@mikro-orm/postgresql';
import { activeRidesByOwner } from '../db/active-rides';
import { admissionRefusal, type AdmissionLimits, type AdmissionRefusal, type TaskAges } from '../domain/admission';
import { ENVIRONMENTS, type Environment } from '../domain/environment';
import { bookingTaskQueue, PRIORITY } from '../contracts/task-queues';
import { recordAdmissionRefusal, recordStaleAdmissionReading } from '../infra/metrics';
import { ProblemError } from './problems';

/** What load shedding reads, once a second in the background: never on a request's path. */
export interface CapacitySource {
  /** Rides in progress per `<owner>:<environment>`. */
  activeRides(): Promise<Map<string, number>>;
  /** Seconds the oldest quote and booking tasks (not background work) have waited on each booking queue. */
  oldestTasks(): Promise<Record<Environment, TaskAges>>;
}

/** Load shedding's readings: rides in progress (PostgreSQL) and how far behind the booking queues are (Temporal). */
export type ReadingName = 'active_rides' | 'task_backlog';

export interface AdmissionOptions {
  /** How often both readings are taken. */
  refreshMs?: number;
  /** How long one read may take; a later one is abandoned, and its reading is stale until a read answers in time. */
  deadlineMs?: number;
  /** The age (from the start of the read that took it) past which a reading is stale: 3 refreshes by default. */
  staleAfterMs?: number;
  /** The clock readings are aged by. */
  now?: () => number;
  /** Told the first error of a run of failed or late reads. */
  onError?: (err: unknown) => void;
}

export interface RideOwner {
  partnerId: string | null;
  accountId?: string | null;
}

const NO_WAIT: TaskAges = { quote: 0, booking: 0 };
/** Temporal's DescribeTaskQueue and the PostgreSQL count alike: a read that takes longer is abandoned. */
export const READING_DEADLINE_MS = 2000;
const REFRESH_MS = 1000;
const STALE_AFTER_REFRESHES = 3;

/** A refusal and the age of the reading it rests on. */
interface Refused {
  refusal: AdmissionRefusal;
  ageMs: number;
}

const ownerKey = (owner: RideOwner, environment: Environment) => `${owner.partnerId ?? owner.accountId}:${environment}`;

/**
 * One reading: its value, when the read that took it began, and whether the latest read missed (failed, late, or not
 * started because a late one still runs: a hung read is never piled up on).
 */
class Reading<T> {
  private taken: { value: T; at: number };
  private missed = false;
  private running = false;

  constructor(
    readonly name: ReadingName,
    empty: T,
    since: number,
  ) {
    this.taken = { value: empty, at: since };
  }

  /** The last value, to count into; stale or not. */
  get value(): T {
    return this.taken.value;
  }

  ageMs(now: number): number {
    return Math.max(0, now - this.taken.at);
  }

  isStale(now: number, staleAfterMs: number): boolean {
    return this.missed || this.ageMs(now) > staleAfterMs;
  }

  /** Takes a new value (`adjust`ed before anyone reads it) if `read` answers within `deadlineMs`; throws otherwise. */
  async take(read: () => Promise<T>, deadlineMs: number, now: () => number, adjust: (value: T) => void = () => {}): Promise<void> {
    if (this.running) {
      this.missed = true;
      throw new Error(`load shedding's ${this.name} read of an earlier refresh is still running`);
    }
    const at = now();
    this.running = true;
    const reading = read();
    void reading.then(
      () => (this.running = false),
      () => (this.running = false),
    );
    try {
      const value = await within(reading, deadlineMs, `load shedding's ${this.name} read took over ${deadlineMs} ms`);
      adjust(value);
      this.taken = { value, at };
      this.missed = false;
    } catch (err) {
      this.missed = true;
      throw err;
    }
  }
}

/** What `promise` answers, or a rejection with `message` once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Admission control for new writes (domain/admission.ts): the account's rides in progress and how far behind each
 * booking queue is, kept in memory and refreshed every `refreshMs` in the background, so a request reads two numbers.
 * Rides this process admits count at once (until the next refresh counts them from the table), so a burst between two
 * refreshes cannot overshoot a budget by more than the other API processes admit meanwhile.
 *
 * Each read has a deadline, and each reading an age: a reading whose read timed out or failed, or older than
 * `staleAfterMs`, is stale and not used — load shedding fails open (admits) on it rather than refuse on what may
 * no longer be true — counted in `hub_admission_stale_readings_total` after each refresh.
 */
export class Admission {
  private readonly rides: Reading<Map<string, number>>;
  /** Rides admitted since the running refresh began: its count from the table may not have them yet. */
  private admittedSince = new Map<string, number>();
  private readonly backlog: Reading<Record<Environment, TaskAges>>;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private failing = false;
  private readonly refreshMs: number;
  private readonly deadlineMs: number;
  private readonly staleAfterMs: number;
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;

  constructor(
    readonly limits: AdmissionLimits,
    private readonly source: CapacitySource,
    options: AdmissionOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? REFRESH_MS;
    this.deadlineMs = options.deadlineMs ?? READING_DEADLINE_MS;
    this.staleAfterMs = options.staleAfterMs ?? STALE_AFTER_REFRESHES * this.refreshMs;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.rides = new Reading('active_rides', new Map(), this.now());
    this.backlog = new Reading('task_backlog', { sandbox: NO_WAIT, live: NO_WAIT }, this.now());
  }

  /** Reads both now and then every `refreshMs`; resolves after the first reading. */
  start(): Promise<void> {
    this.timer ??= setInterval(() => void this.refresh(), this.refreshMs);
    this.timer.unref();
    return this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * One refresh, done within the deadline whatever the sources do. A read that fails or is late keeps its last value
   * (PostgreSQL or Temporal being down is answered elsewhere, by their own 503s), now stale; the first error of a run
   * of them is reported.
   */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const admitted = (this.admittedSince = new Map());
    const countAdmitted = (rides: Map<string, number>) => {
      for (const [key, count] of admitted) rides.set(key, (rides.get(key) ?? 0) + count);
    };
    this.refreshing = Promise.allSettled([
      this.rides.take(() => this.source.activeRides(), this.deadlineMs, this.now, countAdmitted),
      this.backlog.take(() => this.source.oldestTasks(), this.deadlineMs, this.now),
    ])
      .then((outcomes) => {
        const now = this.now();
        for (const reading of [this.rides, this.backlog]) {
          if (reading.isStale(now, this.staleAfterMs)) recordStaleAdmissionReading(reading.name);
        }
        const failure = outcomes.find((r) => r.status === 'rejected');
        if (failure && !this.failing) this.onError(failure.reason);
        this.failing = failure !== undefined;
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Each reading's age in seconds, for `hub_admission_reading_age_seconds`. */
  readingAges(): Record<ReadingName, number> {
    const now = this.now();
    return { active_rides: this.rides.ageMs(now) / 1000, task_backlog: this.backlog.ageMs(now) / 1000 };
  }

  /**
   * Refuses a write the hub cannot honour in time with `429 ride_budget_exceeded` or `503 hub_behind` (Retry-After),
   * counted in `hub_admission_refusals_total`; an admitted ride counts against its account at once.
   */
  admit(owner: RideOwner, environment: Environment, startsRide: boolean): void {
    const refused = this.refusal(owner, environment, startsRide);
    if (refused) throw this.refuse(refused, environment);
    if (startsRide) this.countRide(owner, environment);
  }

  /**
   * `admit`, except that a write it would refuse is first asked `isRetry` (one read, only then): the retry of a write
   * admitted earlier goes on, uncounted — its booking may be committed, and the unstarted-bookings sweep starts that
   * whatever the retry is told, so refusing it would refuse a ride that then runs.
   */
  async admitUnlessRetry(
    owner: RideOwner,
    environment: Environment,
    startsRide: boolean,
    isRetry: () => Promise<boolean>,
  ): Promise<'admitted' | 'retry'> {
    const refused = this.refusal(owner, environment, startsRide);
    if (!refused) {
      if (startsRide) this.countRide(owner, environment);
      return 'admitted';
    }
    if (await isRetry()) return 'retry';
    throw this.refuse(refused, environment);
  }

  /**
   * Why the workflow of a booking row written earlier (the unstarted-bookings sweep) must wait, or null. The hub-wide
   * limit applies as to a new write; a sandbox ride plays as soon as its workflow starts, so its account's budget
   * applies too, with the row itself already among the rides counted. A live booking dispatches near its pickup, not
   * at its start. Nothing is recorded: the sweep counts what it defers itself.
   */
  refusalForWritten(owner: RideOwner, environment: Environment): AdmissionRefusal | null {
    const now = this.now();
    const counted = this.fresh(this.rides, now)?.get(ownerKey(owner, environment)) ?? 0;
    const startsRide = environment === 'sandbox';
    const activeRides = Math.max(0, counted - 1);
    const oldestTask = this.fresh(this.backlog, now)?.[environment] ?? NO_WAIT;
    return admissionRefusal({ environment, startsRide, activeRides, oldestTask }, this.limits);
  }

  /** A reading's value, or undefined when it is stale: then it refuses nothing. */
  private fresh<T>(reading: Reading<T>, now: number): T | undefined {
    return reading.isStale(now, this.staleAfterMs) ? undefined : reading.value;
  }

  private refusal(owner: RideOwner, environment: Environment, startsRide: boolean): Refused | null {
    const now = this.now();
    const activeRides = this.fresh(this.rides, now)?.get(ownerKey(owner, environment)) ?? 0;
    const oldestTask = this.fresh(this.backlog, now)?.[environment] ?? NO_WAIT;
    const refusal = admissionRefusal({ environment, startsRide, activeRides, oldestTask }, this.limits);
    if (!refusal) return null;
    return { refusal, ageMs: (refusal.reason === 'ride_budget' ? this.rides : this.backlog).ageMs(now) };
  }

  /** The refusal's problem, naming the reading it rests on and its age: a backlog, not a reading left behind. */
  private refuse({ refusal, ageMs }: Refused, environment: Environment): ProblemError {
    recordAdmissionRefusal(refusal.reason, environment);
    const reading: ReadingName = refusal.reason === 'ride_budget' ? 'active_rides' : 'task_backlog';
    return new ProblemError(refusal.status === 429 ? 'ride_budget_exceeded' : 'hub_behind', {
      detail: `${refusal.detail} Load shedding's ${reading} reading was taken ${(ageMs / 1000).toFixed(1)} s ago.`,
      headers: { 'Retry-After': String(refusal.retryAfterSeconds) },
    });
  }

  private countRide(owner: RideOwner, environment: Environment): void {
    const key = ownerKey(owner, environment);
    this.rides.value.set(key, (this.rides.value.get(key) ?? 0) + 1);
    this.admittedSince.set(key, (this.admittedSince.get(key) ?? 0) + 1);
  }
}

const { TASK_QUEUE_TYPE_WORKFLOW } = temporal.api.enums.v1.TaskQueueType;

/** The ages of the oldest waiting quote and booking workflow tasks of a task queue (Temporal's backlog stats by priority). */
export async function oldestCustomerTasks(client: Client, taskQueue: string): Promise<TaskAges> {
  const request = {
    namespace: client.options.namespace,
    taskQueue: { name: taskQueue },
    taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
    reportStats: true,
  };
  const { statsByPriorityKey } = await client.connection.withDeadline(Date.now() + READING_DEADLINE_MS, () =>
    client.workflowService.describeTaskQueue(request),
  );
  const ages = { quote: 0, booking: 0 };
  // Bookings: every key after quotes and ahead of background work, workflows started without a priority (3) among them.
  for (const [key, stats] of Object.entries(statsByPriorityKey ?? {})) {
    const seconds = stats.approximateBacklogAge ? tsToMs(stats.approximateBacklogAge) / 1000 : 0;
    if (Number(key) === PRIORITY.quote) ages.quote = Math.max(ages.quote, seconds);
    else if (Number(key) < PRIORITY.background) ages.booking = Math.max(ages.booking, seconds);
  }
  return ages;
}

/** The hub's source: rides in progress from PostgreSQL, backlog ages from Temporal. */
export function hubCapacitySource(orm: MikroORM, client: Client): CapacitySource {
  return {
    async activeRides() {
      const rows = await activeRidesByOwner(orm);
      return new Map(rows.map((r) => [`${r.owner}:${r.environment}`, r.rides]));
    },
    async oldestTasks() {
      const ages = await Promise.all(ENVIRONMENTS.map((env) => oldestCustomerTasks(client, bookingTaskQueue(env))));
      return { sandbox: ages[0], live: ages[1] };
    },
  };
}
