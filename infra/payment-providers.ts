import { checkStripeSettings, type HubConfig } from './config';
import type { PaymentProvider } from './payment-provider';
import { simulatedPaymentProvider } from './simulated-psp';
import { stripePaymentProvider } from './stripe-psp';

type Sql = <T>(query: string, params: unknown[]) => Promise<T[]>;

/** The provider PAYMENT_PROVIDER names: the simulated PSP (the default), or Stripe with its keys. */
export function configuredPaymentProvider(config: HubConfig, sql: Sql): PaymentProvider {
  const stripe = checkStripeSettings(config);
  return stripe ? stripePaymentProvider({ secretKey: stripe.secretKey, apiBase: stripe.apiBase, sql }) : simulatedPaymentProvider(sql);
}
