import { z } from 'zod';
import { fromMinor } from '../../domain/money';
import { PAYMENT_STATUSES, THREE_DS_OUTCOMES, TRANS_STATUSES } from '../../domain/payments';
import { readPayments, type PaymentRow } from '../../db/payments';
import { defineOperation } from '../operation';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { Instant } from '../wire-schemas';

export const Card = z
  .object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() })
  .meta({ id: 'Card' });
export const ThreeDs = z
  .object({
    version: z.string(),
    flow: z.enum(['frictionless', 'challenge']),
    trans_status: z.enum(TRANS_STATUSES).meta({
      description: 'EMV 3DS transStatus; `I` (informational only) when the issuer exempted the payment from authentication.',
    }),
    eci: z.string().nullable(),
    outcome: z
      .enum(THREE_DS_OUTCOMES)
      .meta({ description: '`exempted`: nobody was authenticated, the issuer waived it (an SCA exemption).' }),
  })
  .meta({ id: 'ThreeDs' });

const Cursor = keysetCursor((id) => /^pay_[a-z0-9]{26}$/.test(id));
const Payment = z
  .object({
    payment_id: z.string().meta({ example: 'pay_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    invoice: z.string().meta({ example: 'INV-2026-000123' }),
    account: z.string(),
    amount: z.number().meta({ description: 'A decimal amount in `currency`.' }),
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    off_session: z.boolean().meta({ description: 'Collected by the settlement cycle from the saved card (no customer present).' }),
    method: Card.nullable().meta({ description: 'The card: never its number.' }),
    three_ds: ThreeDs.nullable().meta({ description: 'The EMV 3-D Secure 2 result.' }),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'Why it failed: `3ds_challenge_abandoned`, `3ds_authentication_failed` or the issuer’s decline code.' }),
    created: z.string(),
    succeeded_at: z.string().nullable(),
    refunded: z.number().meta({ description: 'Refunded so far, in `currency`.' }),
    livemode: z.boolean(),
  })
  .meta({ id: 'Payment' });

const ListPaymentsQuery = z
  .object({
    status: z.enum(PAYMENT_STATUSES).optional(),
    invoice: z.string().max(40).optional().meta({ description: 'An invoice number.' }),
    from: Instant.optional().meta({ description: 'Created at or after, RFC 3339.' }),
    to: Instant.optional().meta({ description: 'Created before, RFC 3339.' }),
    limit: PageLimit,
    cursor: Cursor.optional(),
  })
  .strict();

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function view(p: Omit<PaymentRow, 'invoice_issued_at'>): z.infer<typeof Payment> {
  return {
    payment_id: p.id,
    invoice: p.invoice_number,
    account: p.account_id,
    amount: fromMinor(Number(p.amount_minor), p.currency),
    currency: p.currency,
    status: p.status,
    off_session: p.off_session,
    method: p.method,
    three_ds: p.three_ds,
    reason: p.reason,
    created: iso(p.created_at)!,
    succeeded_at: iso(p.succeeded_at),
    refunded: fromMinor(Number(p.refunded_minor), p.currency),
    livemode: p.livemode,
  };
}

export const listPayments = defineOperation({
  operationId: 'listPayments',
  method: 'get',
  path: '/api/public/v1/payments',
  summary: 'List card payments of invoices',
  description:
    "Payments of the key's environment, newest first: a corporate key sees its account's, an operator key every account's. " +
    'Each with its card (brand, last four, expiry: never the number), the 3-D Secure 2 result and, when it failed, why.',
  tags: ['Payments'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request: { query: ListPaymentsQuery },
  responses: {
    200: {
      description: 'One page of payments.',
      schema: z.object({ data: z.array(Payment), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id: 'PaymentList' }),
    },
  },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    const rows = await readPayments(deps.orm, {
      livemode: principal.livemode,
      accountId: principal.accountKind !== 'operator' ? principal.ownerId : undefined,
      status: query.status,
      invoiceNumber: query.invoice,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor,
      limit: query.limit + 1,
    });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (r) => r.id, view) };
  },
});
