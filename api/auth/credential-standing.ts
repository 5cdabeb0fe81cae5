import type { MikroORM } from '@mikro-orm/postgresql';
import { ANY, type ChangeListener } from '../../db/change-listener';
import { partnerClientStanding, type Standing } from '../../db/credential-standings';

export type { Standing };

/** A partner client's standing, kept as CredentialStandings keep it. */
export function partnerStandings(orm: MikroORM, changes: ChangeListener): CredentialStandings<Standing> {
  return new CredentialStandings(changes, (clientId) => partnerClientStanding(orm, clientId));
}

/** Trusted at most this long without a notification: a bound for a change made with the triggers disabled. */
const MAX_AGE_MS = 60_000;
const KEPT = 10_000;
/** After a failed attempt to listen, the standing is read on every request for at least this long. */
const RETRY_LISTEN_MS = 1_000;

/**
 * Each credential's standing (a partner client's, an API key's), read once and kept while this process listens on
 * `credentials_changed`, which the triggers on `oauth_clients`, `partners`, `api_keys` and `integrator_accounts`
 * notify in the transaction of any change that matters: a revocation, allow-list, scope or rate-limit change reaches
 * every API process as soon as PostgreSQL delivers the notification (milliseconds), and every request meanwhile saves
 * a round trip. Whenever notifications may have been missed (not listening yet, the connection lost) the standing is
 * read on every request instead, and everything kept is forgotten.
 */
export class CredentialStandings<T> {
  private readonly kept = new Map<string, { standing: T; version: number; readAt: number }>();
  /** Bumped by every notification, lost connection and reconnect: a read begun under an older version is not kept. */
  private version = 0;
  private subscribed = false;
  private subscribing = false;
  private listenFailedAt = 0;

  constructor(
    private readonly changes: ChangeListener,
    private readonly read: (id: string) => Promise<T | undefined>,
  ) {}

  async get(id: string): Promise<T | undefined> {
    const trusted = this.listening();
    const known = this.kept.get(id);
    if (trusted && known && known.version === this.version && Date.now() - known.readAt < MAX_AGE_MS) return known.standing;
    const version = this.version;
    const standing = await this.read(id);
    if (standing && trusted && version === this.version && this.changes.listening) {
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(id, { standing, version, readAt: Date.now() });
    }
    return standing;
  }

  /** Whether a change to any client would reach this process now; the first call starts listening, in the background. */
  private listening(): boolean {
    if (!this.subscribed && !this.subscribing && Date.now() - this.listenFailedAt >= RETRY_LISTEN_MS) {
      this.subscribing = true;
      this.changes
        .subscribe('credentials_changed', ANY, { changed: () => this.forget(), closed: () => this.forget() })
        .then(
          () => (this.subscribed = true),
          () => (this.listenFailedAt = Date.now()),
        )
        .finally(() => (this.subscribing = false));
    }
    return this.subscribed && this.changes.listening;
  }

  /** Forgets what is kept now, as a notification would: this process sees its own change at once, before PostgreSQL tells it. */
  forget(): void {
    this.version++;
    this.kept.clear();
  }
}
