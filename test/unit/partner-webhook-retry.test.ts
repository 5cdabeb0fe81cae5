import { attemptOffsetsMs, PARTNER_WEBHOOK_RETRY } from '../../domain/partner-webhook-retry';
import {
  afterAttempt,
  afterBatch,
  dueEvents,
  enqueue,
  nextDueAt,
  PARTNER_ENDPOINT_SHARDS,
  partnerShard,
} from '../../domain/partner-delivery-queue';

const S = 1000;
const H = 3600 * S;

describe('partner webhook retry schedule', () => {
  const offsets = attemptOffsetsMs();

  it('doubles from 30 s: attempts at 0, 30 s, 1 min 30 s, 3 min 30 s, …', () => {
    expect(offsets.slice(0, 5)).toEqual([0, 30 * S, 90 * S, 210 * S, 450 * S]);
  });

  it('caps the interval at 2 hours and stops inside the 24-hour window', () => {
    const intervals = offsets.slice(1).map((o, i) => o - offsets[i]);
    expect(Math.max(...intervals)).toBe(2 * H);
    // 30+60+…+3840 s = 7650 s of doubling, then every 2 h while still before 24 h: 10 more.
    expect(offsets).toHaveLength(1 + 8 + 10);
    expect(offsets.at(-1)).toBe(7650 * S + 10 * 2 * H);
    expect(offsets.at(-1)! + 2 * H).toBeGreaterThanOrEqual(PARTNER_WEBHOOK_RETRY.windowMs);
  });
});

describe("an endpoint's delivery queue", () => {
  const event = (eventId: string, type = 'booking.created', bookingId: string | null = 'bkg_1') => ({ eventId, bookingId, type });
  const none = new Set<string>();

  it('keeps failing an event on the same schedule, dropping it once the next attempt would fall outside 24 hours', () => {
    let queue = enqueue([], event('evt_1'), 0, none);
    const startedAt: number[] = [];
    while (queue.length) {
      const [due] = queue;
      startedAt.push(due.dueAt);
      queue = afterAttempt(queue, due.eventId, 'failed', due.dueAt);
    }
    expect(startedAt).toEqual(attemptOffsetsMs());
  });

  it('lets a delivered event go and keeps the others in arrival order', () => {
    let queue = enqueue([], event('evt_1'), 0, none);
    queue = enqueue(queue, event('evt_2'), 5, none);
    queue = afterAttempt(queue, 'evt_1', 'done', 10);
    expect(queue.map((q) => q.eventId)).toEqual(['evt_2']);
  });

  it('queues an event once: a redelivery asked while it waits keeps its place and schedule', () => {
    let queue = enqueue([], event('evt_1'), 0, none);
    queue = afterAttempt(queue, 'evt_1', 'failed', 100);
    const again = enqueue(queue, event('evt_1'), 200, none);
    expect(again).toEqual(queue);
  });

  it('replaces a waiting gps.update by a newer one of the same booking, not one in flight or of another booking', () => {
    let queue = enqueue([], event('evt_g1', 'gps.update', 'bkg_1'), 0, none);
    queue = enqueue(queue, event('evt_g2', 'gps.update', 'bkg_2'), 0, none);
    queue = enqueue(queue, event('evt_s', 'booking.driver_arrived', 'bkg_1'), 0, none);
    queue = enqueue(queue, event('evt_g3', 'gps.update', 'bkg_1'), 1, none);
    expect(queue.map((q) => q.eventId)).toEqual(['evt_g2', 'evt_s', 'evt_g3']);
    const sending = new Set(['evt_g3']);
    expect(enqueue(queue, event('evt_g4', 'gps.update', 'bkg_1'), 2, sending).map((q) => q.eventId)).toEqual([
      'evt_g2',
      'evt_s',
      'evt_g3',
      'evt_g4',
    ]);
  });

  it('starts at most the free slots, oldest due first, and says when the next waiting one falls due', () => {
    let queue = enqueue([], event('evt_1'), 0, none);
    queue = enqueue(queue, event('evt_2'), 0, none);
    queue = enqueue(queue, event('evt_3'), 0, none);
    queue = afterAttempt(queue, 'evt_1', 'failed', 0); // due at 30 s
    expect(dueEvents(queue, new Set(['evt_2']), 10, 5).map((q) => q.eventId)).toEqual(['evt_3']);
    expect(dueEvents(queue, none, 10, 1).map((q) => q.eventId)).toEqual(['evt_2']);
    expect(dueEvents(queue, none, 10, 0)).toEqual([]);
    expect(nextDueAt(queue, new Set(['evt_2', 'evt_3']))).toBe(30 * S);
    expect(nextDueAt([], none)).toBeNull();
  });
});

describe("a partner endpoint's shards and batches", () => {
  it('puts every event of a booking in the same shard, spreads bookings over all ten, and events without a booking in 0', () => {
    const bookings = Array.from({ length: 500 }, (_, i) => `bkg_01jd2k3m4n5p6q7r8s9t0v${String(i).padStart(4, '0')}`);
    const shards = bookings.map((id) => partnerShard(id));
    expect(bookings.map((id) => partnerShard(id))).toEqual(shards); // stable
    expect(new Set(shards)).toEqual(new Set(Array.from({ length: PARTNER_ENDPOINT_SHARDS }, (_, i) => i)));
    expect(partnerShard(null)).toBe(0);
  });

  it('after a batch: delivered and undeliverable events leave, failed ones wait their backoff, skipped ones keep their turn', () => {
    const none = new Set<string>();
    let queue = ['evt_1', 'evt_2', 'evt_3', 'evt_4'].reduce(
      (q, eventId) => enqueue(q, { eventId, bookingId: 'bkg_1', type: 'driver.assigned' }, 0, none),
      enqueue([], { eventId: 'evt_0', bookingId: 'bkg_1', type: 'booking.created' }, 0, none),
    );
    queue = afterBatch(queue, { evt_0: 'delivered', evt_1: 'failed', evt_2: 'final', evt_3: 'skipped' }, 5 * S);
    expect(queue.map((q) => [q.eventId, q.attempts, q.dueAt])).toEqual([
      ['evt_1', 1, 35 * S],
      ['evt_3', 0, 0],
      ['evt_4', 0, 0],
    ]);
    expect(dueEvents(queue, none, 5 * S, 100).map((q) => q.eventId)).toEqual(['evt_3', 'evt_4']);
  });
});
