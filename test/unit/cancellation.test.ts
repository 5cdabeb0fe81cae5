import {
  cancellationFee,
  cancellationPolicy,
  FREE_CANCELLATION_MINUTES_BEFORE_PICKUP,
  LATE_CANCELLATION_FEE_PCT,
} from '../../domain/cancellation';

const PICKUP = '2026-11-21T09:00:00.000Z';

describe('cancellationPolicy', () => {
  it('exposes the policy constants', () => {
    expect(FREE_CANCELLATION_MINUTES_BEFORE_PICKUP).toBe(60);
    expect(LATE_CANCELLATION_FEE_PCT).toBe(50);
  });

  it('is free until one hour before pickup, then half the fare', () => {
    expect(cancellationPolicy({ createdAt: '2026-11-20T10:00:00Z', pickupAt: PICKUP, fareTotalMinor: 4494 })).toEqual({
      free_until: '2026-11-21T08:00:00.000Z',
      fee_after_minor: 2247,
    });
  });

  it('rounds half a minor unit up', () => {
    expect(cancellationPolicy({ createdAt: '2026-11-20T10:00:00Z', pickupAt: PICKUP, fareTotalMinor: 4495 }).fee_after_minor).toBe(2248);
    expect(cancellationPolicy({ createdAt: '2026-11-20T10:00:00Z', pickupAt: PICKUP, fareTotalMinor: 1 }).fee_after_minor).toBe(1);
    expect(cancellationPolicy({ createdAt: '2026-11-20T10:00:00Z', pickupAt: PICKUP, fareTotalMinor: 0 }).fee_after_minor).toBe(0);
  });

  it('gives no free window to a booking made less than an hour before pickup', () => {
    const policy = cancellationPolicy({ createdAt: '2026-11-21T08:30:00Z', pickupAt: PICKUP, fareTotalMinor: 1650 });
    expect(policy).toEqual({ free_until: '2026-11-21T08:30:00.000Z', fee_after_minor: 825 });
  });

  it('ends the free window at creation for a booking made exactly an hour ahead', () => {
    const policy = cancellationPolicy({ createdAt: '2026-11-21T08:00:00Z', pickupAt: PICKUP, fareTotalMinor: 1650 });
    expect(policy.free_until).toBe('2026-11-21T08:00:00.000Z');
  });

  it('accepts Date objects and offsets', () => {
    const policy = cancellationPolicy({
      createdAt: new Date('2026-11-20T10:00:00Z'),
      pickupAt: '2026-11-21T10:00:00+01:00',
      fareTotalMinor: 100,
    });
    expect(policy.free_until).toBe('2026-11-21T08:00:00.000Z');
  });

  it('rejects invalid input', () => {
    const base = { createdAt: '2026-11-20T10:00:00Z', pickupAt: PICKUP };
    expect(() => cancellationPolicy({ ...base, fareTotalMinor: -1 })).toThrow(RangeError);
    expect(() => cancellationPolicy({ ...base, fareTotalMinor: 10.5 })).toThrow(RangeError);
    expect(() => cancellationPolicy({ ...base, pickupAt: '2026-11-21T09:00:00', fareTotalMinor: 1 })).toThrow(RangeError);
  });
});

describe('cancellationFee', () => {
  const policy = { free_until: '2026-11-21T08:00:00.000Z', fee_after_minor: 2247 };

  it('is free before the deadline', () => {
    expect(cancellationFee({ policy, cancelledAt: '2026-11-20T12:00:00Z' })).toEqual({ fee_minor: 0, free: true });
  });

  it('is free exactly at the deadline and charged one millisecond later', () => {
    expect(cancellationFee({ policy, cancelledAt: '2026-11-21T08:00:00.000Z' })).toEqual({ fee_minor: 0, free: true });
    expect(cancellationFee({ policy, cancelledAt: new Date('2026-11-21T08:00:00.000Z') })).toEqual({ fee_minor: 0, free: true });
    expect(cancellationFee({ policy, cancelledAt: '2026-11-21T08:00:00.001Z' })).toEqual({ fee_minor: 2247, free: false });
    expect(cancellationFee({ policy, cancelledAt: '2026-11-21T09:00:00+01:00' })).toEqual({ fee_minor: 0, free: true });
  });

  it('charges the late fee after the deadline, including after pickup', () => {
    expect(cancellationFee({ policy, cancelledAt: '2026-11-21T08:45:00Z' })).toEqual({ fee_minor: 2247, free: false });
    expect(cancellationFee({ policy, cancelledAt: '2026-11-21T10:00:00Z' })).toEqual({ fee_minor: 2247, free: false });
  });

  it('charges a short-notice booking as soon as it is cancelled after creation', () => {
    const shortNotice = cancellationPolicy({ createdAt: '2026-11-21T08:30:00Z', pickupAt: PICKUP, fareTotalMinor: 1650 });
    expect(cancellationFee({ policy: shortNotice, cancelledAt: '2026-11-21T08:31:00Z' })).toEqual({ fee_minor: 825, free: false });
  });
});
