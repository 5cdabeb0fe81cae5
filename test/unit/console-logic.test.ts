import { fromZonedInput, toZonedInput, zonedDateTime, zoneLabel } from '../../console/src/format';
import { match, withQuery } from '../../console/src/router';
import { nextPage, previousPage, trailAt, type Trail } from '../../console/src/components/pager';
import { idempotencyKey, IdempotencyKeys } from '../../console/src/client/idempotency-keys';

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

  describe('one Idempotency-Key per action until it succeeds', () => {
    /** The keys a fake hub was sent, and a way to answer each request when the test says. */
    function hub() {
      const sent: string[] = [];
      const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
      const call = (key: string) => {
        sent.push(key);
        return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
      };
      return { sent, pending, call };
    }
    let n = 0;
    const keys = () => new IdempotencyKeys(() => `key-${++n}`);

    it('sends a double submit with the same key, and keeps it after a failure for the retry', async () => {
      const k = keys();
      const h = hub();
      const body = { label: 'ERP sync', scopes: ['bookings.read'] };
      const first = k.send('create', body, h.call);
      const second = k.send('create', { ...body }, h.call);
      expect(h.sent).toHaveLength(2);
      expect(h.sent[1]).toBe(h.sent[0]);
      h.pending[0].reject(new Error('network'));
      h.pending[1].reject(new Error('network'));
      await expect(first).rejects.toThrow('network');
      await expect(second).rejects.toThrow('network');
      const retry = k.send('create', body, h.call);
      expect(h.sent[2]).toBe(h.sent[0]);
      h.pending[2].resolve('created');
      await expect(retry).resolves.toBe('created');
    });

    it('lets the key go once the action succeeds: the next click is a new request', async () => {
      const k = keys();
      const h = hub();
      const done = k.send('pause', 'whd_1', h.call);
      h.pending[0].resolve('paused');
      await done;
      void k.send('pause', 'whd_1', h.call);
      expect(h.sent[1]).not.toBe(h.sent[0]);
    });

    it('gives a changed request a new key (the hub refuses a key sent again with another body), and each action its own', async () => {
      const k = keys();
      const first = k.keyFor('recover', { destination: 'whd_1', body: { since: '2026-12-01T00:00:00.000Z' } });
      expect(k.keyFor('recover', { destination: 'whd_1', body: { since: '2026-12-01T00:00:00.000Z' } })).toBe(first);
      const changed = k.keyFor('recover', { destination: 'whd_1', body: { since: '2026-12-02T00:00:00.000Z' } });
      expect(changed).not.toBe(first);
      expect(k.keyFor('recover', { destination: 'whd_2', body: { since: '2026-12-02T00:00:00.000Z' } })).not.toBe(changed);
      const test = k.keyFor('test-event', { destinationId: 'whd_1', type: 'webhook.test' });
      expect(new Set([first, changed, test]).size).toBe(3);
      // Another action in between does not make this one forget its key.
      const again = k.keyFor('recover', { destination: 'whd_1', body: { since: '2026-12-01T00:00:00.000Z' } });
      expect(k.keyFor('test-event', { destinationId: 'whd_1', type: 'webhook.test' })).toBe(test);
      expect(k.keyFor('recover', { destination: 'whd_1', body: { since: '2026-12-01T00:00:00.000Z' } })).toBe(again);
    });

    it('makes keys the hub accepts, each new', () => {
      const made = new Set(Array.from({ length: 100 }, idempotencyKey));
      expect(made.size).toBe(100);
      for (const key of made) expect(key).toMatch(/^console-[0-9a-f-]{36}$/);
    });
  });
});
