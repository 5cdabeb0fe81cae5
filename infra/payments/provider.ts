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
  /** `processing`: the card network has it and has not answered yet (no action for anyone: wait for the provider). */
  status: 'processing' | 'requires_action' | 'succeeded' | 'failed';
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

/** A refund as the provider has it, whoever made it (the hub, or someone in the provider's dashboard). */
export interface ProviderRefund {
  id: string;
  amountMinor: number;
  /** `pending` is on its way to the card; `failed` or `canceled` can come after `succeeded` (the card was closed…). */
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failureReason: string | null;
  /** The hub's key of a refund the hub asked for (`<payment id>:<n>`); null for one made elsewhere. */
  hubRefund: string | null;
}

/**
 * A dispute (chargeback) of a payment, as the provider reports it: the cardholder's bank took `amountMinor` back until
 * the dispute is decided. `status` is the provider's (Stripe: `warning_needs_response`, `needs_response`,
 * `under_review`, `won`, `lost`, `warning_closed`…); domain/disputes.ts says which are closed.
 */
export interface ProviderDispute {
  id: string;
  amountMinor: number;
  currency: string;
  reason: string;
  status: string;
}

/** Which of the provider's customers is whose: one per account and environment (Stripe's Customer), kept by the hub. */
export interface ProviderCustomers {
  find(holder: PaymentHolder): Promise<string | null>;
  /** Keeps the first customer recorded for the holder (two processes may race); answers the one kept. */
  remember(holder: PaymentHolder, customerId: string): Promise<string>;
}

export interface PaymentProvider {
  /**
   * Creates and confirms a payment; one per idempotency key, however often it is sent (the same answer again). The
   * provider's id is handed to `onCreated` before the payment is confirmed, so the hub records it first; a retry passes
   * it back as `providerPaymentId` and the provider confirms (or reads) that payment rather than making another, even
   * after its idempotency keys expired (Stripe keeps them 24 h).
   */
  createPayment(input: {
    idempotencyKey: string;
    amountMinor: number;
    currency: string;
    paymentMethod: string;
    /** Charged without the customer present (a saved card, by the settlement cycle). */
    offSession: boolean;
    /**
     * The payer asked to save the card: the payment also sets it up for later off-session charges (Stripe's
     * `setup_future_usage: off_session`), so one 3-D Secure authentication pays and saves.
     */
    setupFutureUsage: boolean;
    holder?: PaymentHolder;
    providerPaymentId?: string | null;
    onCreated?: (providerPaymentId: string) => Promise<void>;
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
  /** Every refund of a payment, as the provider has them now (its webhook said one changed, or one was made elsewhere). */
  listRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** Whether it takes payments of the hub's live (true) or test environment: Stripe's live keys live, test keys test. */
  takesEnvironment(livemode: boolean): boolean;
}
