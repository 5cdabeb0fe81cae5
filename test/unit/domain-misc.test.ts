import { canTransition, isTerminal } from '../../domain/booking-lifecycle';
import { marketOf, OTHER_MARKET } from '../../domain/markets';
import { ID_PATTERN, newId } from '../../infra/ids';

describe('booking lifecycle', () => {
  it('follows confirmed → assigned → on_the_way → arrived → on_board → completed', () => {
    const path = ['confirmed', 'assigned', 'on_the_way', 'arrived', 'on_board', 'completed'] as const;
    const by = ['dispatch', 'driver', 'driver', 'driver', 'driver'] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1], path[i], by[i - 1])).toBe(true);
    expect(canTransition('confirmed', 'completed', 'ops')).toBe(false);
    expect(canTransition('on_board', 'cancelled', 'partner')).toBe(false);
    expect(canTransition('cancelled', 'confirmed', 'ops')).toBe(false);
    expect(['completed', 'cancelled', 'no_show', 'no_driver_available'].every((s) => isTerminal(s as never))).toBe(true);
    expect(isTerminal('confirmed')).toBe(false);
  });
});

describe('markets', () => {
  it('puts a pickup in the nearest market within its radius', () => {
    expect(marketOf({ lat: 49.0097, lng: 2.5479 })).toBe('PAR'); // CDG, ~25 km out
    expect(marketOf({ lat: 51.47, lng: -0.4543 })).toBe('LON'); // Heathrow
    expect(marketOf({ lat: 0, lng: 0 })).toBe(OTHER_MARKET);
  });
});

describe('ids', () => {
  it('are prefixed and sort by creation time', () => {
    const a = newId('bkg', 1_700_000_000_000);
    const b = newId('bkg', 1_700_000_000_001);
    expect(a).toMatch(ID_PATTERN);
    expect(a.startsWith('bkg_')).toBe(true);
    expect(a < b).toBe(true);
    expect(newId('evt')).not.toBe(newId('evt'));
  });
});
