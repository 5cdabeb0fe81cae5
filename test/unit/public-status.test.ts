import { BOOKING_STATUSES } from '../../domain/booking-lifecycle';
import { isPublicStatus, PUBLIC_STATUSES, toInternalStatus, toPublicStatus } from '../../domain/public-status';

describe('public booking status', () => {
  it.each([
    ['confirmed', 'confirmed'],
    ['assigned', 'allocated'],
    ['on_the_way', 'en_route'],
    ['arrived', 'arrived'],
    ['on_board', 'pob'],
    ['completed', 'completed'],
    ['cancelled', 'cancelled'],
    ['no_show', 'no_show'],
    ['no_driver_available', 'no_driver_available'],
  ] as const)('%s is shown as %s and filtered back', (internal, pub) => {
    expect(toPublicStatus(internal)).toBe(pub);
    expect(toInternalStatus(pub)).toBe(internal);
  });

  it('is a bijection between the internal and the public vocabularies', () => {
    expect(BOOKING_STATUSES.map(toPublicStatus).sort()).toEqual([...PUBLIC_STATUSES].sort());
    for (const status of PUBLIC_STATUSES) expect(toPublicStatus(toInternalStatus(status))).toBe(status);
  });

  it('refuses unknown values both ways', () => {
    expect(() => toPublicStatus('allocated')).toThrow(RangeError);
    expect(() => toPublicStatus('toString')).toThrow(RangeError);
    expect(() => toInternalStatus('assigned' as never)).toThrow(RangeError);
    expect(isPublicStatus('pob')).toBe(true);
    expect(isPublicStatus('on_board')).toBe(false);
    expect(isPublicStatus('constructor')).toBe(false);
  });
});
