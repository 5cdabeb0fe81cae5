import type { MikroORM } from '@mikro-orm/postgresql';
import { commissionTermsOf, insertCommissionTerm } from '../db/partner-commissions';
import { commissionBasisPointsAt, type CommissionTerm } from '../domain/partner-commission';

/** Why a commission term was not added (the CLI prints it). */
export class CommissionRefusal extends Error {}

/** A partner's commission terms, oldest first. */
export async function commissionTerms(orm: MikroORM, partnerId: string): Promise<CommissionTerm[]> {
  const rows = await commissionTermsOf(orm, partnerId);
  return rows.map((r) => ({ basis_points: r.basis_points, valid_from: new Date(r.valid_from).toISOString() }));
}

/**
 * Adds a term: `basisPoints` of the net fare from `validFrom` (now or later: bookings already made keep their rate, so a
 * term can't reach back). Returns all terms and the rate in force now.
 */
export async function addCommissionTerm(
  orm: MikroORM,
  input: { partnerId: string; basisPoints: number; validFrom: Date; now?: Date },
): Promise<{ terms: CommissionTerm[]; inForce: number }> {
  const now = input.now ?? new Date();
  if (!Number.isInteger(input.basisPoints) || input.basisPoints < 0 || input.basisPoints > 10_000) {
    throw new CommissionRefusal('a commission is whole basis points from 0 to 10000 (0 % to 100 %)');
  }
  if (input.validFrom.getTime() < now.getTime() - 1_000) {
    throw new CommissionRefusal('a commission term starts now or later: bookings already made keep their rate');
  }
  const inserted = await insertCommissionTerm(orm, {
    partnerId: input.partnerId,
    validFrom: input.validFrom,
    basisPoints: input.basisPoints,
  });
  if (!inserted) {
    const terms = await commissionTerms(orm, input.partnerId);
    const same = terms.find((t) => Date.parse(t.valid_from) === input.validFrom.getTime());
    if (!same) throw new CommissionRefusal(`no partner ${input.partnerId}`);
    if (same.basis_points !== input.basisPoints) {
      throw new CommissionRefusal(`a term from ${same.valid_from} already sets ${same.basis_points} basis points`);
    }
  }
  const terms = await commissionTerms(orm, input.partnerId);
  return { terms, inForce: commissionBasisPointsAt(terms, now) };
}
