/**
 * Which rail pays a chauffeur, as pure rules: a payout in a currency a configured rail carries goes to that rail; any
 * other currency is simulated in sandbox, and in live waits `awaiting_rail` (never reported paid without a bank).
 */
export type PayoutRoute = 'rail' | 'simulated' | 'awaiting_rail';

export function payoutRoute(payout: { currency: string; livemode: boolean }, railCurrencies: readonly string[]): PayoutRoute {
  if (railCurrencies.includes(payout.currency)) return 'rail';
  return payout.livemode ? 'awaiting_rail' : 'simulated';
}

/** How long the first payout to a changed bank account waits: time for the driver to say it was not them. */
export const ACCOUNT_CHANGE_HOLD_MS = 24 * 60 * 60 * 1000;

/** Until when a payout to an account changed at `changedAt` is held. */
export const accountHoldUntil = (changedAt: Date): Date => new Date(changedAt.getTime() + ACCOUNT_CHANGE_HOLD_MS);

/** Whether a payout written at `now` to an account held until `holdUntil` (null: never changed) must wait. */
export const payoutHeld = (holdUntil: Date | null, now: Date): boolean => holdUntil !== null && now < holdUntil;
