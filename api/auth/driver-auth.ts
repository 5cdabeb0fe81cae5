import type { Context } from 'koa';
import { FleetUnitSchema } from '../../db/entities';
import { secretMatches } from '../../infra/secrets';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { parseDriverCredential } from '../../infra/driver-credential';
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

/**
 * `Authorization: Bearer drv_…`: the unit holding that credential. The unit row is read on every request, so a newly
 * issued credential replaces the old one at once on every process.
 */
export async function authenticateDriver(ctx: Context, deps: ApiDeps): Promise<Principal> {
  const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
  const parsed = match ? parseDriverCredential(match[1]!) : null;
  if (!parsed) throw invalid(Boolean(match));
  const unit = await deps.orm.em.fork().findOne(FleetUnitSchema, { driverCredentialId: parsed.id });
  if (!unit?.driverCredentialHash || !secretMatches(parsed.secret, unit.driverCredentialHash, deps.hashPepper)) throw invalid(true);
  return {
    kind: 'driver',
    credentialId: parsed.id,
    ownerId: unit.id,
    livemode: true,
    scopes: [],
    rateLimitPerMinute: DRIVER_RATE_LIMIT_PER_MINUTE,
  };
}
