import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { creditNoteCreatedEvent, CreditRefusal, issueCreditNote } from '../db/credit-notes';
import { closeDispute, findDispute, markInvoiceDisputed, markInvoicePaidUnlessDisputed, recordOpenDispute } from '../db/payment-disputes';
import { findPayment, paymentIdOfProviderPayment, type PaymentRow } from '../db/payments';
import { creditOwed, markRefundFailedLater, recordedRefund, recordProviderRefund } from '../db/provider-refunds';
import { claimStripeEvent, releaseStripeEvent } from '../db/stripe-events';
import { disputeEventData, disputeOutcome } from '../domain/disputes';
import { environmentOf, testOrLive } from '../domain/environment';
import { fromMinor } from '../domain/money';
import type { ProviderDispute, ProviderRefund } from '../infra/payments/provider';
import type { StripeEventMeaning } from '../infra/payments/stripe';
import type { PublicEventType } from '../domain/public-events';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { queuePublicEvents } from '../db/public-event-outbox';
import { providerOf, providerPaymentChanged, refundedEvent, type PaymentDeps } from './payments';
import { publishQueued } from './public-event-outbox';

/**
 * What a payment provider tells the hub after the fact, besides a payment's own changes: refunds that failed later or
 * were made in its dashboard, and disputes (chargebacks). Issued documents never change: a correction is a new credit
 * note. Every step is idempotent (a refund by its provider id, a dispute by its id and closed once), so a redelivered
 * or reordered event changes nothing twice. Each event is queued in the transaction of the change it tells
 * (db/public-event-outbox.ts) and published after the commit, or by the outbox sweep when that publish is lost.
 * docs/payments.md ("Refunds and disputes the provider reports").
 */

type Deps = Pick<PaymentDeps, 'orm' | 'temporal' | 'provider'>;
type IssuedCreditNote = Awaited<ReturnType<typeof issueCreditNote>>;

async function paymentOf(deps: Deps, providerPaymentId: string): Promise<PaymentRow | null> {
  const id = await paymentIdOfProviderPayment(deps.orm.em.fork(), providerPaymentId);
  return id ? findPayment(deps.orm.em.fork(), id) : null;
}

const eventOf = (
  payment: PaymentRow,
  type: PublicEventType,
  dedupeKey: string,
  data: Record<string, unknown>,
): PublishPublicEventInput => ({
  type,
  dedupeKey,
  accountId: payment.account_id,
  environment: testOrLive(environmentOf(payment.livemode)),
  data,
});

/**
 * The provider says a payment's refunds changed: the hub reads them all again. A refund that failed after it was made
 * keeps its credit note (the account is owed the money: `payment.refund_failed` says so, and the operator pays it another
 * way or refunds again in the dashboard); a refund the hub did not make is recorded with a credit note for it, less what
 * failed refunds' credit notes already promised.
 */
export async function providerRefundsChanged(deps: Deps, providerPaymentId: string): Promise<void> {
  const payment = await paymentOf(deps, providerPaymentId);
  if (!payment) return;
  for (const refund of await providerOf(deps).listRefunds(providerPaymentId)) {
    const known = await recordedRefund(deps.orm.em.fork(), refund.id, refund.hubRefund);
    if (known) {
      if (refund.status === 'failed' || refund.status === 'canceled') await refundFailedLater(deps, payment, known.id, refund);
    } else if (!refund.hubRefund && refund.status !== 'failed' && refund.status !== 'canceled') {
      await recordDashboardRefund(deps, payment, refund);
    }
    // An unknown refund with the hub's key is the hub's own, still being recorded by refundPayment: it finishes it.
  }
}

async function refundFailedLater(deps: Deps, payment: PaymentRow, refundId: string, refund: ProviderRefund): Promise<void> {
  const event = await deps.orm.em.fork().transactional(async (tx) => {
    const failed = await markRefundFailedLater(tx, refundId, refund.failureReason);
    if (!failed) return null;
    const told = eventOf(payment, 'payment.refund_failed', `payment.refund_failed:${refundId}`, {
      payment_id: payment.id,
      invoice: payment.invoice_number,
      account: payment.account_id,
      refund_id: refundId,
      amount: fromMinor(refund.amountMinor, payment.currency),
      currency: payment.currency,
      failure_reason: refund.failureReason ?? 'unknown',
      credit_note: failed.creditNote,
      livemode: payment.livemode,
    });
    await queuePublicEvents(tx, [told]);
    return told;
  });
  if (event) await publishQueued(deps, [event]);
}

