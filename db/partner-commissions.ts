import type { MikroORM } from '@mikro-orm/postgresql';

/** A partner's commission terms as stored: basis points of the net fare from a time on. */
export interface CommissionTermRow {
  basis_points: number;
  valid_from: Date;
}

/** A partner's commission terms, oldest first. */
export async function commissionTermsOf(orm: MikroORM, partnerId: string): Promise<CommissionTermRow[]> {
  return orm.em
    .fork()
    .execute<CommissionTermRow[]>('select basis_points, valid_from from partner_commissions where partner_id = ? order by valid_from', [
      partnerId,
    ]);
}

/**
 * Adds a term for an existing partner, once per start time: false when nothing was added (no such partner, or a term
 * from that time is there already).
 */
export async function insertCommissionTerm(
  orm: MikroORM,
  term: { partnerId: string; validFrom: Date; basisPoints: number },
): Promise<boolean> {
  const inserted = await orm.em.fork().execute<{ partner_id: string }[]>(
    `insert into partner_commissions (partner_id, valid_from, basis_points) select id, ?, ? from partners where id = ?
       on conflict (partner_id, valid_from) do nothing returning partner_id`,
    [term.validFrom, term.basisPoints, term.partnerId],
  );
  return inserted.length > 0;
}
