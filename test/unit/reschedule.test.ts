import { cancellationPolicy } from '../../domain/cancellation';
import { priceFare } from '../../domain/pricing';
import { movedTerms, rescheduleRefusal } from '../../domain/reschedule';

const NOW = Date.parse('2027-03-10T12:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const refusal = (over: Partial<Parameters<typeof rescheduleRefusal>[0]>) =>
  rescheduleRefusal({
    status: 'confirmed',
    freeUntil: iso(NOW + 10 * HOUR),
    pickupAt: iso(NOW + 24 * HOUR),
    cause: 'customer',
    now: NOW,
    ...over,
  });

describe('rescheduleRefusal', () => {
  it('accepts a confirmed or allocated booking inside its free window', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ status: 'assigned' })).toBeNull();
  });

  it.each(['on_the_way', 'arrived', 'on_board'] as const)('refuses once the chauffeur is under way (%s)', (status) => {
    expect(refusal({ status })).toBe('the chauffeur is already on the way');
  });

  it('refuses an ended booking, naming its status', () => {
    expect(refusal({ status: 'cancelled' })).toBe('the booking is already cancelled');
  });

  it('refuses the customer from the end of the free window on, to the millisecond, but not the flight watch', () => {
    expect(refusal({ freeUntil: iso(NOW + 1) })).toBeNull();
    expect(refusal({ freeUntil: iso(NOW) })).toMatch(/free-cancellation window ended/);
    expect(refusal({ freeUntil: iso(NOW), cause: 'flight_watch' })).toBeNull();
  });

  it('refuses a time less than 5 minutes ahead or more than 366 days ahead', () => {
    expect(refusal({ pickupAt: iso(NOW + 4 * 60_000) })).toMatch(/at least 5 minutes ahead/);
    expect(refusal({ pickupAt: iso(NOW + 5 * 60_000) })).toBeNull();
    expect(refusal({ pickupAt: iso(NOW + 367 * 24 * HOUR) })).toMatch(/more than 366 days/);
  });
});

describe('movedTerms', () => {
  const trip = {
    pickup: { lat: 49.0097, lng: 2.5479 },
    dropoff: { lat: 48.8674, lng: 2.3294 },
    vehicleClass: 'executive',
    commissionPct: 0,
  };
  const dayPickup = '2027-03-12T10:00:00.000Z';
  const fare = priceFare({ ...trip, pickupAt: dayPickup, currency: 'EUR' });

  it('keeps the very fare when the new time prices the same, and moves the free window with the pickup', () => {
    const moved = movedTerms({ ...trip, fare }, '2027-03-12T14:00:00Z', new Date(NOW));
    expect(moved.fare).toBe(fare);
    const policy = cancellationPolicy({ createdAt: new Date(NOW), pickupAt: '2027-03-12T14:00:00Z', fareTotalMinor: fare.total });
    expect(moved).toMatchObject({
      pickupAt: '2027-03-12T14:00:00.000Z',
      freeUntil: policy.free_until,
      lateCancellationFeeMinor: policy.fee_after_minor,
    });
  });

  it('prices again when the new time costs more (a night pickup), and the fee follows the new fare', () => {
    const night = '2027-03-12T23:30:00Z';
    const moved = movedTerms({ ...trip, fare }, night, new Date(NOW));
    const repriced = priceFare({ ...trip, pickupAt: night, currency: 'EUR' });
    expect(repriced.total).toBeGreaterThan(fare.total);
    expect(moved.fare).toEqual(repriced);
    expect(moved.lateCancellationFeeMinor).toBe(
      cancellationPolicy({ createdAt: new Date(NOW), pickupAt: night, fareTotalMinor: repriced.total }).fee_after_minor,
    );
  });
});
