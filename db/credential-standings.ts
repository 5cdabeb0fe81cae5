import type { MikroORM } from '@mikro-orm/postgresql';
import type { CommissionTerm } from '../domain/partner-commission';
import type { Environment } from '../domain/environment';
import type { AccountKind } from './entities';
import { sqlOf } from './sql';

/**
 * What authentication reads of a credential (a partner's OAuth client, an API key, a driver credential): each API
 * process keeps it until `credentials_changed` notifies a change (`api/auth/credential-standing.ts`), and reads it on
 * every request while it cannot listen, so these go through `db/sql.ts`.
 */

/** What a partner request's authentication needs to know about its OAuth client, beyond its token. */
export interface Standing {
  environment: Environment;
  revoked_at: Date | null;
  partner_id: string;
  rate_limit_per_minute: number | null;
  ip_allowlist: string[];
  account_id: string | null;
  /** The partner's contractual commission terms (notified like the rest: the table's trigger). */
  commission: CommissionTerm[];
}

const STANDING = `select c.environment, c.revoked_at, p.id as partner_id, p.rate_limit_per_minute, p.ip_allowlist, p.account_id,
    coalesce((select json_agg(json_build_object('basis_points', t.basis_points, 'valid_from', t.valid_from) order by t.valid_from)
      from partner_commissions t where t.partner_id = p.id), '[]') as commission
  from oauth_clients c join partners p on p.id = c.partner_id where c.id = $1`;

/** A partner OAuth client's standing with its partner's, or undefined for an unknown client. */
export async function partnerClientStanding(orm: MikroORM, clientId: string): Promise<Standing | undefined> {
  return (await sqlOf(orm)<Standing>(STANDING, [clientId]))[0];
}

export interface KeyStanding {
  id: string;
  account_id: string;
  account_kind: AccountKind;
  environment: string;
  /** The key's scopes within its account's scope ceiling (ops narrowing the ceiling narrows every key at once). */
  scopes: string[];
  rate_per_minute: number;
  secret_hash: string;
  revoked: boolean;
  /** When the key stops working (epoch ms), or null: never. */
  expires_at: number | null;
  /** When this process last knew `last_used_at` written (epoch ms; 0: never): written again once it is a minute old. */
  used_at: number;
}

/** The key and its account's kind and ceiling in one statement. */
const KEY_WITH_ACCOUNT = `select k.id, k.account_id, a.kind as account_kind, k.environment,
  array(select s from unnest(k.scopes) with ordinality u(s, n) where s = any(a.scope_ceiling) order by n) as scopes,
  k.rate_per_minute, k.secret_hash, k.revoked_at is not null as revoked, (extract(epoch from k.expires_at) * 1000)::float8 as expires_at,
  coalesce(extract(epoch from k.last_used_at) * 1000, 0)::float8 as used_at
  from api_keys k join integrator_accounts a on a.id = k.account_id where k.id = $1`;

/** An API key's standing with its account's kind, or undefined for an unknown key. */
export async function apiKeyStanding(orm: MikroORM, keyId: string): Promise<KeyStanding | undefined> {
  return (await sqlOf(orm)<KeyStanding>(KEY_WITH_ACCOUNT, [keyId]))[0];
}

const MARK_USED = `update api_keys set last_used_at = now() where id = $1`;

/** Records that an API key was used now (`last_used_at`, shown to its owner). */
export async function markApiKeyUsed(orm: MikroORM, keyId: string): Promise<void> {
  await sqlOf(orm)(MARK_USED, [keyId]);
}

/** The unit holding a driver credential, and the credential's hash. */
export interface DriverStanding {
  unit_id: string;
  hash: string;
}

const UNIT_OF_CREDENTIAL = `select id as unit_id, driver_credential_hash as hash from fleet_units
  where driver_credential_id = $1 and driver_credential_hash is not null`;

/** The unit holding the driver credential `credentialId`, or undefined for an unknown or replaced credential. */
export async function driverCredentialStanding(orm: MikroORM, credentialId: string): Promise<DriverStanding | undefined> {
  return (await sqlOf(orm)<DriverStanding>(UNIT_OF_CREDENTIAL, [credentialId]))[0];
}
