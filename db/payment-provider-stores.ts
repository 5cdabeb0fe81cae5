import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProviderStores } from '../infra/payments/configured';
import { providerCustomers } from './provider-customers';
import { simulatedPaymentStore } from './simulated-payments';

/** Where the payment providers keep their records on this database. */
export const paymentProviderStores = (orm: MikroORM): PaymentProviderStores => ({
  simulated: simulatedPaymentStore(orm),
  customers: providerCustomers(orm),
});
