import { Admission, type CapacitySource } from '../../app/admission';
import type { ProblemError } from '../../app/problems';
import { admissionRefusal, type AdmissionLimits } from '../../domain/admission';
import { registry } from '../../infra/metrics';
import { customerPriority, bookingTaskQueue, BACKGROUND_PRIORITY, fairnessKey } from '../../contracts/task-queues';

const limits: AdmissionLimits = { sandboxRideBudget: 3, liveRideBudget: 10, maxTaskWaitSeconds: 5, sandboxRideSeconds: 40 };

describe('admissionRefusal', () => {
  const base = { environment: 'sandbox' as const, startsRide: true, activeRides: 0, oldestTask: { quote: 0, booking: 0 } };
  const waited = (quote: number, booking = 0) => ({ oldestTask: { quote, booking } });

  it('admits a ride under its budget on a queue within its promise', () => {
    expect(admissionRefusal({ ...base, activeRides: 2 }, limits)).toBeNull();
  });

  it('refuses a ride at the budget of its environment with 429, sandbox lower than live', () => {
    expect(admissionRefusal({ ...base, activeRides: 3 }, limits)).toMatchObject({
      reason: 'ride_budget',
      status: 429,
      retryAfterSeconds: 10,
    });
    expect(admissionRefusal({ ...base, environment: 'live', activeRides: 3 }, limits)).toBeNull();
    expect(admissionRefusal({ ...base, environment: 'live', activeRides: 10 }, limits)).toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
    });
  });

  it('does not hold a write that starts no ride to the budget', () => {
    expect(admissionRefusal({ ...base, startsRide: false, activeRides: 99 }, limits)).toBeNull();
  });

  it('refuses with 503 when the oldest waiting quote task is past the promise, the account budget first', () => {
    expect(admissionRefusal({ ...base, ...waited(5) }, limits)).toBeNull();
    expect(admissionRefusal({ ...base, startsRide: false, ...waited(12.4) }, limits)).toMatchObject({
      reason: 'hub_behind',
      status: 503,
      retryAfterSeconds: 13,
    });
    expect(admissionRefusal({ ...base, activeRides: 3, ...waited(12) }, limits)?.status).toBe(429);
    expect(admissionRefusal({ ...base, ...waited(3600) }, limits)?.retryAfterSeconds).toBe(60);
  });

  it('lets a booking backlog, which fairness keeps to its account, grow six times the promise before refusing everyone', () => {
    expect(admissionRefusal({ ...base, ...waited(0, 29) }, limits)).toBeNull();
    expect(admissionRefusal({ ...base, ...waited(0, 31) }, limits)).toMatchObject({ reason: 'hub_behind', retryAfterSeconds: 6 });
  });
});

describe('task queues and priorities', () => {
  it('puts sandbox and live on separate queues, quotes before bookings before background work', () => {
    expect(bookingTaskQueue('sandbox')).not.toBe(bookingTaskQueue('live'));
    const owner = { partnerId: 'ptn_1', accountId: 'acct_1' };
    const quote = customerPriority('quote', owner, 'live');
    const booking = customerPriority('booking', owner, 'live');
    expect(quote.priorityKey!).toBeLessThan(booking.priorityKey!);
    expect(booking.priorityKey!).toBeLessThan(BACKGROUND_PRIORITY.priorityKey!);
  });

  it('keys fairness by partner, else account, and environment', () => {
    expect(fairnessKey({ partnerId: 'ptn_1', accountId: 'acct_1' }, 'sandbox')).toBe('ptn_1:sandbox');
    expect(fairnessKey({ partnerId: null, accountId: 'acct_1' }, 'live')).toBe('acct_1:live');
    expect(new TextEncoder().encode(fairnessKey({ partnerId: `ptn_${'x'.repeat(26)}` }, 'sandbox')).length).toBeLessThanOrEqual(64);
  });
});

