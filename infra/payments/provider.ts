import type { CardDetails, ThreeDsResult } from '../../domain/payments';

/**
 * Taking card payments: the interface a payment service provider (Stripe, Adyen, …) implements, the way the hub uses
 * it. Card numbers never reach the hub: the payment page's card form posts them to the provider's own hosted fields,
 * which answer a `paymentMethod` token; the hub only passes that token on. docs/payments.md says how a real provider's
 * adapter maps onto it.
 */
export interface ProviderPayment {
  /** The provider's id of the payment. */
  id: string;
  status: 'requires_action' | 'succeeded' | 'failed';
  method: CardDetails;
  threeDs: ThreeDsResult | null;
  /** Why it failed: the issuer's decline code, or the authentication's. */
  declineCode: string | null;
  /** Where the cardholder answers the issuer's challenge (while `requires_action`). */
  challengeUrl: string | null;
  /**
   * What the provider's own script on the payment page needs to take the cardholder through the challenge (Stripe's
   * PaymentIntent `client_secret`), while `requires_action`; never stored by the hub.
   */
  clientSecret?: string | null;
}

/** Whose payment: the account and environment (a provider keeps one customer per pair, Stripe a Customer). */
export interface PaymentHolder {
  accountId: string;
  livemode: boolean;
}

/** Which of the provider's customers is whose: one per account and environment (Stripe's Customer), kept by the hub. */
export interface ProviderCustomers {
  find(holder: PaymentHolder): Promise<string | null>;
  /** Keeps the first customer recorded for the holder (two processes may race); answers the one kept. */
  remember(holder: PaymentHolder, customerId: string): Promise<string>;
}

export interface PaymentProvider {
  /** Creates and confirms a payment; one per idempotency key, however often it is sent (the same answer again). */
  createPayment(input: {
    idempotencyKey: string;
    amountMinor: number;
    currency: string;
    paymentMethod: string;
    /** Charged without the customer present (a saved card, by the settlement cycle). */
    offSession: boolean;
    holder?: PaymentHolder;
  }): Promise<ProviderPayment>;
  /** The payment as it stands (after the provider's webhook says it changed, or to poll). */
  retrievePayment(id: string): Promise<ProviderPayment>;
  /** Gives up a payment still waiting for its challenge: it fails as abandoned. A final payment is answered as is. */
  cancelPayment(id: string): Promise<ProviderPayment>;
  /** Refunds part or all of a succeeded payment; one refund per idempotency key. */
  refund(input: {
    idempotencyKey: string;
    paymentId: string;
    amountMinor: number;
  }): Promise<{ id: string; status: 'succeeded' | 'failed' }>;
  /** The card behind a token, to show a saved card (null for an unknown token). */
  describeMethod(paymentMethod: string): Promise<CardDetails | null>;
  /**
   * Keeps a card for charges off session (the account's mandate), at the holder's customer: Stripe's SetupIntent.
   * `saved: false` when the provider refused it.
   */
  saveMethod(input: { holder: PaymentHolder; paymentMethod: string }): Promise<{ saved: boolean }>;
  /** Whether it takes payments of the hub's live (true) or test environment: Stripe's live keys live, test keys test. */
  takesEnvironment(livemode: boolean): boolean;
}
