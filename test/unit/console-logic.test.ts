import { fromZonedInput, toZonedInput, zonedDateTime, zoneLabel } from '../../console/src/format';
import { match, withQuery } from '../../console/src/router';
import { nextPage, previousPage, trailAt, type Trail } from '../../console/src/components/pager';

/** The console's logic that needs no browser: time zones, the router's paths, the pager's trail. */
describe('the console', () => {
  describe('times in the pickup’s time zone', () => {
    const paris14 = '2026-11-28T13:00:00.000Z';

    it('shows a Paris pickup at Paris time, the zone named, whatever the viewer’s zone', () => {
      expect(zonedDateTime(paris14, 'Europe/Paris', 'en-GB')).toBe('28 Nov 2026, 14:00 CET (Paris)');
      expect(zonedDateTime(paris14, 'Europe/London', 'en-GB')).toBe('28 Nov 2026, 13:00 GMT (London)');
      expect(zonedDateTime(paris14, 'America/New_York', 'en-GB')).toMatch(/^28 Nov 2026, 08:00 (GMT-5|EST) \(New York\)$/);
    });

    it('follows summer time and the locale’s words', () => {
      expect(zonedDateTime('2026-07-01T12:00:00.000Z', 'Europe/Paris', 'en-GB')).toBe('1 Jul 2026, 14:00 CEST (Paris)');
      expect(zonedDateTime(paris14, 'Europe/Paris', 'de-DE')).toBe('28.11.2026, 14:00 MEZ (Paris)');
      expect(zonedDateTime(paris14, 'UTC', 'en-GB')).toBe('28 Nov 2026, 13:00 UTC');
    });

    it('reads and fills a time input at the pickup’s clock, across summer time and its gaps', () => {
      expect(toZonedInput('2026-11-28T13:00:00.000Z', 'Europe/Paris')).toBe('2026-11-28T14:00');
      expect(fromZonedInput('2026-11-28T14:00', 'Europe/Paris')).toBe('2026-11-28T13:00:00.000Z');
      expect(fromZonedInput('2026-07-01T14:00', 'Europe/Paris')).toBe('2026-07-01T12:00:00.000Z');
      expect(fromZonedInput('2026-11-28T09:00', 'America/New_York')).toBe('2026-11-28T14:00:00.000Z');
      expect(fromZonedInput('2026-11-28T14:00', 'UTC')).toBe('2026-11-28T14:00:00.000Z');
      // 02:30 does not exist in Paris on 29 March 2026 (02:00 → 03:00): it lands at 03:30 CEST.
      expect(fromZonedInput('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
      // 02:30 happens twice on 25 October 2026: the first (CEST).
      expect(fromZonedInput('2026-10-25T02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
      expect(fromZonedInput('', 'Europe/Paris')).toBeUndefined();
      for (const instant of ['2026-03-29T01:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']) {
        expect(fromZonedInput(toZonedInput(instant, 'Europe/Paris'), 'Europe/Paris')).toBe(
          instant === '2026-10-25T01:30:00.000Z' ? '2026-10-25T00:30:00.000Z' : instant, // the repeated hour reads as its first
        );
      }
    });

    it('names the zone a pickup time is typed in, as its clock reads on that day', () => {
      expect(zoneLabel('Europe/Paris', paris14, 'en-GB')).toBe('Paris, CET');
      expect(zoneLabel('Europe/Paris', '2026-07-01T12:00:00.000Z', 'en-GB')).toBe('Paris, CEST');
      expect(zoneLabel('America/New_York', paris14, 'en-GB')).toMatch(/^New York, (GMT-5|EST)$/);
      expect(zoneLabel('UTC', paris14, 'en-GB')).toBe('UTC');
    });

    it('shows a dash for no time', () => {
      expect(zonedDateTime(null, 'Europe/Paris', 'en-GB')).toBe('—');
    });
  });

  describe('the router', () => {
    it('matches patterns with parameters, decoded, and nothing else', () => {
      expect(match('/', '/')).toEqual({});
      expect(match('/', '/bookings')).toBeNull();
      expect(match('/bookings/:ref', '/bookings/bkg_1')).toEqual({ ref: 'bkg_1' });
      expect(match('/bookings/:ref', '/bookings/bkg_1/')).toEqual({ ref: 'bkg_1' });
      expect(match('/finance/invoices/:number', '/finance/invoices/INV%2D2026')).toEqual({ number: 'INV-2026' });
      expect(match('/bookings/:ref', '/bookings')).toBeNull();
      expect(match('/bookings/new', '/bookings/bkg_1')).toBeNull();
    });

    it('writes filters into the query, leaving out the empty ones', () => {
      expect(withQuery('/bookings', {})).toBe('/bookings');
      expect(withQuery('/bookings', { status: 'confirmed', market: undefined, q: '', ref: null })).toBe('/bookings?status=confirmed');
      expect(withQuery('/bookings', { customer_reference: 'CC 47&x=1' })).toBe('/bookings?customer_reference=CC+47%26x%3D1');
    });
  });

  describe('the pager', () => {
    it('goes forward and back through keyset pages to the first', () => {
      let trail: Trail = [];
      let cursor: string | undefined;
      ({ trail, cursor } = nextPage(trail, cursor, 'c1'));
      ({ trail, cursor } = nextPage(trail, cursor, 'c2'));
      expect({ trail, cursor }).toEqual({ trail: [undefined, 'c1'], cursor: 'c2' });
      ({ trail, cursor } = previousPage(trail));
      expect(cursor).toBe('c1');
      ({ trail, cursor } = previousPage(trail));
      expect({ trail, cursor }).toEqual({ trail: [], cursor: undefined });
    });

    it('forgets the trail when the address is a first page (a new search)', () => {
      expect(trailAt([undefined, 'c1'], undefined)).toEqual([]);
      expect(trailAt([undefined, 'c1'], 'c2')).toEqual([undefined, 'c1']);
    });
  });
});
