/**
 * A partner's contractual commission: basis points of the net fare, each term in force from `valid_from` until the next
 * one. A change of rate is a new term, never an edit; a booking keeps the rate in force when it was made.
 */
export interface CommissionTerm {
  basis_points: number;
  valid_from: string;
}

/** The rate in force at `at`: the latest term that started on or before it, 0 before the first (or with none). */
export function commissionBasisPointsAt(terms: readonly CommissionTerm[] | undefined, at: Date): number {
  let best: CommissionTerm | undefined;
  for (const term of terms ?? []) {
    const from = Date.parse(term.valid_from);
    if (from <= at.getTime() && (!best || from > Date.parse(best.valid_from))) best = term;
  }
  return best?.basis_points ?? 0;
}
