import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { tsToMs } from '@temporalio/common/lib/time';
import type { MikroORM } from '@mikro-orm/postgresql';
import { activeRidesByOwner } from '../db/active-rides';
import { admissionRefusal, type AdmissionLimits, type AdmissionRefusal, type TaskAges } from '../domain/admission';
import { ENVIRONMENTS, type Environment } from '../domain/environment';
import { bookingTaskQueue, PRIORITY } from '../contracts/task-queues';
import { recordAdmissionRefusal } from '../infra/metrics';
import { ProblemError } from './problems';

/** What load shedding reads, once a second in the background: never on a request's path. */
export interface CapacitySource {
  /** Rides in progress per `<owner>:<environment>`. */
  activeRides(): Promise<Map<string, number>>;
  /** Seconds the oldest quote and booking tasks (not background work) have waited on each booking queue. */
  oldestTasks(): Promise<Record<Environment, TaskAges>>;
}

export interface RideOwner {
  partnerId: string | null;
  accountId?: string | null;
}

const NO_WAIT: TaskAges = { quote: 0, booking: 0 };

const ownerKey = (owner: RideOwner, environment: Environment) => `${owner.partnerId ?? owner.accountId}:${environment}`;

/**
 * Admission control for new writes (domain/admission.ts): the account's rides in progress and how far behind each
 * booking queue is, kept in memory and refreshed every `refreshMs` in the background, so a request reads two numbers.
 * Rides this process admits count at once (until the next refresh counts them from the table), so a burst between two
 * refreshes cannot overshoot a budget by more than the other API processes admit meanwhile.
 */
export class Admission {
  private rides = new Map<string, number>();
  /** Rides admitted since the running refresh began: its count from the table may not have them yet. */
  private admittedSince = new Map<string, number>();
  private oldest: Record<Environment, TaskAges> = { sandbox: NO_WAIT, live: NO_WAIT };
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private failing = false;

  constructor(
    readonly limits: AdmissionLimits,
    private readonly source: CapacitySource,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Reads both now and then every `refreshMs`; resolves after the first reading. */
  start(refreshMs = 1000): Promise<void> {
    this.timer ??= setInterval(() => void this.refresh(), refreshMs);
    this.timer.unref();
    return this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * One refresh; a source that fails keeps its last reading (PostgreSQL or Temporal being down is answered elsewhere,
   * by their own 503s) and reports the first error of a run of them.
   */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const admitted = (this.admittedSince = new Map());
    this.refreshing = Promise.allSettled([this.source.activeRides(), this.source.oldestTasks()])
      .then(([rides, oldest]) => {
        if (rides.status === 'fulfilled') {
          for (const [key, count] of admitted) rides.value.set(key, (rides.value.get(key) ?? 0) + count);
          this.rides = rides.value;
        }
        if (oldest.status === 'fulfilled') this.oldest = oldest.value;
        const failure = [rides, oldest].find((r) => r.status === 'rejected');
        if (failure && !this.failing) this.onError(failure.reason);
        this.failing = failure !== undefined;
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /**
   * Refuses a write the hub cannot honour in time with `429 ride_budget_exceeded` or `503 hub_behind` (Retry-After),
   * counted in `hub_admission_refusals_total`; an admitted ride counts against its account at once.
   */
  admit(owner: RideOwner, environment: Environment, startsRide: boolean): void {
    const key = ownerKey(owner, environment);
    const activeRides = this.rides.get(key) ?? 0;
    const refusal = admissionRefusal({ environment, startsRide, activeRides, oldestTask: this.oldest[environment] }, this.limits);
    if (refusal) {
      recordAdmissionRefusal(refusal.reason, environment);
      throw new ProblemError(refusal.status === 429 ? 'ride_budget_exceeded' : 'hub_behind', {
        detail: refusal.detail,
        headers: { 'Retry-After': String(refusal.retryAfterSeconds) },
      });
    }
    if (startsRide) {
      this.rides.set(key, activeRides + 1);
      this.admittedSince.set(key, (this.admittedSince.get(key) ?? 0) + 1);
    }
  }

  /**
   * Why the workflow of a booking row written earlier (the unstarted-bookings sweep) must wait, or null. The hub-wide
   * limit applies as to a new write; a sandbox ride plays as soon as its workflow starts, so its account's budget
   * applies too, with the row itself already among the rides counted. A live booking dispatches near its pickup, not
   * at its start. Nothing is recorded: the sweep counts what it defers itself.
   */
  refusalForWritten(owner: RideOwner, environment: Environment): AdmissionRefusal | null {
    const counted = this.rides.get(ownerKey(owner, environment)) ?? 0;
    const startsRide = environment === 'sandbox';
    const activeRides = Math.max(0, counted - 1);
    return admissionRefusal({ environment, startsRide, activeRides, oldestTask: this.oldest[environment] }, this.limits);
  }
}

const { TASK_QUEUE_TYPE_WORKFLOW } = temporal.api.enums.v1.TaskQueueType;
/** A reading that takes longer is abandoned (the last one stays): the next refresh tries again. */
const DESCRIBE_DEADLINE_MS = 2000;

/** The ages of the oldest waiting quote and booking workflow tasks of a task queue (Temporal's backlog stats by priority). */
export async function oldestCustomerTasks(client: Client, taskQueue: string): Promise<TaskAges> {
  const request = {
    namespace: client.options.namespace,
    taskQueue: { name: taskQueue },
    taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
    reportStats: true,
  };
  const { statsByPriorityKey } = await client.connection.withDeadline(Date.now() + DESCRIBE_DEADLINE_MS, () =>
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
