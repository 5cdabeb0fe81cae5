import { RequestLogWriter } from '../../app/request-log';
import type { RequestLogEntry } from '../../db/request-log';

const entry = (n: number): RequestLogEntry => ({
  accountId: 'acct_1',
  environment: 'test',
  keyId: 'a1B2c3D4e5F6',
  console: false,
  method: 'GET',
  path: `/api/public/v1/bookings?n=${n}`,
  status: 200,
  requestId: `req_${n}`,
  latencyMs: 1,
  at: new Date(),
});

/** The request log's buffer: what reaches the insert, in what batches, and what is dropped when it cannot keep up. */
describe('the request log writer', () => {
  it('writes in batches of its size, in order, and a full batch without waiting for the timer', async () => {
    const batches: string[][] = [];
    const writer = new RequestLogWriter(
      async (rows) => void batches.push(rows.map((r) => r.requestId)),
      () => {},
      { batch: 2, intervalMs: 60_000 },
    );
    writer.record(entry(1));
    expect(batches).toEqual([]);
    writer.record(entry(2)); // a full batch: written at once
    await writer.flush();
    expect(batches).toEqual([['req_1', 'req_2']]);
    for (const n of [3, 4, 5]) writer.record(entry(n));
    await writer.close();
    expect(batches).toEqual([['req_1', 'req_2'], ['req_3', 'req_4'], ['req_5']]);
    expect(writer.dropped).toBe(0);
  });

  it('drops (and counts) rows past its bound while an insert is slow, and the rows of a failed insert', async () => {
    let release: () => void = () => {};
    const errors: number[] = [];
    let fail = false;
    const writer = new RequestLogWriter(
      (rows) =>
        fail
          ? Promise.reject(new Error(`refused ${rows.length}`))
          : new Promise<void>((resolve) => {
              release = resolve;
            }),
      (_err, rows) => errors.push(rows),
      { batch: 2, intervalMs: 60_000, maxBuffered: 3 },
    );
    writer.record(entry(1));
    writer.record(entry(2)); // taken by a slow insert
    for (const n of [3, 4, 5, 6]) writer.record(entry(n)); // three fit in the buffer, the fourth is dropped
    expect(writer.dropped).toBe(1);
    release();
    fail = true;
    await writer.flush();
    expect(errors).toEqual([2, 1]);
    expect(writer.dropped).toBe(4);
  });
});
