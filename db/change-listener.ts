import { Client } from 'pg';
import type { Logger } from '../infra/logger';

/**
 * The channels PostgreSQL triggers notify: `booking_changed` with the booking id (a ride's status, position, ETA or
 * driver), `credentials_changed` when an OAuth client or a partner changes (revocation, allow-list, rate limit),
 * `delivery_attempted` with `<account>:<environment>` when a public webhook delivery attempt is logged.
 */
const CHANGE_CHANNELS = ['booking_changed', 'credentials_changed', 'delivery_attempted'] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

const PING_MS = 5000;
/** How the listening connection names itself in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'hub-api-listener';

/** Subscribes to every notification of a channel, whatever its payload. */
export const ANY = '*';

export interface ChangeSubscriber {
  /** The subject changed (or changes may have been missed while reconnecting): read it again. */
  changed(): void;
  /** The process is shutting down: stop following. */
  closed(): void;
}

/**
 * The API process's one PostgreSQL connection that LISTENs on the change channels and fans each notification out to
 * the subscribers of its channel and payload (a tracking stream follows one booking; the credential cache follows
 * them all). Every API replica has its own. Connects on the first subscriber. When the connection is lost (or a ping
 * finds it dead) it tells every subscriber to read again, and again once it listens anew, since notifications sent
 * meanwhile are lost.
 */
export class ChangeListener {
  private readonly subscribers = new Map<string, Set<ChangeSubscriber>>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private closing = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  /** Notifications may have been lost since the last connection: whoever connects next tells every subscriber. */
  private missed = false;

  constructor(
    private readonly databaseUrl: () => string,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the listener is connected, so a change made after it is not missed. */
  async subscribe(channel: ChangeChannel, key: string, subscriber: ChangeSubscriber): Promise<() => void> {
    if (this.closing) throw new Error('shutting down');
    const topic = `${channel}:${key}`;
    let set = this.subscribers.get(topic);
    if (!set) this.subscribers.set(topic, (set = new Set()));
    set.add(subscriber);
    const unsubscribe = () => {
      const current = this.subscribers.get(topic);
      current?.delete(subscriber);
      if (current && current.size === 0) this.subscribers.delete(topic);
    };
    try {
      await this.connect();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** Whether notifications reach this process now: a subscriber may trust what it read since its last `changed()`. */
  get listening(): boolean {
    return this.client !== null;
  }

  private notify(topic: string): void {
    for (const s of [...(this.subscribers.get(topic) ?? [])]) s.changed();
  }

  private tellEveryone(): void {
    for (const set of this.subscribers.values()) for (const s of [...set]) s.changed();
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new Client({
        connectionString: this.databaseUrl(),
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
        connectionTimeoutMillis: 5000,
        query_timeout: 5000,
      });
      client.on('notification', (message) => {
        this.notify(`${message.channel}:${message.payload ?? ''}`);
        this.notify(`${message.channel}:${ANY}`);
      });
      client.on('error', (err) => this.lost(client, err));
      client.on('end', () => this.lost(client, new Error('connection ended')));
      try {
        await client.connect();
        await client.query(CHANGE_CHANNELS.map((c) => `listen ${c}`).join('; '));
      } catch (err) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw err;
      }
      // Told before `listening` turns true, so nobody trusts a read made while notifications were lost.
      if (this.missed) {
        this.missed = false;
        this.tellEveryone();
      }
      this.client = client;
      // A connection that only receives raises no event when it dies silently: a periodic round trip finds it.
      this.pingTimer = setInterval(() => {
        client.query('select 1').catch((err: Error) => this.lost(client, err));
      }, PING_MS);
      this.pingTimer.unref();
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: Client, err: Error): void {
    if (this.client !== client || this.closing) return;
    this.client = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.logger.warn({ err }, 'change listener lost; reconnecting');
    client.end().catch(() => undefined);
    this.missed = true;
    this.tellEveryone();
    const retry = (delay: number) => {
      this.retryTimer = setTimeout(() => {
        if (this.closing || this.subscribers.size === 0) return;
        this.connect().catch(() => retry(Math.min(delay * 2, 10_000)));
      }, delay);
      this.retryTimer.unref();
    };
    retry(250);
  }

  /** Tells every subscriber the process is closing and ends the listening connection. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const set of this.subscribers.values()) for (const s of [...set]) s.closed();
    this.subscribers.clear();
    await this.connecting?.catch(() => undefined);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
