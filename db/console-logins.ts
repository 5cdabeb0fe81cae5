import type { MikroORM } from '@mikro-orm/postgresql';
import type { AccountKind } from './entities';
import type { TestOrLive } from '../domain/environment';
import { sqlOf } from './sql';

/** Console sign-in links and the browser sessions they open (docs/console.md); tokens are stored as hashes only. */

export interface ConsoleGrant {
  accountId: string;
  environment: TestOrLive;
  scopes: string[];
  ratePerMinute: number;
  /** The API key that asked for the link (its revocation ends the login); null when ops made it with the CLI. */
  apiKeyId: string | null;
  /** The latest end of the login the link opens: the end of the console login that asked for it, if one did. */
  notAfter?: Date | null;
}

export interface ConsoleSessionRow {
  id: string;
  account_id: string;
  account_name: string;
  account_kind: AccountKind;
  /** The account's scope ceiling now: a login never holds more. */
  scope_ceiling: string[];
  environment: TestOrLive;
  scopes: string[];
  rate_per_minute: number;
  api_key_id: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

export async function insertConsoleLink(
  orm: MikroORM,
  link: ConsoleGrant & { id: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await sqlOf(orm)(
    `insert into console_links (token_hash, id, account_id, environment, scopes, rate_per_minute, api_key_id, created_at, expires_at,
                                not_after)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      link.tokenHash,
      link.id,
      link.accountId,
      link.environment,
      link.scopes,
      link.ratePerMinute,
      link.apiKeyId,
      link.createdAt,
      link.expiresAt,
      link.notAfter ?? null,
    ],
  );
}

export type LinkRedemption = { outcome: 'opened'; sessionId: string; expiresAt: Date } | { outcome: 'used' | 'expired' | 'unknown' };

/**
 * Uses a link once and opens its session in the same statement: only a link neither used nor expired at `now` opens
 * one, so two concurrent openings of one link give one session. Otherwise says why not.
 */
export async function redeemConsoleLink(
  orm: MikroORM,
  input: { tokenHash: string; sessionId: string; sessionTokenHash: string; now: Date; absoluteMs: number },
): Promise<LinkRedemption> {
  const sql = sqlOf(orm);
  const [opened] = await sql<{ id: string; expires_at: Date }>(
    `with used as (
       update console_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
       returning id, account_id, environment, scopes, rate_per_minute, api_key_id, not_after)
     insert into console_sessions (id, token_hash, link_id, account_id, environment, scopes, rate_per_minute, api_key_id,
                                   created_at, last_seen_at, expires_at)
     select $3, $4, id, account_id, environment, scopes, rate_per_minute, api_key_id, $2, $2,
            least($2::timestamptz + $5 * interval '1 millisecond', coalesce(not_after, 'infinity'))
       from used
     returning id, expires_at`,
    [input.tokenHash, input.now, input.sessionId, input.sessionTokenHash, input.absoluteMs],
  );
  if (opened) return { outcome: 'opened', sessionId: opened.id, expiresAt: new Date(opened.expires_at) };
  const [link] = await sql<{ used: boolean }>(`select used_at is not null as used from console_links where token_hash = $1`, [
    input.tokenHash,
  ]);
  return { outcome: !link ? 'unknown' : link.used ? 'used' : 'expired' };
}

const SESSION_WITH_ACCOUNT = `select s.id, s.account_id, a.name as account_name, a.kind as account_kind, a.scope_ceiling, s.environment, s.scopes,
            s.rate_per_minute, s.api_key_id, s.created_at, s.last_seen_at, s.expires_at, s.ended_at
       from console_sessions s join integrator_accounts a on a.id = s.account_id`;

/** The session of a cookie's token hash with its account, ended or not (the caller judges its timeouts). */
export async function findConsoleSession(orm: MikroORM, tokenHash: string): Promise<ConsoleSessionRow | undefined> {
  const [row] = await sqlOf(orm)<ConsoleSessionRow>(`${SESSION_WITH_ACCOUNT} where s.token_hash = $1`, [tokenHash]);
  return row;
}

/** The same by the session's id (a live stream looking again whether its login still stands). */
export async function findConsoleSessionById(orm: MikroORM, id: string): Promise<ConsoleSessionRow | undefined> {
  const [row] = await sqlOf(orm)<ConsoleSessionRow>(`${SESSION_WITH_ACCOUNT} where s.id = $1`, [id]);
  return row;
}

export interface ConsoleLinkRow {
  account_id: string;
  account_name: string;
  environment: TestOrLive;
  expires_at: Date;
  used: boolean;
}

/** What a link's confirmation page names (the account and environment it signs into), without using the link. */
export async function findConsoleLink(orm: MikroORM, tokenHash: string): Promise<ConsoleLinkRow | undefined> {
  const [row] = await sqlOf(orm)<ConsoleLinkRow>(
    `select l.account_id, a.name as account_name, l.environment, l.expires_at, l.used_at is not null as used
       from console_links l join integrator_accounts a on a.id = l.account_id where l.token_hash = $1`,
    [tokenHash],
  );
  return row;
}

/** Moves the idle clock of an open session. */
export async function touchConsoleSession(orm: MikroORM, id: string, now: Date): Promise<void> {
  await sqlOf(orm)(`update console_sessions set last_seen_at = $2 where id = $1 and ended_at is null and last_seen_at < $2`, [id, now]);
}

/** Ends one session (sign-out, a timeout found); ending it again keeps the first end. */
export async function endConsoleSession(orm: MikroORM, id: string, now: Date, reason: string): Promise<void> {
  await sqlOf(orm)(`update console_sessions set ended_at = $2, ended_reason = $3 where id = $1 and ended_at is null`, [id, now, reason]);
}

/** Ends every open session of an account (either environment) and voids its unused links; returns how many sessions. */
export async function endAccountConsoleSessions(orm: MikroORM, accountId: string, now: Date): Promise<number> {
  const sql = sqlOf(orm);
  await sql(`update console_links set expires_at = created_at where account_id = $1 and used_at is null and expires_at > created_at`, [
    accountId,
  ]);
  const rows = await sql(
    `update console_sessions set ended_at = $2, ended_reason = 'revoked' where account_id = $1 and ended_at is null returning id`,
    [accountId, now],
  );
  return rows.length;
}

/** Drops links and sessions over for a day (housekeeping): a login lives at most 12 hours, a link 10 minutes. */
export async function purgeConsoleLogins(orm: MikroORM, before: Date): Promise<void> {
  const sql = sqlOf(orm);
  await sql(`delete from console_sessions where expires_at < $1 or ended_at < $1`, [before]);
  await sql(`delete from console_links where expires_at < $1`, [before]);
}
