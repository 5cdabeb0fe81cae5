import { Client } from 'pg';
import type { Logger } from '../infra/logger';

/** A PostgreSQL backend, named so that a reused pid is not mistaken for it: `backend_start` as PostgreSQL prints it. */
export interface Holder {
  pid: number;
  started: string;
}

export class LifelineUnavailable extends Error {}

const IDENTITY = `select pg_backend_pid() as pid, backend_start::text as started from pg_stat_activity where pid = pg_backend_pid()`;

/** How often the lifeline proves itself alive with a round trip. */
export const LIFELINE_PING_MS = 5_000;
/**
 * How long PostgreSQL keeps a silent lifeline: its backend ends itself after this long without a ping
 * (`idle_session_timeout`), so a host that vanished without a FIN (power cut, kernel panic, network partition) frees
 * its claims within this plus one ping, instead of after the kernel's TCP keepalive (about two hours by default).
 * Six pings: a process whose event loop stalls for 25 s keeps its claims.
 */
export const LIFELINE_SILENCE_MS = 30_000;

/**
 * The lifeline session's own settings. Besides the idle timeout, TCP keepalives and a user timeout end a backend
 * whose peer stopped acknowledging what it sends (a probe after 10 s idle, every 5 s, three lost; unacknowledged data
 * for 30 s); they are ignored over a Unix socket.
 */
const SESSION_SETTINGS = `set idle_session_timeout = ${LIFELINE_SILENCE_MS}; set tcp_keepalives_idle = 10;
  set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3; set tcp_user_timeout = 30000`;

/**
 * One dedicated PostgreSQL connection per API process, held for the life of the process. Its backend's identity
 * names the holder of the process's idempotency claims: when the process dies (even by SIGKILL) PostgreSQL ends the
 * backend at once, and a claim whose holder is no longer in `pg_stat_activity` may be taken over by the same request.
 * When the host dies without closing the connection, the backend ends itself once it has heard no ping for
 * `LIFELINE_SILENCE_MS`. If the connection drops (a PostgreSQL restart, a network cut, or pings unanswered for 5 s) it
 * reconnects with backoff under a new identity.
 * It must be a direct session to PostgreSQL (not through a transaction-pooling proxy).
 */
export class Lifeline {
  private client: Client | undefined;
  private current: Holder | undefined;
  private closed = false;
  private backoffMs: number;
  private waiters: (() => void)[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly options: { minBackoffMs?: number; maxBackoffMs?: number } = {},
  ) {
    this.backoffMs = options.minBackoffMs ?? 100;
  }

  private started = false;

  /** Connects now (the API does at start); otherwise the first claim connects it. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    void this.connect();
  }

  /** The backend that holds claims now; waits up to `timeoutMs` while the lifeline (re)connects. */
  async holder(timeoutMs = 5000): Promise<Holder> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (!this.current) {
      if (this.closed) throw new LifelineUnavailable('the lifeline is closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new LifelineUnavailable('no PostgreSQL lifeline connection');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.current;
  }

  /** Whether the lifeline is connected now (for readiness). */
  get connected(): boolean {
    return this.current !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.current = undefined;
    this.waiters.splice(0).forEach((w) => w());
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.url,
      application_name: 'hub-api-lifeline',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = undefined;
        this.current = undefined;
        clearInterval(this.pingTimer);
      }
      client.end().catch(() => undefined);
      if (!this.closed) {
        this.logger.warn({ err }, 'PostgreSQL lifeline lost; reconnecting');
        this.scheduleReconnect();
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(SESSION_SETTINGS);
      const { rows } = await client.query<Holder>(IDENTITY);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.current = { pid: Number(rows[0].pid), started: rows[0].started };
      this.backoffMs = this.options.minBackoffMs ?? 100;
      this.waiters.splice(0).forEach((w) => w());
      // A half-open connection raises no event: a periodic round trip finds it.
      this.pingTimer = setInterval(() => {
        client.query('select 1').catch((err: Error) => onLost(err));
      }, LIFELINE_PING_MS);
      this.pingTimer.unref();
    } catch (err) {
      onLost(err as Error);
    }
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 2000);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }
}
