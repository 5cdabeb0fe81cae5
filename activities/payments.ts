import type { MikroORM } from '@mikro-orm/postgresql';
import { findPayment, recordProviderPayment, recordProviderPaymentId, type PaymentRow } from '../db/payments';
import { paymentUrl } from '../infra/passenger-links';
import type { PaymentProvider } from '../infra/payments/provider';
import { simulatedPaymentProvider } from '../infra/payments/simulated';
import type { PaymentFacts } from '../contracts/payments';
import { simulatedPaymentStore } from '../db/simulated-payments';

export interface PaymentLinks {
  publicBaseUrl: string;
  encryptionKey: Buffer;
}

/** Links to an invoice's payment page under PUBLIC_BASE_URL, or none without it. */
export function hostedPaymentUrl(links: PaymentLinks | undefined, invoice: { id: string; issuedAt: Date | string }): string | null {
  return links ? paymentUrl(links.publicBaseUrl, links.encryptionKey, invoice) : null;
}

/**
 * The payment workflow's steps. Each asks the provider and records its answer; the provider makes one payment per
 * idempotency key (the hub's payment id), so a step retried after a crash between the answer and the record charges
 * nothing twice: it gets the same payment back and records it.
 */
export function createPaymentActivities(deps: { orm: MikroORM; provider?: PaymentProvider; links?: PaymentLinks }) {
  const provider = deps.provider ?? simulatedPaymentProvider(simulatedPaymentStore(deps.orm));
  const facts = (row: PaymentRow): PaymentFacts => ({
    paymentId: row.id,
    invoiceNumber: row.invoice_number,
    accountId: row.account_id,
    livemode: row.livemode,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    offSession: row.off_session,
    status: row.status,
    reason: row.reason,
    method: row.method,
    threeDs: row.three_ds,
    hostedPaymentUrl: hostedPaymentUrl(deps.links, { id: row.invoice_id, issuedAt: row.invoice_issued_at }),
  });
  const load = async (paymentId: string) => {
    const row = await findPayment(deps.orm.em.fork(), paymentId);
    if (!row) throw new Error(`no payment ${paymentId}`);
    return row;
  };
  return {
    /**
     * Creates the payment at the provider (once per payment id), records its id, confirms it and records the answer. A
     * retry finds the recorded id and confirms (or reads) that payment, however long after.
     */
    async chargePayment(paymentId: string): Promise<PaymentFacts> {
      const row = await load(paymentId);
      if (row.status === 'succeeded' || row.status === 'failed') return facts(row);
      const answer = await provider.createPayment({
        idempotencyKey: row.id,
        amountMinor: Number(row.amount_minor),
        currency: row.currency,
        paymentMethod: row.payment_method,
        offSession: row.off_session,
        setupFutureUsage: row.save_card,
        holder: { accountId: row.account_id, livemode: row.livemode },
        providerPaymentId: row.provider_payment_id,
        onCreated: (id) => recordProviderPaymentId(deps.orm.em.fork(), row.id, id),
      });
      return facts(await recordProviderPayment(deps.orm, row.id, answer));
    },
    /** Reads the payment again at the provider (after its webhook) and records it. */
    async refreshPayment(paymentId: string): Promise<PaymentFacts> {
      const row = await load(paymentId);
      if (!row.provider_payment_id || row.status === 'succeeded' || row.status === 'failed') return facts(row);
      return facts(await recordProviderPayment(deps.orm, row.id, await provider.retrievePayment(row.provider_payment_id)));
    },
    /** The challenge went unanswered: the provider gives the payment up (or answers how it ended) and it is recorded. */
    async abandonPayment(paymentId: string): Promise<PaymentFacts> {
      const row = await load(paymentId);
      if (!row.provider_payment_id || row.status === 'succeeded' || row.status === 'failed') return facts(row);
      return facts(await recordProviderPayment(deps.orm, row.id, await provider.cancelPayment(row.provider_payment_id)));
    },
  };
}

export type PaymentActivities = ReturnType<typeof createPaymentActivities>;