async function recordDashboardRefund(deps: Deps, payment: PaymentRow, refund: ProviderRefund): Promise<void> {
  const covered = Math.min(refund.amountMinor, await creditOwed(deps.orm.em.fork(), payment.id));
  const credited = refund.amountMinor - covered;
  let refunded: PublishPublicEventInput | undefined;
  const record = async (em: Parameters<typeof recordProviderRefund>[0], creditNoteNumber: string | null) => {
    await recordProviderRefund(em, {
      paymentId: payment.id,
      providerRefundId: refund.id,
      amountMinor: refund.amountMinor,
      creditedMinor: creditNoteNumber ? credited : 0,
      creditNoteNumber,
    });
    refunded = refundedEvent(payment, {
      refundId: `${payment.id}:${refund.id}`,
      amountMinor: refund.amountMinor,
      refundedMinor: Number((await findPayment(em, payment.id))!.refunded_minor),
      reason: 'refund',
      creditNote: creditNoteNumber,
    });
    await queuePublicEvents(em, [refunded]);
  };
  const recordOnce = (creditNote: () => Promise<IssuedCreditNote | null>) =>
    creditNote().catch((err: unknown) => {
      if (err instanceof UniqueConstraintViolationException) return undefined; // another delivery recorded it meanwhile
      throw err;
    });
  const withoutNote = () => deps.orm.em.fork().transactional(async (tx) => (await record(tx, null), null));
  const note = await recordOnce(async () => {
    if (credited <= 0) return withoutNote();
    return issueCreditNote(deps.orm, {
      invoiceNumber: payment.invoice_number,
      reason: 'refund',
      amountMinor: BigInt(credited),
      within: (tx, number) => record(tx, number),
    }).catch((err: unknown) => {
      // No split of the invoice's tax buckets carries the amount: the refund is recorded, the operator credits by hand.
      if (err instanceof CreditRefusal) return withoutNote();
      throw err;
    });
  });
  if (note === undefined) return;
  await publishQueued(deps, [...(note ? [creditNoteCreatedEvent(note)] : []), refunded!]);
}

/**
 * A dispute (chargeback) of a payment opened, changed or closed at the provider. Opened: the invoice becomes
 * `disputed` and `payment.disputed` tells the account. Closed won: the invoice is `paid` again. Closed lost: the money is
 * gone, so a `chargeback` credit note for the disputed amount corrects the invoice (which itself never changes), and the
 * invoice is `paid` again (settled by the payment and the credit note); `payment.dispute_closed` tells either outcome.
 */
export async function providerDisputeChanged(deps: Deps, providerPaymentId: string, dispute: ProviderDispute): Promise<void> {
  const payment = await paymentOf(deps, providerPaymentId);
  if (!payment) return;
  const facts = (status: string, creditNote: string | null) => ({
    disputeId: dispute.id,
    paymentId: payment.id,
    invoiceNumber: payment.invoice_number,
    accountId: payment.account_id,
    amountMinor: dispute.amountMinor,
    currency: payment.currency,
    reason: dispute.reason,
    status,
    livemode: payment.livemode,
    creditNote,
  });
  const disputed = eventOf(payment, 'payment.disputed', `payment.disputed:${dispute.id}`, disputeEventData(facts(dispute.status, null)));
  const opened = await deps.orm.em.fork().transactional(async (em) => {
    const existing = await findDispute(em, dispute.id);
    if (existing?.closed_at) return false;
    const isNew = await recordOpenDispute(em, { ...dispute, paymentId: payment.id });
    await markInvoiceDisputed(em, payment.invoice_id);
    if (isNew) await queuePublicEvents(em, [disputed]);
    return isNew;
  });
  if (opened) await publishQueued(deps, [disputed]);
  const outcome = disputeOutcome(dispute.status);
  if (outcome === 'open') return;
  let closed: PublishPublicEventInput | undefined;
  const close = async (em: Parameters<typeof closeDispute>[0], number: string | null) => {
    if (!(await closeDispute(em, dispute.id, dispute.status, number))) throw new AlreadyClosed();
    await markInvoicePaidUnlessDisputed(em, payment.invoice_id);
    closed = eventOf(
      payment,
      'payment.dispute_closed',
      `payment.dispute_closed:${dispute.id}`,
      disputeEventData(facts(dispute.status, number)),
    );
    await queuePublicEvents(em, [closed]);
  };
  let note: IssuedCreditNote | null = null;
  try {
    if (outcome === 'lost') {
      note = await issueCreditNote(deps.orm, {
        invoiceNumber: payment.invoice_number,
        reason: 'chargeback',
        amountMinor: BigInt(dispute.amountMinor),
        within: (tx, number) => close(tx, number),
      }).catch(async (err: unknown) => {
        if (!(err instanceof CreditRefusal)) throw err;
        return null; // no split carries it: closed without one, the operator credits by hand (the event says so)
      });
      if (!note) await deps.orm.em.fork().transactional((tx) => close(tx, null));
    } else {
      await deps.orm.em.fork().transactional((tx) => close(tx, null));
    }
  } catch (err) {
    if (err instanceof AlreadyClosed) return;
    throw err;
  }
  await publishQueued(deps, [...(note ? [creditNoteCreatedEvent(note)] : []), closed!]);
}

class AlreadyClosed extends Error {}

/**
 * A verified Stripe webhook event, by what it means (infra/payments/stripe.ts `meaningOfEvent`): a PaymentIntent's change
 * tells that payment's workflow to read it again; refunds and disputes are handled here. Each event id once (a
 * redelivery answers `duplicate`); a failure releases the id, so Stripe's retry handles it.
 */
export async function receiveStripeEvent(
  deps: Deps,
  event: { id: string; type: string; meaning: StripeEventMeaning },
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const { meaning } = event;
  if (meaning.kind === 'ignored') return 'ignored';
  if (!(await claimStripeEvent(deps.orm, { id: event.id, type: event.type, providerPaymentId: meaning.providerPaymentId })))
    return 'duplicate';
  try {
    if (meaning.kind === 'payment') await providerPaymentChanged(deps, meaning.providerPaymentId);
    else if (meaning.kind === 'refunds') await providerRefundsChanged(deps, meaning.providerPaymentId);
    else await providerDisputeChanged(deps, meaning.providerPaymentId, meaning.dispute);
  } catch (err) {
    await releaseStripeEvent(deps.orm, event.id);
    throw err;
  }
  return 'handled';
}
