import type { MikroORM } from '@mikro-orm/postgresql';
import { payoutStores } from '../../db/payout-stores';
import { configuredPayoutProvider } from '../../infra/payouts/configured';
import type { PayoutProvider, PayoutSettings } from '../../infra/payouts/provider';
import { TEST_SECRETS } from './hub';

/** The payout provider `settings` choose, on the test database, as the workers build it (simulated by default). */
export const testPayouts = (orm: MikroORM, settings: PayoutSettings = { provider: 'simulated' }): PayoutProvider =>
  configuredPayoutProvider(settings, payoutStores(orm, [TEST_SECRETS.encryptionKey]));
