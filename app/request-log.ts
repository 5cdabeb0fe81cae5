import type { RequestLogEntry } from '../db/request-log';

export interface RequestLogWriterOptions {
  /** Rows per insert. */
  batch: number;
  /** How often the buffer is written whatever its size. */
  intervalMs: number;
  /** Rows held at most while the database is slow or away; beyond it new rows are dropped (and counted). */
  maxBuffered: number;
}

const DEFAULTS: RequestLogWriterOptions = { batch: 1000, intervalMs: 1000, maxBuffered: 20_000 };

/**
 * The request log's writer: a request only appends its row to a buffer (no await, no I/O); the buffer is written as
 * one multi-row insert every second or once a batch is full, one insert at a time. A failed insert drops its rows
 * (reported to `onError`): the log is for debugging, and never fails or slows a request.
 */
export class RequestLogWriter {
  private buffer: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  /** Rows dropped because the buffer was full or their insert failed. */
  dropped = 0;
  private readonly options: RequestLogWriterOptions;

  constructor(
    private readonly insert: (rows: RequestLogEntry[]) => Promise<void>,
    private readonly onError: (err: unknown, rows: number) => void,
    options: Partial<RequestLogWriterOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  record(entry: RequestLogEntry): void {
    if (this.buffer.length >= this.options.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= this.options.batch && !this.writing) void this.flush();
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Writes what is buffered now (one batch after another); resolves when written or dropped. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    while (this.buffer.length > 0) {
      const rows = this.buffer.splice(0, this.options.batch);
      this.writing = this.insert(rows).catch((err: unknown) => {
        this.dropped += rows.length;
        this.onError(err, rows.length);
      });
      await this.writing;
      this.writing = undefined;
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
