import type { MikroORM } from '@mikro-orm/postgresql';
import { WebhookDestinationSchema, type WebhookDestination } from '../../../db/entities';
import { urlProblem, type TargetPolicy } from '../../../infra/safe-http';
import type { Principal } from '../../auth/principal';
import { ProblemError, type ProblemCode } from '../../errors';
import { environmentOf } from '../../../domain/environment';

export const DESTINATION_ERRORS: ProblemCode[] = [
  'invalid_api_key',
  'insufficient_scope',
  'not_found',
  'validation_failed',
  'rate_limited',
];

/** The caller's destination, or 404: another account's or environment's destination does not exist for the caller. */
export async function ownDestination(orm: MikroORM, principal: Principal, id: string): Promise<WebhookDestination> {
  const d = await orm.em.fork().findOne(WebhookDestinationSchema, {
    id,
    accountId: principal.ownerId,
    environment: environmentOf(principal.livemode),
    deletedAt: null,
  });
  if (!d) throw new ProblemError('not_found', { detail: `No webhook destination ${id}.`, param: 'id' });
  return d;
}

export function checkUrl(url: string, policy: TargetPolicy): void {
  const problem = urlProblem(url, policy);
  if (problem) {
    throw new ProblemError('validation_failed', {
      detail: `url ${problem}.`,
      param: 'url',
      errors: [{ param: 'url', code: 'invalid_url', detail: `url ${problem}.` }],
    });
  }
}
