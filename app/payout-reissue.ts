import type { MikroORM } from '@mikro-orm/postgresql';
import { writePayoutFiles } from '../db/payout-files';
import { findReissue } from '../db/payout-reissue';
import type { ReissueVerdict } from '../domain/payout-reissue';
import type { PayoutSettings } from '../infra/payouts/provider';
import { ProblemError } from './problems';

const WHY: Record<Exclude<ReissueVerdict, 'due'>, string> = {
  no_bank_account: 'the driver has no bank account on file',
  wait_for_new_account: 'the bank refused the account itself and it is still the one on file: the driver must record another',
  wait_for_account_change: 'waiting for the driver to record or confirm their account',
  same_account_refused: 'the bank refused this account itself (AC01, AC04 or MD07): it is never paid again; the driver must record another',
  account_on_hold: 'the account was changed less than 24 h ago: it is paid once the hold ends',
};

export interface ReissueOutcome {
  /** Files written now, with the re-issued payouts (and nothing else). */
  files: { id: string; number: string; livemode: boolean; transactions: number }[];
  reissued: { payout: string; settlement: string; reissued_as: string; livemode: boolean }[];
  waiting: { payout: string; settlement: string; livemode: boolean; verdict: ReissueVerdict; why: string }[];
}

/**
 * Re-issues returned payouts now, into a payout file written at once: the one ops name (`payoutId`: it goes out unless
 * the bank refused that very account; a payout already re-issued answers where it went, changing nothing), or every
 * returned payout that is due (the driver changed their account since). Who asked and why are kept on the settlement.
 * Needs the SEPA rail (PAYOUT_PROVIDER=sepa).
 */
export async function reissuePayouts(
  deps: { orm: MikroORM; keys: readonly Buffer[]; payouts?: PayoutSettings },
  q: { payoutId?: string; livemode?: boolean; by: string; note: string },
): Promise<ReissueOutcome> {
  if (deps.payouts?.provider !== 'sepa') {
    throw new ProblemError('conflict', { detail: 'Re-issuing a payout needs the SEPA rail: PAYOUT_PROVIDER=sepa and PAYOUT_DEBTOR_IBAN.' });
  }
  const explicit = q.payoutId !== undefined;
  const { files, reissues } = await writePayoutFiles(deps.orm, deps.keys, deps.payouts.debtor, [], {
    payoutId: q.payoutId,
    livemode: q.livemode,
    explicit,
    by: q.by,
    note: q.note,
  });
  if (explicit && !reissues.length) {
    const earlier = await findReissue(deps.orm, q.payoutId!);
    if (!earlier) throw new ProblemError('not_found', { detail: `No returned payout ${q.payoutId}.`, param: 'payout' });
    return {
      files: [],
      reissued: [{ payout: q.payoutId!, settlement: earlier.settlement, reissued_as: earlier.id, livemode: earlier.livemode }],
      waiting: [],
    };
  }
  const refused = reissues.find((r) => explicit && r.verdict !== 'due');
  if (refused)
    throw new ProblemError('conflict', {
      detail: `Payout ${refused.payoutId} not re-issued: ${WHY[refused.verdict as keyof typeof WHY]}.`,
    });
  return {
    files,
    reissued: reissues
      .filter((r) => r.nextPayoutId)
      .map((r) => ({ payout: r.payoutId, settlement: r.settlement, reissued_as: r.nextPayoutId!, livemode: r.livemode })),
    waiting: reissues
      .filter((r) => r.verdict !== 'due')
      .map((r) => ({
        payout: r.payoutId,
        settlement: r.settlement,
        livemode: r.livemode,
        verdict: r.verdict,
        why: WHY[r.verdict as keyof typeof WHY],
      })),
  };
}
