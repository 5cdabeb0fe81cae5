import {
  applyAttemptOutcome,
  attemptScheduleMs,
  BASE_DELAYS_MS,
  parseRetryAfter,
  PUBLIC_WEBHOOK_RETRY,
  retryDelayMs,
  type DestinationHealth,
} from '../../domain/public-webhook-schedule';
import { publicEventBody } from '../../domain/public-events';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('public webhook retry schedule', () => {
  it('publishes 7 waits growing exponentially to the 6-hour ceiling', () => {
    expect(BASE_DELAYS_MS).toEqual([MIN, 5 * MIN, 25 * MIN, 125 * MIN, 6 * HOUR, 6 * HOUR, 6 * HOUR]);
    expect(PUBLIC_WEBHOOK_RETRY.maxAttempts).toBe(8);
  });

  it('jitters each wait by ±20 % and never exceeds the ceiling', () => {
    expect(retryDelayMs(1, 0)).toBe(0.8 * MIN);
    expect(retryDelayMs(1, 0.5)).toBe(MIN);
    expect(retryDelayMs(1, 0.999999)).toBeCloseTo(1.2 * MIN, -1);
    expect(retryDelayMs(3, 0.25)).toBe(25 * MIN * 0.9);
    expect(retryDelayMs(5, 0.99)).toBe(6 * HOUR);
    expect(retryDelayMs(5, 0)).toBe(Math.round(0.8 * 6 * HOUR));
  });

  it('ends after the 8th attempt', () => {
    expect(retryDelayMs(7, 0.5)).toBe(6 * HOUR);
    expect(retryDelayMs(8, 0.5)).toBeNull();
    expect(() => retryDelayMs(0, 0.5)).toThrow(RangeError);
  });

  it('lets Retry-After lengthen a wait up to the ceiling, never shorten it', () => {
    expect(retryDelayMs(1, 0.5, 10_000)).toBe(MIN);
    expect(retryDelayMs(1, 0.5, 30 * MIN)).toBe(30 * MIN);
    expect(retryDelayMs(2, 0.5, 48 * HOUR)).toBe(6 * HOUR);
  });

  it('gives attempt offsets from the first attempt', () => {
    const offsets = attemptScheduleMs(Array(7).fill(0.5));
    expect(offsets).toEqual([0, MIN, 6 * MIN, 31 * MIN, 156 * MIN, 156 * MIN + 6 * HOUR, 156 * MIN + 12 * HOUR, 156 * MIN + 18 * HOUR]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe(5 * MIN);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('pause rule', () => {
  const run = (outcomes: boolean[]) => {
    let health: DestinationHealth = { consecutiveFailures: 0, status: 'active' };
    const changes: string[] = [];
    for (const ok of outcomes) {
      const next = applyAttemptOutcome(health, ok);
      health = next.health;
      changes.push(next.change);
    }
    return { health, changes };
  };

  it('pauses at the 12th consecutive failure', () => {
    const eleven = run(Array(11).fill(false));
    expect(eleven.health).toEqual({ consecutiveFailures: 11, status: 'active' });
    expect(eleven.changes[0]).toBe('first_failure');
    const twelve = run(Array(12).fill(false));
    expect(twelve.health.status).toBe('paused');
    expect(twelve.changes.at(-1)).toBe('pause');
  });

  it('resets on a success', () => {
    const r = run([...Array(11).fill(false), true, ...Array(11).fill(false)]);
    expect(r.health).toEqual({ consecutiveFailures: 11, status: 'active' });
    expect(r.changes[11]).toBe('recovered');
  });
});

describe('envelope', () => {
  it('keeps the documented field order', () => {
    const body = publicEventBody({
      data: { a: 1 },
      livemode: false,
      created: '2026-11-22T10:00:00.000Z',
      type: 'webhook.test',
      id: 'evt_1',
    });
    expect(body).toBe('{"id":"evt_1","type":"webhook.test","created":"2026-11-22T10:00:00.000Z","livemode":false,"data":{"a":1}}');
  });
});
