import { fromMinor } from './money';

/** An issued document as the finance events tell it (amounts in minor units as decimal strings). */
export interface DocumentFacts {
  number: string;
  type: 'invoice' | 'credit_note';
  partyId: string;
  livemode: boolean;
  currency: string;
  net: string;
  tax: string;
  gross: string;
  /** Gross plus the rounding amount: what the customer pays (absent on documents reported before it existed). */
  amountDue?: string;
  credits?: string;
  /** An invoice's payment page (absent without PUBLIC_BASE_URL). */
  hostedPaymentUrl?: string | null;
}

/** `data` of `invoice.created` and `credit_note.created`: amounts as decimals of the document currency. */
export function documentEventData(doc: DocumentFacts): Record<string, unknown> {
  const amount = (minor: string) => fromMinor(Number(minor), doc.currency);
  return {
    number: doc.number,
    type: doc.type,
    account: doc.partyId,
    net: amount(doc.net),
    tax: amount(doc.tax),
    gross: amount(doc.gross),
    amount_due: amount(doc.amountDue ?? doc.gross),
    currency: doc.currency,
    livemode: doc.livemode,
    ...(doc.type === 'credit_note' ? { credits: doc.credits ?? null } : { hosted_payment_url: doc.hostedPaymentUrl ?? null }),
  };
}

/** Whose events settlements are: the platform's, so only operator accounts' destinations receive them. */
export const PLATFORM_ACCOUNT = 'platform';

/** `data` of `settlement.paid`, `settlement.failed` and `settlement.awaiting_rail`. */
export function settlementEventData(p: {
  settlement: string;
  driverId: string;
  driverName: string;
  payable: string;
  currency: string;
  status: 'paid' | 'failed' | 'awaiting_rail';
  reason: string | null;
}): Record<string, unknown> {
  return {
    settlement: p.settlement,
    driver: p.driverId,
    driver_name: p.driverName,
    payable: fromMinor(Number(p.payable), p.currency),
    currency: p.currency,
    ...(p.status === 'failed' ? { reason: p.reason } : {}),
  };
}
