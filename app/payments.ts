import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { checkCreditAmount, creditNoteCreatedEvent, CreditRefusal, issueCreditNote, type CreditReason } from '../db/credit-notes';
import {
  countRefunds,
  documentLines,
  findPayment,
  invoiceToPay,
  latestPaymentOfInvoice,
  markRefundFailed,
  markRefundSucceeded,
  paymentIdOfProviderPayment,
  pendingRefund,
  recordCardPayment,
  recordPendingRefund,
  type InvoiceLineRow,
  type InvoiceToPayRow,
  type PaymentRow,
} from '../db/payments';
import { simulatedPaymentStore } from '../db/simulated-payments';
import { fromMinor } from '../domain/money';
import { cardAmountProblem } from '../domain/payments';
import { newId } from '../infra/ids';
import type { PaymentProvider } from '../infra/payments/provider';
import { simulatedPaymentProvider } from '../infra/payments/simulated';
import { BOOKINGS_TASK_QUEUE } from '../contracts/booking';
import { paymentChangedSignal, paymentWorkflowId, type PaymentInput } from '../contracts/payments';
import type { paymentWorkflow } from '../workflows/payment';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { queuePublicEvents } from '../db/public-event-outbox';
import { publishQueued } from './public-event-outbox';
import { environmentOf, testOrLive } from '../domain/environment';

