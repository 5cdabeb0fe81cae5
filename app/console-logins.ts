import { createHmac, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  endAccountConsoleSessions,
  findConsoleLink,
  insertConsoleLink,
  redeemConsoleLink,
  type ConsoleGrant,
  type LinkRedemption,
} from '../db/console-logins';
import { IntegratorAccountSchema, type AccountKind } from '../db/entities';
import { CONSOLE_ABSOLUTE_TIMEOUT_MS, CONSOLE_LINK_TTL_MS } from '../domain/console-login';
import { newId } from '../infra/ids';
import { hashSecret } from '../infra/secrets';
import { checkWithinCeiling } from './accounts';

/**
 * Console sign-in without passwords (docs/console.md): an API key (or ops through the CLI) asks for a one-time link;
 * opening it starts a browser login bound to one account, environment and set of scopes. The API door
 * (`POST /api/public/v1/console-links`), the `hub console` commands and `npm start` all come here.
 */

/** The rate of a login made by the CLI (an API key's default). */
export const CLI_CONSOLE_RATE_PER_MINUTE = 600;

export interface ConsoleLink {
  id: string;
  url: string;
  expiresAt: Date;
  accountId: string;
  environment: ConsoleGrant['environment'];
  scopes: string[];
}

/** 32 random bytes, base64url: a link's or a login's secret. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What the database keeps of a link's or a login's token. */
export const consoleTokenHash = (token: string, pepper: Buffer) => hashSecret(`console\0${token}`, pepper);

/** The login's CSRF token, derived from its cookie's secret: nothing more to store, and useless without the cookie. */
export const consoleCsrfToken = (sessionToken: string, pepper: Buffer) =>
  createHmac('sha256', pepper).update(`console-csrf\0${sessionToken}`).digest('base64url');

/** The account a link may be for, with the scopes its logins may hold at most, or null when there is none. */
export async function consoleAccount(
  orm: MikroORM,
  accountId: string,
): Promise<{ id: string; name: string; kind: AccountKind; scopeCeiling: string[] } | null> {
  const account = await orm.em.fork().findOne(IntegratorAccountSchema, { id: accountId });
  return account && { id: account.id, name: account.name, kind: account.kind, scopeCeiling: account.scopeCeiling };
}

/**
 * A one-time sign-in link valid for 10 minutes (the caller has checked who may ask for which account and scopes);
 * scopes beyond the account's ceiling are refused here too (`ScopeCeilingExceeded`).
 */
export async function createConsoleLink(
  orm: MikroORM,
  hashPepper: Buffer,
  publicBaseUrl: string,
  grant: ConsoleGrant,
  now = new Date(),
): Promise<ConsoleLink> {
  const account = await consoleAccount(orm, grant.accountId);
  checkWithinCeiling(grant.accountId, account?.scopeCeiling ?? [], grant.scopes);
  const token = newToken();
  const id = newId('cln', now.getTime());
  const expiresAt = new Date(Math.min(now.getTime() + CONSOLE_LINK_TTL_MS, grant.notAfter?.getTime() ?? Infinity));
  await insertConsoleLink(orm, { ...grant, id, tokenHash: consoleTokenHash(token, hashPepper), createdAt: now, expiresAt });
  return {
    id,
    url: `${publicBaseUrl}/console/login/${token}`,
    expiresAt,
    accountId: grant.accountId,
    environment: grant.environment,
    scopes: grant.scopes,
  };
}

export type LinkLook =
  | { outcome: 'valid'; accountId: string; accountName: string; environment: ConsoleGrant['environment'] }
  | { outcome: 'used' | 'expired' | 'unknown' };

/**
 * What a link would open, without using it: its confirmation page shows this, so a mail scanner or a chat preview that
 * fetches the link (GET or HEAD) leaves it for the person.
 */
export async function lookAtConsoleLink(orm: MikroORM, hashPepper: Buffer, linkToken: string, now = new Date()): Promise<LinkLook> {
  const link = TOKEN.test(linkToken) ? await findConsoleLink(orm, consoleTokenHash(linkToken, hashPepper)) : undefined;
  if (!link) return { outcome: 'unknown' };
  if (link.used) return { outcome: 'used' };
  if (new Date(link.expires_at).getTime() <= now.getTime()) return { outcome: 'expired' };
  return { outcome: 'valid', accountId: link.account_id, accountName: link.account_name, environment: link.environment };
}

/** Opens a link: a new login and its cookie secret, or why not (used, expired, unknown: never a login). */
export async function openConsoleLink(
  orm: MikroORM,
  hashPepper: Buffer,
  linkToken: string,
  now = new Date(),
): Promise<(LinkRedemption & { outcome: 'opened'; sessionToken: string }) | { outcome: 'used' | 'expired' | 'unknown' }> {
  if (!TOKEN.test(linkToken)) return { outcome: 'unknown' };
  const sessionToken = newToken();
  const redemption = await redeemConsoleLink(orm, {
    tokenHash: consoleTokenHash(linkToken, hashPepper),
    sessionId: newId('cls', now.getTime()),
    sessionTokenHash: consoleTokenHash(sessionToken, hashPepper),
    now,
    absoluteMs: CONSOLE_ABSOLUTE_TIMEOUT_MS,
  });
  return redemption.outcome === 'opened' ? { ...redemption, sessionToken } : redemption;
}

/** Whether a cookie value can be a login's secret at all (refused without a database read otherwise). */
export const isConsoleToken = (value: string) => TOKEN.test(value);

/** Ends every login of an account at once (both environments) and voids its unused links; returns the logins ended. */
export async function revokeConsoleLogins(orm: MikroORM, accountId: string, now = new Date()): Promise<number> {
  return endAccountConsoleSessions(orm, accountId, now);
}
