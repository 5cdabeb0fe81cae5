import {
  BOOKING_ACTORS,
  BOOKING_STATUSES,
  dispatchAt,
  driverSearchDeadline,
  isTerminal,
  noShowAt,
  transitionRefusal,
  TRANSITIONS,
} from '../../domain/booking-lifecycle';
import { CANCELLATION_REASONS, endingFee, isCancellationReason } from '../../domain/cancellation';
import { isSandboxScenario, SANDBOX_SCENARIOS, sandboxAssignment, sandboxPlan, type SandboxRide } from '../../domain/sandbox';
import { loadConfig } from '../../infra/config';

const PICKUP = '2027-03-15T08:30:00.000Z';

describe('transitionRefusal, the one lifecycle rule', () => {
  it('allows exactly the table: every (from, to, actor) triple agrees with TRANSITIONS', () => {
    for (const from of BOOKING_STATUSES)
      for (const to of BOOKING_STATUSES)
        for (const actor of BOOKING_ACTORS) {
          const allowed = !isTerminal(from) && TRANSITIONS.some((r) => r.to === to && r.from.includes(from) && r.by.includes(actor));
          expect([from, to, actor, transitionRefusal(from, to, actor) === null]).toEqual([from, to, actor, allowed]);
        }
  });

  it('says why a change is refused', () => {
    expect(transitionRefusal('completed', 'cancelled', 'partner')).toBe('the booking is already completed');
    expect(transitionRefusal('on_board', 'cancelled', 'partner')).toBe('a booking that is on_board cannot become cancelled');
    expect(transitionRefusal('confirmed', 'assigned', 'driver')).toBe(
      'only dispatch, ops may make a confirmed booking assigned, not driver',
    );
    expect(transitionRefusal('arrived', 'no_show', 'partner')).toBe(
      'only system, driver, ops may make a arrived booking no_show, not partner',
    );
    expect(transitionRefusal('confirmed', 'cancelled', 'driver')).toBe(
      'only partner, integrator, ops may make a confirmed booking cancelled, not driver',
    );
    expect(transitionRefusal('confirmed', 'assigned', 'robot' as never)).toBe('unknown actor "robot"');
  });

  it('lets the customer cancel until the trip starts, the driver give up after assignment, ops complete a ride', () => {
    for (const from of ['confirmed', 'assigned', 'on_the_way', 'arrived'] as const)
      expect(transitionRefusal(from, 'cancelled', 'partner')).toBeNull();
    expect(transitionRefusal('confirmed', 'cancelled', 'driver')).not.toBeNull();
    expect(transitionRefusal('on_the_way', 'cancelled', 'driver')).toBeNull();
    expect(transitionRefusal('on_board', 'completed', 'ops')).toBeNull();
  });
});

describe('lifecycle timers', () => {
  it('dispatches 30 minutes before pickup, at once inside that', () => {
    expect(dispatchAt(PICKUP, '2027-03-14T08:30:00Z').toISOString()).toBe('2027-03-15T08:00:00.000Z');
    expect(dispatchAt(PICKUP, '2027-03-15T08:10:00Z').toISOString()).toBe('2027-03-15T08:10:00.000Z');
  });

  it('gives a live ride 15 minutes past pickup to find a driver', () => {
    expect(driverSearchDeadline(PICKUP).toISOString()).toBe('2027-03-15T08:45:00.000Z');
  });

  it('counts the no-show wait from the later of arrival and pickup; longer with a flight', () => {
    expect(noShowAt({ arrivedAt: '2027-03-15T08:20:00Z', pickupAt: PICKUP, pickup: {} }).toISOString()).toBe('2027-03-15T08:45:00.000Z');
    expect(noShowAt({ arrivedAt: '2027-03-15T08:40:00Z', pickupAt: PICKUP, pickup: {} }).toISOString()).toBe('2027-03-15T08:55:00.000Z');
    expect(noShowAt({ arrivedAt: '2027-03-15T08:20:00Z', pickupAt: PICKUP, pickup: { flight_number: 'AF1' } }).toISOString()).toBe(
      '2027-03-15T09:15:00.000Z',
    );
  });
});

