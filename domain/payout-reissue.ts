/**
 * When a payout the bank returned (or rejected) goes out again: as a new transfer of the same settlement, in the next
 * payout file, never to an account the bank said is wrong or gone.
 */

/** Return reasons that condemn the account itself: wrong number (AC01), closed (AC04), holder deceased (MD07). */
export const ACCOUNT_REFUSED_REASONS: ReadonlySet<string> = new Set(['AC01', 'AC04', 'MD07']);

export type ReissueVerdict =
  /** Goes into the next payout file. */
  | 'due'
  /** The driver has no account to pay into. */
  | 'no_bank_account'
  /** The account was refused by the bank and is still the one on file: waits for a new one. */
  | 'wait_for_new_account'
  /** Another reason (insufficient funds at an intermediary, a recall…): waits for the account to be confirmed or changed, or for ops. */
  | 'wait_for_account_change'
  /** Ops asked, but the account on file is the one the bank refused: never again. */
  | 'same_account_refused'
  /** The account was changed less than 24 h ago (domain/payout-rails.ts): waits for its hold to end, even when ops ask. */
  | 'account_on_hold';

export interface ReturnedPayoutFacts {
  /** The ISO reason of the return or rejection (`unknown` when none was given). */
  reason: string | null;
  hasAccount: boolean;
  /** Whether the account on file is the one the payout bounced from; null when not known (a transfer filed before fingerprints). */
  sameAccount: boolean | null;
  /** Whether the account on file was recorded (or confirmed) after the hub learnt of the return. */
  changedSinceReturn: boolean;
  /** Ops asked for it (`hub finance reissue`), rather than the next file finding it due. */
  explicit: boolean;
  /** The account on file was changed within the hold (domain/payout-rails.ts): nothing is paid into it yet. */
  accountOnHold: boolean;
}

/**
 * Whether a returned payout goes out again now: to a different account when the bank refused the account itself
 * (AC01, AC04, MD07), and for any other reason once the driver records or confirms their account, or when ops ask.
 */
export function reissueVerdict(f: ReturnedPayoutFacts): ReissueVerdict {
  const verdict = accountVerdict(f);
  return verdict === 'due' && f.accountOnHold ? 'account_on_hold' : verdict;
}

function accountVerdict(f: ReturnedPayoutFacts): ReissueVerdict {
  if (!f.hasAccount) return 'no_bank_account';
  if (f.reason && ACCOUNT_REFUSED_REASONS.has(f.reason)) {
    if (f.sameAccount === false) return 'due';
    if (f.sameAccount === null && f.changedSinceReturn) return 'due';
    return f.explicit ? 'same_account_refused' : 'wait_for_new_account';
  }
  return f.changedSinceReturn || f.explicit ? 'due' : 'wait_for_account_change';
}
