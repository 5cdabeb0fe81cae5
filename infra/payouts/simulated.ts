import type { PayoutOutcome, PayoutProvider, PayoutTransfer } from './provider';

/** Driver ids the simulated provider fails, and why (documented in docs/finance.md). */
export const SIMULATED_PAYOUT_FAILURES: readonly { suffix: string; reason: string }[] = [
  { suffix: '_closed', reason: 'account_closed' },
  { suffix: '_invalid', reason: 'invalid_account' },
];

/** Where the simulated provider keeps its own record of transfers (db/simulated-payouts.ts: `payout_transfers`). */
export interface SimulatedPayoutStore {
  /** Records a transfer's outcome once per key (a key seen before keeps its first outcome). */
  record(transfer: PayoutTransfer, outcome: { status: 'paid' | 'failed'; reason: string | null }): Promise<void>;
  outcomes(keys: string[]): Promise<PayoutOutcome[]>;
}

/** The simulated provider: settles each transfer at once, failing the driver ids of SIMULATED_PAYOUT_FAILURES. */
export function simulatedPayoutProvider(store: SimulatedPayoutStore): PayoutProvider {
  return {
    async submitBatch(transfers) {
      for (const t of transfers) {
        const failure = SIMULATED_PAYOUT_FAILURES.find((f) => t.driverId.endsWith(f.suffix));
        await store.record(t, failure ? { status: 'failed', reason: failure.reason } : { status: 'paid', reason: null });
      }
    },
    outcomes: (keys) => (keys.length ? store.outcomes(keys) : Promise.resolve([])),
  };
}
