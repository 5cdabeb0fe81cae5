import { checkStripeSettings, type HubConfig } from '../config';
import type { PaymentProvider, ProviderCustomers } from './provider';
import { simulatedPaymentProvider, type SimulatedPaymentStore } from './simulated';
import { stripePaymentProvider } from './stripe';

/** Where each provider keeps its records (db/payment-provider-stores.ts). */
export interface PaymentProviderStores {
  simulated: SimulatedPaymentStore;
  customers: ProviderCustomers;
}

/**
 * The provider PAYMENT_PROVIDER names: the simulated one (the default; refused for live in production by
 * infra/config.ts), or Stripe with its keys. The one place the hub chooses who takes its cards.
 */
export function configuredPaymentProvider(config: HubConfig, stores: PaymentProviderStores): PaymentProvider {
  const stripe = checkStripeSettings(config);
  return stripe
    ? stripePaymentProvider({ secretKey: stripe.secretKey, apiBase: stripe.apiBase, customers: stores.customers })
    : simulatedPaymentProvider(stores.simulated);
}
