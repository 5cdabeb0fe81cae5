import { defineSignal } from '@temporalio/workflow';
import type { CardDetails, PaymentStatus, ThreeDsResult } from '../domain/payments';

/** The payment workflow's contract: `payment:<id>` on the `bookings` task queue. */
export const paymentWorkflowId = (paymentId: string) => `payment:${paymentId}`;

export interface PaymentInput {
  paymentId: string;
  /** PAYMENT_CHALLENGE_TIMEOUT: how long a challenge may stay unanswered before the payment fails as abandoned. */
  challengeTimeoutMs: number;
}

/** The provider says the payment changed (its webhook, or the simulated PSP's challenge page): read it again. */
export const paymentChangedSignal = defineSignal('paymentChanged');

/** A payment as the hub recorded it, and what its events tell. Amounts in minor units. */
export interface PaymentFacts {
  paymentId: string;
  invoiceNumber: string;
  accountId: string;
  livemode: boolean;
  amountMinor: number;
  currency: string;
  offSession: boolean;
  status: PaymentStatus;
  reason: string | null;
  method: CardDetails | null;
  threeDs: ThreeDsResult | null;
  /** The invoice's payment page (null without PUBLIC_BASE_URL). */
  hostedPaymentUrl: string | null;
}
