/**
 * The payment provider and payout rail a production configuration names (live money is never simulated): Stripe with
 * live keys and SEPA files drawn on a French account. Nothing in the tests calls them.
 */
export const LIVE_PROVIDERS_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_51Habc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  PAYOUT_PROVIDER: 'sepa',
  PAYOUT_DEBTOR_IBAN: 'FR7630006000011234567890189',
  PAYOUT_DEBTOR_NAME: 'Paris Chauffeurs SAS',
  PAYOUT_DEBTOR_ADDRESS: JSON.stringify({ street: 'avenue Foch', building_number: '5', post_code: '75116', town: 'Paris', country: 'FR' }),
};