/** Why a payment could not be made (the page and the CLI say it as is). */
export class PaymentRefusal extends Error {
  constructor(
    readonly code:
      'not_payable' | 'already_paid' | 'in_progress' | 'unknown_card' | 'not_found' | 'refund_refused' | 'amount_not_supported',
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentDeps {
  orm: MikroORM;
  temporal: Client;
  challengeTimeoutMs: number;
  /** The simulated provider unless one is given (PAYMENT_PROVIDER's: infra/payments/configured.ts). */
  provider?: PaymentProvider;
}

export const providerOf = (deps: Pick<PaymentDeps, 'orm' | 'provider'>): PaymentProvider =>
  deps.provider ?? simulatedPaymentProvider(simulatedPaymentStore(deps.orm));

/** An invoice as its payment page shows it: what is due, and the payment under way or last made. */
export interface PayableInvoice {
  id: string;
  number: string;
  accountId: string;
  livemode: boolean;
  currency: string;
  status: string;
  issuedAt: Date;
  dueAt: Date | null;
  net: number;
  tax: number;
  gross: number;
  /** The EN 16931 rounding amount (BT-114): brings the amount due to the agreed prices of the invoice's rides. */
  rounding: number;
  /** Gross plus rounding (BT-115). */
  amountDue: number;
  /** The amount due less the credit notes against it: what a payment takes. */
  dueMinor: number;
  buckets: InvoiceToPayRow['tax_buckets'];
  lines: InvoiceLineRow[];
  /** The buyer as the invoice names it (its billing details at issue). */
  buyer: NonNullable<InvoiceToPayRow['billing_details']>;
  payment: PaymentRow | null;
}

export async function payableInvoice(orm: MikroORM, documentId: string): Promise<PayableInvoice | null> {
  const em = orm.em.fork();
  const doc = await invoiceToPay(em, documentId);
  if (!doc) return null;
  const lines = await documentLines(em, doc.id);
  const latest = await latestPaymentOfInvoice(em, doc.id);
  return {
    id: doc.id,
    number: doc.number,
    accountId: doc.party_id,
    livemode: doc.livemode,
    currency: doc.currency,
    status: doc.status,
    issuedAt: new Date(doc.issued_at),
    dueAt: doc.due_at ? new Date(doc.due_at) : null,
    net: Number(doc.net_minor),
    tax: Number(doc.tax_minor),
    gross: Number(doc.gross_minor),
    rounding: Number(doc.rounding_minor),
    amountDue: Number(doc.amount_due_minor),
    dueMinor: Number(doc.amount_due_minor) - Number(doc.credited),
    buckets: doc.tax_buckets,
    lines,
    buyer: doc.billing_details ?? {},
    payment: latest,
  };
}

/** Starts `payment:<id>` for a payment row already written; a start that finds it running is a no-op. */
export async function startPaymentWorkflow(temporal: Client, input: PaymentInput): Promise<void> {
  try {
    await temporal.workflow.start<typeof paymentWorkflow>('paymentWorkflow', {
      workflowId: paymentWorkflowId(input.paymentId),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [input],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Pays an open invoice with a card token from the PSP's card form, on session: one payment at a time per invoice (a
 * second attempt while one is under way is refused), never once the invoice is paid. With `saveCard` the card becomes
 * the account's mandate for off-session collection by the settlement cycle.
 */
export async function payInvoice(
  deps: PaymentDeps,
  input: { documentId: string; paymentMethod: string; saveCard: boolean },
): Promise<PaymentRow> {
  const invoice = await payableInvoice(deps.orm, input.documentId);
  if (!invoice) throw new PaymentRefusal('not_found', 'No such invoice.');
  if (invoice.status === 'paid') throw new PaymentRefusal('already_paid', `Invoice ${invoice.number} is already paid.`);
  if (invoice.status !== 'open' || invoice.dueMinor <= 0)
    throw new PaymentRefusal('not_payable', `Invoice ${invoice.number} has nothing to pay.`);
  if (!providerOf(deps).takesEnvironment(invoice.livemode))
    throw new PaymentRefusal(
      'not_payable',
      `Invoice ${invoice.number} is a ${invoice.livemode ? 'live' : 'test-mode'} invoice: this hub takes cards of its ${invoice.livemode ? 'test' : 'live'} environment only.`,
    );
  const amountProblem = cardAmountProblem(invoice.dueMinor, invoice.currency);
  if (amountProblem) throw new PaymentRefusal('amount_not_supported', amountProblem);
  const card = await providerOf(deps).describeMethod(input.paymentMethod);
  if (!card) throw new PaymentRefusal('unknown_card', 'The card could not be read: enter it again.');
  const id = newId('pay');
  try {
    await recordCardPayment(deps.orm.em.fork(), {
      id,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      accountId: invoice.accountId,
      livemode: invoice.livemode,
      amountMinor: invoice.dueMinor,
      currency: invoice.currency,
      paymentMethod: input.paymentMethod,
      card,
      // The payment itself sets the card up for off-session use (one authentication pays and saves); the card becomes
      // the mandate when the payment succeeds (db/payments.ts recordProviderPayment).
      saveCard: input.saveCard,
    });
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException)
      throw new PaymentRefusal('in_progress', `A payment of ${invoice.number} is already under way.`);
    throw err;
  }
  await startPaymentWorkflow(deps.temporal, { paymentId: id, challengeTimeoutMs: deps.challengeTimeoutMs });
  return (await findPayment(deps.orm.em.fork(), id))!;
}

/** The provider says a payment changed (its webhook; the simulated PSP's challenge page): its workflow reads it again. */
export async function providerPaymentChanged(deps: Pick<PaymentDeps, 'orm' | 'temporal'>, providerPaymentId: string): Promise<void> {
  const paymentId = await paymentIdOfProviderPayment(deps.orm.em.fork(), providerPaymentId);
  if (!paymentId) return;
  try {
    await deps.temporal.workflow.getHandle(paymentWorkflowId(paymentId)).signal(paymentChangedSignal);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err; // it has ended: nothing more to learn
  }
}

/**
 * What the provider's script on the payment page needs to take the cardholder through a waiting payment's challenge
 * (Stripe.js: the PaymentIntent's client secret, asked of Stripe now and never stored), or null when it waits for none.
 */
export async function paymentAction(deps: PaymentDeps, paymentId: string): Promise<{ clientSecret: string; paymentMethod: string } | null> {
  const payment = await findPayment(deps.orm.em.fork(), paymentId);
  if (!payment?.provider_payment_id || payment.status !== 'requires_action') return null;
  const current = await providerOf(deps).retrievePayment(payment.provider_payment_id);
  return current.status === 'requires_action' && current.clientSecret
    ? { clientSecret: current.clientSecret, paymentMethod: payment.payment_method }
    : null;
}

/** The cardholder closed the challenge: the provider gives the payment up, and its workflow records it as abandoned. */
export async function cancelChallenge(deps: PaymentDeps, paymentId: string): Promise<void> {
  const payment = await findPayment(deps.orm.em.fork(), paymentId);
  if (!payment?.provider_payment_id || payment.status !== 'requires_action') return;
  await providerOf(deps).cancelPayment(payment.provider_payment_id);
  await providerPaymentChanged(deps, payment.provider_payment_id);
}

export interface RefundOutcome {
  refundId: string;
  paymentId: string;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  creditNote: string;
}

/**
 * Refunds part or all of a succeeded payment through the provider and issues the credit note against its invoice, with
 * `payment.refunded` and `credit_note.created`. The refund's provider key is `<payment id>:<n>`: a refund interrupted
 * after the provider's answer is resumed (same key, same amount) by the next call, never made twice.
 */
export async function refundPayment(
  deps: PaymentDeps,
  input: { paymentId: string; amountMinor?: number; reason: CreditReason },
): Promise<RefundOutcome> {
  const em = deps.orm.em.fork();
  const payment = await findPayment(em, input.paymentId);
  if (!payment) throw new PaymentRefusal('not_found', `No payment ${input.paymentId}.`);
  if (payment.status !== 'succeeded')
    throw new PaymentRefusal('refund_refused', `Payment ${payment.id} is ${payment.status}: only a succeeded payment is refunded.`);
  const pending = await pendingRefund(em, payment.id);
  const left = Number(payment.amount_minor) - Number(payment.refunded_minor);
  let refund = pending ? { id: pending.id, amount: pending.amountMinor } : null;
  if (!refund) {
    const amount = input.amountMinor ?? left;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
      throw new PaymentRefusal('refund_refused', `${amount} is not refundable: ${left} (minor units) of ${payment.id} is left.`);
    const amountProblem = cardAmountProblem(amount, payment.currency);
    if (amountProblem) throw new PaymentRefusal('amount_not_supported', amountProblem);
    // The credit note must be able to carry the amount exactly before any money moves.
    await checkCreditAmount(deps.orm, payment.invoice_number, BigInt(amount)).catch((err: unknown) => {
      throw err instanceof CreditRefusal ? new PaymentRefusal('refund_refused', err.message) : err;
    });
    refund = { id: `${payment.id}:${(await countRefunds(em, payment.id)) + 1}`, amount };
    await recordPendingRefund(em, { id: refund.id, paymentId: payment.id, amountMinor: amount, reason: input.reason });
  }
  const answer = await providerOf(deps).refund({
    idempotencyKey: refund.id,
    paymentId: payment.provider_payment_id!,
    amountMinor: refund.amount,
  });
  if (answer.status !== 'succeeded') {
    await markRefundFailed(em, refund.id);
    throw new PaymentRefusal('refund_refused', `The provider refused the refund of ${payment.id}.`);
  }
  let refunded: PublishPublicEventInput | undefined;
  const note = await issueCreditNote(deps.orm, {
    invoiceNumber: payment.invoice_number,
    reason: input.reason,
    amountMinor: BigInt(refund.amount),
    within: async (tx, number) => {
      await markRefundSucceeded(tx, {
        refundId: refund.id,
        paymentId: payment.id,
        amountMinor: refund.amount,
        providerRefundId: answer.id,
        creditNoteNumber: number,
      });
      refunded = refundedEvent(payment, {
        refundId: refund.id,
        amountMinor: refund.amount,
        refundedMinor: Number(payment.refunded_minor) + refund.amount,
        reason: input.reason,
        creditNote: number,
      });
      await queuePublicEvents(tx, [refunded]);
    },
  }).catch((err: unknown) => {
    throw err instanceof CreditRefusal ? new PaymentRefusal('refund_refused', err.message) : err;
  });
  const outcome: RefundOutcome = {
    refundId: refund.id,
    paymentId: payment.id,
    amountMinor: refund.amount,
    refundedMinor: Number(payment.refunded_minor) + refund.amount,
    currency: payment.currency,
    creditNote: note.number,
  };
  await publishQueued(deps, [creditNoteCreatedEvent(note), refunded!]);
  return outcome;
}

/**
 * `payment.refunded` of a refund, queued in the transaction that records it (the credit note's `credit_note.created`
 * is queued by the note itself, db/credit-notes.ts): the caller publishes both after the commit, credit note first.
 */
export function refundedEvent(
  payment: PaymentRow,
  refund: { refundId: string; amountMinor: number; refundedMinor: number; reason: string; creditNote: string | null },
): PublishPublicEventInput {
  return {
    type: 'payment.refunded',
    dedupeKey: `payment.refunded:${refund.refundId}`,
    accountId: payment.account_id,
    environment: testOrLive(environmentOf(payment.livemode)),
    data: {
      payment_id: payment.id,
      invoice: payment.invoice_number,
      account: payment.account_id,
      amount: fromMinor(refund.amountMinor, payment.currency),
      refunded: fromMinor(refund.refundedMinor, payment.currency),
      currency: payment.currency,
      reason: refund.reason,
      credit_note: refund.creditNote,
      livemode: payment.livemode,
    },
  };
}
