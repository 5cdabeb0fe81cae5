import type { PayoutProvider, PayoutSettings, SepaDebtor } from './provider';
import { sepaPayoutProvider, type SepaFileStore } from './sepa';
import { simulatedPayoutProvider, type SimulatedPayoutStore } from './simulated';

/** Where each provider keeps its records (db/payout-stores.ts). */
export interface PayoutStores {
  simulated: SimulatedPayoutStore;
  sepaFiles(debtor: SepaDebtor): SepaFileStore;
}

/** The provider PAYOUT_PROVIDER names: the simulated one (refused for live in production: infra/config.ts), or SEPA files. */
export function configuredPayoutProvider(settings: PayoutSettings, stores: PayoutStores): PayoutProvider {
  const simulated = simulatedPayoutProvider(stores.simulated);
  return settings.provider === 'sepa' ? sepaPayoutProvider(stores.sepaFiles(settings.debtor), simulated) : simulated;
}
