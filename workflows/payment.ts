import { condition, log, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { PaymentActivities } from '../activities/payments';
import { invoicePaidEventData, paymentEventData, processingPollMs } from '../domain/payments';
import { paymentChangedSignal, type PaymentFacts, type PaymentInput } from '../contracts/payments';
import { AccountIdKey, InvoiceNumberKey, LiveModeKey } from '../contracts/search-attributes';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { announcePublicEvent } from './public-events';
import { environmentOf, testOrLive } from '../domain/environment';

const { chargePayment, refreshPayment, abandonPayment } = proxyActivities<PaymentActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * `payment:<id>`: charges the card once (the payment id is the provider's idempotency key), waits for the cardholder's
 * 3-D Secure challenge when the issuer asks for one, until PAYMENT_CHALLENGE_TIMEOUT, waits quietly while the card
 * network processes it, then records the outcome and tells the account: payment.succeeded and invoice.paid, or
 * payment.failed with its reason.
 */
export async function paymentWorkflow(input: PaymentInput): Promise<PaymentFacts> {
  let changed = false;
  setHandler(paymentChangedSignal, () => {
    changed = true;
  });
  let payment = await chargePayment(input.paymentId);
  upsertSearchAttributes([
    { key: InvoiceNumberKey, value: payment.invoiceNumber },
    { key: AccountIdKey, value: payment.accountId },
    { key: LiveModeKey, value: payment.livemode },
  ]);
  const event = (type: PublishPublicEventInput['type'], data: Record<string, unknown>): PublishPublicEventInput => ({
    type,
    dedupeKey: `${type}:${payment.paymentId}`,
    accountId: payment.accountId,
    environment: testOrLive(environmentOf(payment.livemode)),
    data,
  });

  if (payment.status === 'requires_action') {
    // Off session, the customer is not there: they get the page's link, where the challenge waits for them.
    if (payment.offSession) {
      log.info('off-session payment waits for the customer to authenticate', {
        invoice: payment.invoiceNumber,
        hostedPaymentUrl: payment.hostedPaymentUrl,
      });
      await announcePublicEvent(event('payment.action_required', paymentEventData(payment)));
    }
    const deadline = Date.now() + input.challengeTimeoutMs;
    while (payment.status === 'requires_action') {
      const answered = await condition(() => changed, Math.max(deadline - Date.now(), 1));
      changed = false;
      payment = answered ? await refreshPayment(input.paymentId) : await abandonPayment(input.paymentId);
    }
  }
  // The network has it and nobody has anything to do (no action_required, no deadline: a processing payment cannot be
  // cancelled): the provider's webhook wakes it, else it reads the payment again, less and less often.
  for (let attempt = 0; payment.status === 'processing'; attempt++) {
    await condition(() => changed, processingPollMs(attempt));
    changed = false;
    payment = await refreshPayment(input.paymentId);
  }

  if (payment.status === 'succeeded') {
    await announcePublicEvent(event('payment.succeeded', paymentEventData(payment)));
    await announcePublicEvent(event('invoice.paid', invoicePaidEventData(payment)));
  } else {
    await announcePublicEvent(event('payment.failed', paymentEventData(payment)));
  }
  return payment;
}
