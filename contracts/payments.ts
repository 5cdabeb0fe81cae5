import { defineSignal } from '@temporalio/workflow';
import type { PaymentEventFacts } from '../domain/payments';

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
export interface PaymentFacts extends PaymentEventFacts {
  offSession: boolean;
}
