/**
 * Paying chauffeurs: the interface a payout provider (a bank's bulk transfer API, Stripe Connect, Adyen for
 * Platforms…) implements, and the simulated provider shipped for sandbox and tests.
 */
export interface PayoutTransfer {
  /** Idempotency key: the provider makes one transfer per key, whatever how often it is submitted. */
  key: string;
  settlementId: string;
  driverId: string;
  amountMinor: bigint;
  currency: string;
}

export interface PayoutOutcome {
  key: string;
  /**
   * `paid` and `failed` are final; `submitted`: handed to the bank, its outcome comes later (a bank statement);
   * `waiting`: not submitted yet, and `reason` says why (`no_bank_account`, …): the next run tries again.
   */
  status: 'paid' | 'failed' | 'submitted' | 'waiting';
  /** Why it failed or waits, in the provider's words (`account_closed`, `invalid_account`, `no_bank_account`…); the file of a submitted one. */
  reason: string | null;
}

/** The dispatch company's account payout files are drawn on (PAYOUT_DEBTOR_IBAN, _BIC, _NAME). */
export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string | null;
}

/** PAYOUT_PROVIDER: the simulated provider (default), or SEPA credit transfer files for EUR (docs/finance.md). */
export type PayoutSettings = { provider: 'simulated' } | { provider: 'sepa'; debtor: SepaDebtor };

export interface PayoutProvider {
  /** Submits a batch of transfers; a key already submitted is not transferred again. */
  submitBatch(transfers: PayoutTransfer[]): Promise<void>;
  /** The outcome of each key submitted (a real provider may answer later, by webhook or poll). */
  outcomes(keys: string[]): Promise<PayoutOutcome[]>;
}

/** Driver ids the simulated provider fails, and why (documented in docs/finance.md). */
export const SIMULATED_PAYOUT_FAILURES: readonly { suffix: string; reason: string }[] = [
  { suffix: '_closed', reason: 'account_closed' },
  { suffix: '_invalid', reason: 'invalid_account' },
];

type Sql = <T>(query: string, params: unknown[]) => Promise<T[]>;

/**
 * The simulated provider: it keeps its own record of transfers (table `payout_transfers`, one row per key) and
 * settles each at once, failing the driver ids of SIMULATED_PAYOUT_FAILURES.
 */
export function simulatedPayoutProvider(sql: Sql): PayoutProvider {
  return {
    async submitBatch(transfers) {
      for (const t of transfers) {
        const failure = SIMULATED_PAYOUT_FAILURES.find((f) => t.driverId.endsWith(f.suffix));
        await sql(
          `insert into payout_transfers (idempotency_key, settlement_id, amount_minor, currency, status, failure_reason)
           values (?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
          [t.key, t.settlementId, String(t.amountMinor), t.currency, failure ? 'failed' : 'paid', failure?.reason ?? null],
        );
      }
    },
    async outcomes(keys) {
      if (!keys.length) return [];
      const rows = await sql<{ idempotency_key: string; status: 'paid' | 'failed'; failure_reason: string | null }>(
        `select idempotency_key, status, failure_reason from payout_transfers where idempotency_key in (${keys.map(() => '?').join(',')})`,
        keys,
      );
      return rows.map((r) => ({ key: r.idempotency_key, status: r.status, reason: r.failure_reason }));
    },
  };
}
