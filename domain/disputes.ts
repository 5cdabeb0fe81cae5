import { fromMinor } from './money';

/**
 * Disputes (chargebacks) of card payments: the cardholder's bank takes the money back until the dispute is decided.
 * Pure; the provider reports each dispute's status (infra/payments/provider.ts `ProviderDispute`).
 */

/** What a provider's dispute status means for the hub: still open, or closed won (the money stays) or lost (it is gone). */
export type DisputeOutcome = 'open' | 'won' | 'lost';

/**
 * Stripe's statuses: `lost` is lost; `won`, an inquiry closed without a chargeback (`warning_closed`) and a dispute
 * prevented before it became one (`prevented`) leave the money with the merchant; every other status is still open.
 */
export function disputeOutcome(status: string): DisputeOutcome {
  if (status === 'lost') return 'lost';
  return status === 'won' || status === 'warning_closed' || status === 'prevented' ? 'won' : 'open';
}

export interface DisputeEventFacts {
  disputeId: string;
  paymentId: string;
  invoiceNumber: string;
  accountId: string;
  amountMinor: number;
  currency: string;
  reason: string;
  status: string;
  livemode: boolean;
  /** The credit note a lost dispute was corrected with (null while open, when won, or when none could carry it). */
  creditNote: string | null;
}

/** `data` of payment.disputed and payment.dispute_closed. */
export function disputeEventData(d: DisputeEventFacts): Record<string, unknown> {
  return {
    dispute_id: d.disputeId,
    payment_id: d.paymentId,
    invoice: d.invoiceNumber,
    account: d.accountId,
    amount: fromMinor(d.amountMinor, d.currency),
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    outcome: disputeOutcome(d.status),
    credit_note: d.creditNote,
    livemode: d.livemode,
  };
}
