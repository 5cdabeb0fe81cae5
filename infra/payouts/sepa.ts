import { payoutRoute } from '../../domain/payout-rails';
import { SEPA_CURRENCY } from '../../domain/sepa';
import type { PayoutOutcome, PayoutProvider, PayoutTransfer } from './provider';

/** The payout files of the SEPA rail (db/payout-files.ts): written in one transaction, read back by payout key. */
export interface SepaFileStore {
  /** Files the EUR transfers not yet in a file whose driver's account can take them now. */
  writeFiles(transfers: PayoutTransfer[]): Promise<void>;
  /** Where each EUR key stands: in a file (submitted), or waiting, held, and why. */
  outcomes(keys: string[]): Promise<PayoutOutcome[]>;
  /** The currency and environment of each key's settlement. */
  payouts(keys: string[]): Promise<{ key: string; currency: string; livemode: boolean }[]>;
}

const SEPA_RAILS = [SEPA_CURRENCY];

/**
 * SEPA credit transfer files for EUR payouts. A SEPA transfer carries only euros: any other currency is simulated in
 * sandbox (`sandbox`) and waits `awaiting_rail` in live, where only a bank may say a payout was paid.
 */
export function sepaPayoutProvider(files: SepaFileStore, sandbox: PayoutProvider): PayoutProvider {
  return {
    async submitBatch(transfers) {
      const simulated = transfers.filter((t) => payoutRoute(t, SEPA_RAILS) === 'simulated');
      if (simulated.length) await sandbox.submitBatch(simulated);
      await files.writeFiles(transfers.filter((t) => payoutRoute(t, SEPA_RAILS) === 'rail'));
    },
    async outcomes(keys) {
      const payouts = await files.payouts(keys);
      const keysOf = (route: string) => payouts.filter((p) => payoutRoute(p, SEPA_RAILS) === route);
      const awaiting = keysOf('awaiting_rail').map((p): PayoutOutcome => ({
        key: p.key,
        status: 'awaiting_rail',
        reason: `no_rail:${p.currency}`,
      }));
      return [
        ...(await files.outcomes(keysOf('rail').map((p) => p.key))),
        ...(await sandbox.outcomes(keysOf('simulated').map((p) => p.key))),
        ...awaiting,
      ];
    },
  };
}
