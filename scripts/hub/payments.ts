import { PaymentRefusal, refundPayment } from '../../app/payments';
import { findPayment } from '../../db/payments';
import { CREDIT_REASONS, type CreditReason } from '../../db/credit-notes';
import { challengeTimeoutMs } from '../../domain/payments';
import { fromMinor, toMinor } from '../../domain/money';
import { Failure, fields, flag, requiredFlag, UsageError, type Command } from './cli';

export const paymentCommands: Record<string, Command> = {
  refund: {
    usage: `payments refund --payment <pay_id> [--amount A] --reason ${CREDIT_REASONS.join('|')}`,
    summary:
      'refund part (--amount, a decimal of the payment currency) or the rest of a succeeded payment through the provider, and issue its credit note; sends payment.refunded and credit_note.created (needs Temporal)',
    options: { payment: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } },
    async run({ orm, flags, temporal, paymentProvider }) {
      const paymentId = requiredFlag(flags, 'payment');
      const reason = requiredFlag(flags, 'reason');
      if (!(CREDIT_REASONS as readonly string[]).includes(reason))
        throw new UsageError(`--reason must be one of ${CREDIT_REASONS.join(', ')}`);
      const amount = flag(flags, 'amount');
      if (amount !== undefined && !/^\d+(\.\d+)?$/.test(amount))
        throw new UsageError('--amount must be a positive decimal amount, e.g. 12.50');
      const payment = await findPayment(orm.em.fork(), paymentId);
      if (!payment) throw new Failure(`no payment ${paymentId}`);
      if (!temporal) throw new Failure('no Temporal connection configured');
      const refunded = await refundPayment(
        { orm, temporal: await temporal(), challengeTimeoutMs: challengeTimeoutMs(undefined), provider: paymentProvider },
        {
          paymentId,
          amountMinor: amount === undefined ? undefined : toMinor(Number(amount), payment.currency),
          reason: reason as CreditReason,
        },
      ).catch((err: unknown) => {
        throw err instanceof PaymentRefusal ? new Failure(err.message) : err;
      });
      const money = (minor: number) => `${fromMinor(minor, refunded.currency)} ${refunded.currency}`;
      return {
        json: refunded,
        text: `Refunded.\n${fields([
          ['refund', refunded.refundId],
          ['amount', money(refunded.amountMinor)],
          ['refunded in all', money(refunded.refundedMinor)],
          ['credit note', refunded.creditNote],
        ])}`,
      };
    },
  },
};
