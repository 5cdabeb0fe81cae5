import { admissionRefusal, type AdmissionLimits } from '../../domain/admission';
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
