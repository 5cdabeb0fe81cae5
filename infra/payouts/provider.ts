import type { PostalAddress } from '../../domain/sepa';

/**
 * Paying chauffeurs: the interface a payout provider (a bank's bulk transfer API, Stripe Connect, Adyen for
 * Platforms…) implements. The simulated provider (sandbox and tests) is infra/payouts/simulated.ts, the SEPA rail
 * infra/payouts/sepa.ts, and PAYOUT_PROVIDER picks one in infra/payouts/configured.ts.
 */
export interface PayoutTransfer {
  /** Idempotency key: the provider makes one transfer per key, whatever how often it is submitted. */
  key: string;
  settlementId: string;
  driverId: string;
  amountMinor: bigint;
  currency: string;
  /** The settlement's environment: only sandbox payouts may be simulated. */
  livemode: boolean;
}

export interface PayoutOutcome {
  key: string;
  /**
   * `paid` and `failed` are final; `submitted`: handed to the bank, its outcome comes later (a bank statement);
   * `waiting`: not submitted yet, and `reason` says why (`no_bank_account`, …): the next run tries again;
   * `awaiting_rail`: a live payout in a currency no configured rail carries (reason `no_rail:<currency>`);
   * `on_hold`: the driver's bank account changed less than 24 h ago (reason: the release time, ISO 8601).
   */
  status: 'paid' | 'failed' | 'submitted' | 'waiting' | 'awaiting_rail' | 'on_hold';
  /** Why it failed or waits, in the provider's words (`account_closed`, `invalid_account`, `no_bank_account`…); the file of a submitted one. */
  reason: string | null;
}

/** The dispatch company's account payout files are drawn on (PAYOUT_DEBTOR_IBAN, _BIC, _NAME, _ADDRESS). */
export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string | null;
  address?: PostalAddress | null;
}

/** PAYOUT_PROVIDER: the simulated provider (default outside production), or SEPA credit transfer files for EUR (docs/finance.md). */
export type PayoutSettings = { provider: 'simulated' } | { provider: 'sepa'; debtor: SepaDebtor };

export interface PayoutProvider {
  /** Submits a batch of transfers; a key already submitted is not transferred again. */
  submitBatch(transfers: PayoutTransfer[]): Promise<void>;
  /** The outcome of each key submitted (a real provider may answer later, by webhook or poll). */
  outcomes(keys: string[]): Promise<PayoutOutcome[]>;
}
