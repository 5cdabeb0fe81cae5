import { Client } from 'pg';
import type { Logger } from '../../infra/logger';

export const BOOKING_CHANGED_CHANNEL = 'booking_changed';

export interface ChangeSubscriber {
  /** The booking changed (or changes may have been missed while reconnecting): read it again. */
  changed(): void;
  /** The process is shutting down: end the stream. */
  closed(): void;
}

/**
 * The API process's one PostgreSQL connection that LISTENs on `booking_changed` (the bookings trigger notifies it
 * with the booking id) and fans each notification out to the streams following that booking. Every API replica has
 * its own, so any replica can serve any tracking stream. Connects on the first subscriber; after a lost connection it
 * reconnects and tells every subscriber to read again, since notifications sent meanwhile are lost.
 */
export class BookingChanges {
  private readonly subscribers = new Map<string, Set<ChangeSubscriber>>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private closing = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: () => string,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the listener is connected, so a change made after it is not missed. */
  async subscribe(bookingId: string, subscriber: ChangeSubscriber): Promise<() => void> {
    if (this.closing) throw new Error('shutting down');
    let set = this.subscribers.get(bookingId);
    if (!set) this.subscribers.set(bookingId, (set = new Set()));
    set.add(subscriber);
    const unsubscribe = () => {
      const current = this.subscribers.get(bookingId);
      current?.delete(subscriber);
      if (current && current.size === 0) this.subscribers.delete(bookingId);
    };
    try {
      await this.connect();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: this.databaseUrl() });
      client.on('notification', (message) => {
        if (message.channel !== BOOKING_CHANGED_CHANNEL || !message.payload) return;
        for (const s of [...(this.subscribers.get(message.payload) ?? [])]) s.changed();
      });
      client.on('error', (err) => this.lost(client, err));
      client.on('end', () => this.lost(client, new Error('connection ended')));
      try {
        await client.connect();
        await client.query(`listen ${BOOKING_CHANGED_CHANNEL}`);
      } catch (err) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw err;
      }
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: Client, err: Error): void {
    if (this.client !== client || this.closing) return;
    this.client = null;
    this.logger.warn({ err }, 'booking_changed listener lost; reconnecting');
    client.end().catch(() => undefined);
    const retry = (delay: number) => {
      this.retryTimer = setTimeout(() => {
        if (this.closing || this.subscribers.size === 0) return;
        this.connect().then(
          () => {
            for (const set of this.subscribers.values()) for (const s of [...set]) s.changed();
          },
          () => retry(Math.min(delay * 2, 10_000)),
        );
      }, delay);
      this.retryTimer.unref();
    };
    retry(250);
  }

  /** Ends every stream and the listening connection. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const set of this.subscribers.values()) for (const s of [...set]) s.closed();
    this.subscribers.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
