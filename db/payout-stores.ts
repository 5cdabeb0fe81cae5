import type { MikroORM } from '@mikro-orm/postgresql';
import type { PayoutStores } from '../infra/payouts/configured';
import { sepaFileStore } from './payout-files';
import { simulatedPayoutStore } from './simulated-payouts';

/** Where the payout providers keep their records on this database; `keys` is HUB_ENCRYPTION_KEY's ring, current first. */
export const payoutStores = (orm: MikroORM, keys: readonly Buffer[]): PayoutStores => ({
  simulated: simulatedPayoutStore(orm),
  sepaFiles: (debtor) => sepaFileStore(orm, keys, debtor),
});