describe('endingFee', () => {
  const policy = { free_until: '2027-03-15T07:30:00.000Z', fee_after_minor: 2000 };
  const at = (iso: string) => ({ policy, fareTotalMinor: 4000, at: iso });
  it('is free inside the window and the policy fee after it', () => {
    expect(endingFee({ reason: 'passenger_request', ...at('2027-03-15T07:29:59Z') })).toEqual({ fee_minor: 0, charged: false });
    expect(endingFee({ reason: 'passenger_request', ...at('2027-03-15T07:30:00Z') })).toEqual({ fee_minor: 0, charged: false });
    expect(endingFee({ reason: 'other', ...at('2027-03-15T07:30:01Z') })).toEqual({ fee_minor: 2000, charged: true });
  });
  it('never charges when the hub or the driver failed, and charges the fare for a no-show', () => {
    for (const reason of ['driver_cancelled', 'no_driver_available'] as const)
      expect(endingFee({ reason, ...at('2027-03-15T09:00:00Z') })).toEqual({ fee_minor: 0, charged: false });
    expect(endingFee({ reason: 'passenger_no_show', ...at('2027-03-15T09:00:00Z') })).toEqual({ fee_minor: 4000, charged: true });
  });
  it('knows its reason codes', () => {
    expect(CANCELLATION_REASONS).toContain('passenger_request');
    expect(isCancellationReason('flight_cancelled')).toBe(true);
    expect(isCancellationReason('driver_cancelled')).toBe(false);
  });
});

describe('sandbox plan', () => {
  const ride: SandboxRide = {
    bookingId: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x',
    vehicleClass: 'executive',
    pickup: { lat: 49.0097, lng: 2.5479 },
    dropoff: { lat: 48.8674, lng: 2.3294 },
    distanceKm: 28.4,
    durationMin: 57,
  };
  it('plays every scenario inside its budget, in time order', () => {
    for (const scenario of SANDBOX_SCENARIOS) {
      const plan = sandboxPlan(scenario, ride, 40_000);
      const times = plan.map((s) => s.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThanOrEqual(38_000);
    }
    expect(isSandboxScenario('happy_path')).toBe(true);
    expect(isSandboxScenario('nope')).toBe(false);
  });
  it('happy path: assigned, on the way with a falling ETA, arrived, on board, positions to the drop-off, completed', () => {
    const plan = sandboxPlan('happy_path', ride, 40_000);
    expect(plan.flatMap((s) => (s.progress ? [s.progress.kind] : []))).toEqual([
      'assigned',
      'on_the_way',
      'arrived',
      'on_board',
      'completed',
    ]);
    const etas = plan.flatMap((s) => (s.position?.eta_minutes != null ? [s.position.eta_minutes] : []));
    expect(etas).toEqual([...etas].sort((a, b) => b - a));
    const last = plan.filter((s) => s.position).at(-1)!.position!;
    expect(Math.abs(last.lat - ride.dropoff.lat)).toBeLessThan(Math.abs(ride.pickup.lat - ride.dropoff.lat) / 4);
    expect(plan.at(-1)).toMatchObject({ at: 38_000, progress: { kind: 'completed', distance_km: 28.4, duration_min: 57 } });
  });
  it('gives the same mock driver to the same booking, and a vehicle of its class', () => {
    expect(sandboxAssignment(ride)).toEqual(sandboxAssignment(ride));
    expect(sandboxAssignment({ ...ride, vehicleClass: 'van' }).vehicle.model).toBe('V-Class');
  });
});

describe('ride configuration', () => {
  it('reads the sandbox clock and the GPS interval, with defaults', () => {
    expect(loadConfig({}).ride).toEqual({ sandboxRideMs: 40_000, gpsIntervalMs: 5_000 });
    expect(loadConfig({ SANDBOX_RIDE_SECONDS: '2.5', GPS_UPDATE_INTERVAL_SECONDS: '1' }).ride).toEqual({
      sandboxRideMs: 2500,
      gpsIntervalMs: 1000,
    });
    expect(() => loadConfig({ SANDBOX_RIDE_SECONDS: '0' })).toThrow(/SANDBOX_RIDE_SECONDS/);
    expect(() => loadConfig({ GPS_UPDATE_INTERVAL_SECONDS: 'often' })).toThrow(/GPS_UPDATE_INTERVAL_SECONDS/);
  });
});
