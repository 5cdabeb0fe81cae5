import type { AccountKind } from '../../db/entities';
import type { Principal } from '../auth/principal';
import { ProblemError } from '../errors';

/**
 * Refuses a key whose account is not of the `required` kind with `403 account_kind_forbidden`, naming both kinds:
 * what a corporate key gets wherever it reaches beyond its own account (the fleet registry, settlements).
 */
export function requireAccountKind(principal: Principal, required: AccountKind, what: string): void {
  const kind = principal.accountKind ?? 'corporate';
  if (kind === required) return;
  throw new ProblemError('account_kind_forbidden', {
    detail: `${what} is for ${required} accounts; this key's account is ${kind}.`,
    extensions: { account_kind: kind, required_kind: required },
  });
}
