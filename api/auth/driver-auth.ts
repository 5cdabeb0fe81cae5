import type { Context } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChangeListener } from '../../db/change-listener';
import { driverCredentialStanding, type DriverStanding } from '../../db/credential-standings';
import { secretMatches } from '../../infra/secrets';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { parseDriverCredential } from '../../infra/driver-credential';
import { CredentialStandings } from './credential-standing';
import type { Principal } from './principal';

/** A driver app reports a position every few seconds; its per-minute budget allows one a second with room to spare. */
export const DRIVER_RATE_LIMIT_PER_MINUTE = 600;

function invalid(presented: boolean): ProblemError {
  return new ProblemError('invalid_driver_credential', {
    detail: presented
      ? 'The driver credential is mistyped, unknown or replaced.'
      : 'Send the driver credential as Authorization: Bearer drv_….',
    headers: { 'WWW-Authenticate': presented ? 'Bearer realm="driver-api", error="invalid_token"' : 'Bearer realm="driver-api"' },
  });
}

export type { DriverStanding };

/** Driver credentials, kept until a unit's credential changes (api/auth/credential-standing.ts). */
export function driverStandings(orm: MikroORM, changes: ChangeListener): CredentialStandings<DriverStanding> {
  return new CredentialStandings(changes, (id) => driverCredentialStanding(orm, id));
}

/**
 * `Authorization: Bearer drv_…`: the unit holding that credential. Each process keeps the credential's unit until
 * PostgreSQL notifies a change of a unit's credential, so a newly issued credential replaces the old one within
 * milliseconds on every process (a driver app reports every few seconds: no read per report).
 */
export async function authenticateDriver(ctx: Context, deps: ApiDeps): Promise<Principal> {
  const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
  const parsed = match ? parseDriverCredential(match[1]!) : null;
  if (!parsed) throw invalid(Boolean(match));
  const unit = await deps.drivers.get(parsed.id);
  if (!unit || !secretMatches(parsed.secret, unit.hash, deps.hashPepper)) throw invalid(true);
  return {
    kind: 'driver',
    credentialId: parsed.id,
    ownerId: unit.unit_id,
    livemode: true,
    scopes: [],
    rateLimitPerMinute: DRIVER_RATE_LIMIT_PER_MINUTE,
  };
}
