import { checkStripeSettings, type HubConfig } from '../config';
import type { PaymentProvider } from './provider';
import { simulatedPaymentProvider } from './simulated';
import { stripePaymentProvider } from './stripe';

type Sql = <T>(query: string, params: unknown[]) => Promise<T[]>;

/** The provider PAYMENT_PROVIDER names: the simulated PSP (the default), or Stripe with its keys. */
export function configuredPaymentProvider(config: HubConfig, sql: Sql): PaymentProvider {
  const stripe = checkStripeSettings(config);
  return stripe ? stripePaymentProvider({ secretKey: stripe.secretKey, apiBase: stripe.apiBase, sql }) : simulatedPaymentProvider(sql);
}