describe("Admission's readings: a deadline and an age each, stale ones failing open", () => {
  const tight = { ...limits, sandboxRideBudget: 1 };
  const owner = { partnerId: 'ptn_1' };
  /** A capacity source whose each read answers what `next` says: a value, an error, or nothing ever. */
  function scripted() {
    const calls = { activeRides: 0, oldestTasks: 0 };
    let rides: () => Promise<Map<string, number>> = async () => new Map([['ptn_1:sandbox', 1]]);
    let oldest: () => Promise<Record<'sandbox' | 'live', { quote: number; booking: number }>> = async () => ({
      sandbox: { quote: 60, booking: 0 },
      live: { quote: 0, booking: 0 },
    });
    const source: CapacitySource = {
      activeRides() {
        calls.activeRides++;
        return rides();
      },
      oldestTasks() {
        calls.oldestTasks++;
        return oldest();
      },
    };
    const never = <T>() => new Promise<T>(() => {});
    return {
      source,
      calls,
      hangRides: () => (rides = never),
      failBacklog: () => (oldest = async () => Promise.reject(new Error('Temporal is away'))),
    };
  }
  const refusalOf = (admission: Admission, startsRide = true) => {
    try {
      admission.admit(owner, 'sandbox', startsRide);
      return null;
    } catch (err) {
      return err as ProblemError;
    }
  };
  const staleCount = async (reading: string) =>
    (await registry.getSingleMetric('hub_admission_stale_readings_total')!.get()).values.find((v) => v.labels.reading === reading)?.value ??
    0;

  it('names the reading a refusal rests on and its age', async () => {
    let clock = 1_000_000;
    const admission = new Admission(tight, scripted().source, { now: () => clock });
    await admission.refresh();
    clock += 1200;
    expect(refusalOf(admission)?.options.detail).toMatch(/budget is 1; .* Load shedding's active_rides reading was taken 1\.2 s ago\.$/);
    expect(refusalOf(admission, false)?.options.detail).toMatch(
      /oldest waiting task is 60 s old.* task_backlog reading was taken 1\.2 s ago\.$/,
    );
    expect(admission.readingAges()).toEqual({ active_rides: 1.2, task_backlog: 1.2 });
  });

  it('abandons a read past its deadline, admits without that reading, counts it, and does not read it again while it hangs', async () => {
    const clock = 1_000_000;
    const source = scripted();
    const errors: unknown[] = [];
    const admission = new Admission(tight, source.source, { now: () => clock, deadlineMs: 10, onError: (e) => errors.push(e) });
    await admission.refresh();
    expect(refusalOf(admission)?.code).toBe('ride_budget_exceeded');

    source.hangRides();
    const before = await staleCount('active_rides');
    await admission.refresh();
    await admission.refresh();
    expect(await staleCount('active_rides')).toBe(before + 2);
    expect(source.calls.activeRides).toBe(2);
    // Open on the rides (the account's budget); the backlog, read in time, still refuses.
    expect(refusalOf(admission)?.code).toBe('hub_behind');
    expect(admission.refusalForWritten(owner, 'sandbox')?.reason).toBe('hub_behind');
    // One report for the run of failures.
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/active_rides read took over 10 ms/);
  });

  it('fails open on a failed read and on a reading older than its bound, three refreshes by default', async () => {
    let clock = 1_000_000;
    const source = scripted();
    const admission = new Admission(tight, source.source, { now: () => clock, refreshMs: 1000 });
    await admission.refresh();
    clock += 3000;
    expect(refusalOf(admission, false)?.code).toBe('hub_behind');
    clock += 1;
    expect(refusalOf(admission)).toBeNull();
    expect(admission.refusalForWritten(owner, 'sandbox')).toBeNull();

    await admission.refresh();
    expect(refusalOf(admission, false)?.code).toBe('hub_behind');
    source.failBacklog();
    const before = await staleCount('task_backlog');
    await admission.refresh();
    expect(await staleCount('task_backlog')).toBe(before + 1);
    expect(refusalOf(admission, false)).toBeNull();
  });

  it('lets the retry of an admitted write through a refusal, asking only when it would refuse', async () => {
    const admission = new Admission(tight, scripted().source);
    await admission.refresh();
    let asked = 0;
    const retry = (answer: boolean) => async () => {
      asked++;
      return answer;
    };
    await expect(admission.admitUnlessRetry(owner, 'live', true, retry(true))).resolves.toBe('admitted');
    expect(asked).toBe(0);
    await expect(admission.admitUnlessRetry(owner, 'sandbox', true, retry(true))).resolves.toBe('retry');
    await expect(admission.admitUnlessRetry(owner, 'sandbox', true, retry(false))).rejects.toMatchObject({ code: 'ride_budget_exceeded' });
    expect(asked).toBe(2);
  });
});
