import { z } from 'zod';
import { RESCHEDULE_CAUSES } from '../../domain/reschedule';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from '../../domain/public-events';
import { PublicBooking } from './schemas';
import { Card, ThreeDs } from './payments';

const Invoice = z.object({
  number: z.string(),
  type: z.enum(['invoice', 'credit_note']),
  account: z.string(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  amount_due: z.number().meta({
    description: 'What the account pays: the gross plus the EN 16931 rounding amount that brings it to the agreed prices of its rides.',
  }),
  currency: z.string(),
  livemode: z.boolean(),
  hosted_payment_url: z.string().nullable().optional().meta({ description: "An invoice's payment page (invoices only)." }),
});
const invoice = {
  number: 'INV-2026-000123',
  type: 'invoice',
  account: 'acct_01jd2k3m4n5p6q7r8s9t0v1w2x',
  net: 1000,
  tax: 200,
  gross: 1200,
  amount_due: 1200,
  currency: 'EUR',
  livemode: true,
};
const Payment = z.object({
  payment_id: z.string(),
  invoice: z.string(),
  account: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['processing', 'requires_action', 'succeeded', 'failed']),
  reason: z.string().nullable(),
  method: Card.nullable(),
  three_ds: ThreeDs.nullable(),
  hosted_payment_url: z.string().nullable(),
  livemode: z.boolean(),
});
const payment = {
  payment_id: 'pay_01jd2k3m4n5p6q7r8s9t0v1w2x',
  invoice: 'INV-2026-000123',
  account: 'acct_01jd2k3m4n5p6q7r8s9t0v1w2x',
  amount: 1200,
  currency: 'EUR',
  status: 'succeeded',
  reason: null,
  method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  three_ds: { version: '2.2.0', flow: 'frictionless', trans_status: 'Y', eci: '05', outcome: 'authenticated' },
  hosted_payment_url: 'https://hub.example.com/pay/doc_01jd2k3m4n5p6q7r8s9t0v1w2x.tz5k2a.S1gn4tur3',
  livemode: true,
};
const Dispute = z.object({
  dispute_id: z.string(),
  payment_id: z.string(),
  invoice: z.string(),
  account: z.string(),
  amount: z.number().meta({ description: 'The disputed amount.' }),
  currency: z.string(),
  reason: z.string().meta({ description: 'The bank’s reason as the provider reports it (`fraudulent`, `product_not_received`, …).' }),
  status: z.string().meta({ description: 'The provider’s status of the dispute.' }),
  outcome: z.enum(['open', 'won', 'lost']),
  credit_note: z.string().nullable(),
  livemode: z.boolean(),
});
const dispute = {
  dispute_id: 'dp_1QexampleDispute',
  payment_id: payment.payment_id,
  invoice: payment.invoice,
  account: payment.account,
  amount: 1200,
  currency: 'EUR',
  reason: 'fraudulent',
  status: 'needs_response',
  outcome: 'open',
  credit_note: null,
  livemode: true,
};
const Settlement = z.object({
  settlement: z.string(),
  driver: z.string(),
  driver_name: z.string(),
  payable: z.number(),
  currency: z.string(),
});
const BankAccountChange = z.object({
  driver: z.string(),
  driver_name: z.string(),
  holder: z.string(),
  iban: z.string().meta({ description: 'Masked.' }),
  previous_iban: z.string().nullable().meta({ description: 'Masked; null for a first account.' }),
  changed_by: z.enum(['driver', 'ops']),
  name_check: z.enum(['match', 'close', 'no_match']),
  hold_until: z.string().nullable().meta({ description: 'Payouts to the account wait until then (null: not held).' }),
});
const TestEvent = z.object({ destination: z.string(), message: z.string() });

const booking = {
  ref: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x',
  market: 'PAR',
  status: 'allocated',
  pickup: 'Paris Charles de Gaulle, Terminal 2E',
  dropoff: '10 Place Vendôme, Paris',
  pickup_at: '2026-11-24T08:30:00.000Z',
  vehicle_class: 'executive',
  chauffeur: { name: 'Jo Martin', unit: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x' },
  total: { net: 102.13, tax: 20.43, gross: 122.56, currency: 'EUR' },
  customer_reference: 'CC-4711',
  livemode: true,
  created_at: '2026-11-22T16:41:04.253Z',
};

/** Every public event type: what it means, the JSON Schema of its `data`, and an example `data`. */
export const EVENT_CATALOGUE: Record<PublicEventType, { description: string; data: z.ZodType; example: unknown }> = {
  'booking.status_changed': {
    description:
      'A booking changed status (allocated, en_route, arrived, pob, completed, …). `data` is the booking as the public API shows it.',
    data: PublicBooking,
    example: booking,
  },
  'booking.cancelled': {
    description: 'A booking was cancelled (by the partner, the integrator or operations). `data` is the booking, status `cancelled`.',
    data: PublicBooking,
    example: { ...booking, status: 'cancelled', chauffeur: null }, // cancelled before allocation
  },
  'booking.rescheduled': {
    description:
      'The pickup time of a booking moved: the customer rescheduled it (`cause: customer`) or the flight it meets is early or late (`cause: flight_watch`). ' +
      '`data` is the booking with its new `pickup_at` (and re-priced `total`), plus `previous_pickup_at` and `cause`.',
    data: PublicBooking.extend({
      previous_pickup_at: z.string().meta({ description: 'The pickup time before this change, ISO 8601 UTC.' }),
      cause: z.enum(RESCHEDULE_CAUSES),
    }),
    example: { ...booking, pickup_at: '2026-12-01T10:15:00.000Z', previous_pickup_at: '2026-12-01T09:30:00.000Z', cause: 'flight_watch' },
  },
  'invoice.created': {
    description:
      'The settlement cycle issued an invoice to the account (amounts are decimals of its currency; see GET /api/public/v1/invoices/{number}).',
    data: Invoice,
    example: invoice,
  },
  'credit_note.created': {
    description: 'A credit note was issued against one of the account’s invoices (`credits` is that invoice’s number).',
    data: Invoice.extend({ credits: z.string() }),
    example: {
      ...invoice,
      number: 'CN-2026-000007',
      type: 'credit_note',
      net: 100,
      tax: 20,
      gross: 120,
      amount_due: 120,
      credits: 'INV-2026-000123',
    },
  },
  'payment.succeeded': {
    description: 'A card payment of an invoice succeeded (with its card and 3-D Secure result); `invoice.paid` follows.',
    data: Payment,
    example: payment,
  },
  'payment.failed': {
    description:
      'A payment failed: `reason` is `3ds_challenge_abandoned` (the challenge went unanswered for PAYMENT_CHALLENGE_TIMEOUT), `3ds_authentication_failed`, the issuer’s decline code (`card_declined`, `insufficient_funds`, `expired_card`, `processing_error`), or `amount_not_supported` (a three-decimal amount not in whole hundredths, refused before any call). The invoice stays open: `hosted_payment_url` takes another card.',
    data: Payment,
    example: {
      ...payment,
      status: 'failed',
      reason: '3ds_challenge_abandoned',
      method: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2030 },
      three_ds: { version: '2.2.0', flow: 'challenge', trans_status: 'C', eci: null, outcome: 'abandoned' },
    },
  },
  'payment.action_required': {
    description:
      'The settlement cycle charged the saved card and the issuer asks the cardholder to authenticate: the payment waits for them on `hosted_payment_url` (as Stripe’s `authentication_required`), until PAYMENT_CHALLENGE_TIMEOUT.',
    data: Payment,
    example: {
      ...payment,
      status: 'requires_action',
      three_ds: { version: '2.2.0', flow: 'challenge', trans_status: 'C', eci: null, outcome: 'pending' },
    },
  },
  'payment.refunded': {
    description:
      'Part or all of a payment was refunded, by the hub or in the payment provider’s dashboard; `credit_note` is the credit note issued against the invoice for it (null when the refund pays out what the credit note of a failed refund already promised).',
    data: z.object({
      payment_id: z.string(),
      invoice: z.string(),
      account: z.string(),
      amount: z.number().meta({ description: 'This refund.' }),
      refunded: z.number().meta({ description: 'All refunds of the payment so far.' }),
      currency: z.string(),
      reason: z.string(),
      credit_note: z.string().nullable(),
      livemode: z.boolean(),
    }),
    example: {
      payment_id: payment.payment_id,
      invoice: payment.invoice,
      account: payment.account,
      amount: 120,
      refunded: 120,
      currency: 'EUR',
      reason: 'refund',
      credit_note: 'CN-2026-000008',
      livemode: true,
    },
  },
  'payment.refund_failed': {
    description:
      'A refund that had been made failed afterwards (the card account was closed, …): the money is back with the platform. Its credit note stays issued, so the amount is still owed to the account; the platform pays it another way (a new refund, a bank transfer).',
    data: z.object({
      payment_id: z.string(),
      invoice: z.string(),
      account: z.string(),
      refund_id: z.string(),
      amount: z.number(),
      currency: z.string(),
      failure_reason: z
        .string()
        .meta({ description: 'The provider’s reason: `expired_or_canceled_card`, `lost_or_stolen_card`, `unknown`…' }),
      credit_note: z.string().nullable(),
      livemode: z.boolean(),
    }),
    example: {
      payment_id: payment.payment_id,
      invoice: payment.invoice,
      account: payment.account,
      refund_id: 'pay_01jd2k3m4n5p6q7r8s9t0v1w2x:1',
      amount: 120,
      currency: 'EUR',
      failure_reason: 'expired_or_canceled_card',
      credit_note: 'CN-2026-000008',
      livemode: true,
    },
  },
  'payment.disputed': {
    description:
      'The cardholder’s bank disputed a payment (a chargeback, or an inquiry before one): the invoice is `disputed` until the dispute closes.',
    data: Dispute,
    example: dispute,
  },
  'payment.dispute_closed': {
    description:
      'A dispute closed. `outcome: won`: the money stays, the invoice is `paid` again. `outcome: lost`: the bank took the disputed amount back for good; the `chargeback` credit note `credit_note` corrects the invoice (the invoice itself never changes) and it is `paid` again.',
    data: Dispute,
    example: { ...dispute, status: 'lost', outcome: 'lost', credit_note: 'CN-2026-000009' },
  },
  'invoice.paid': {
    description: 'An invoice was paid in full by the payment `payment_id`.',
    data: z.object({
      number: z.string(),
      account: z.string(),
      gross: z.number(),
      currency: z.string(),
      payment_id: z.string(),
      livemode: z.boolean(),
    }),
    example: {
      number: 'INV-2026-000123',
      account: payment.account,
      gross: 1200,
      currency: 'EUR',
      payment_id: payment.payment_id,
      livemode: true,
    },
  },
  'settlement.paid': {
    description: "A chauffeur settlement was paid out (operator accounts only: settlements are the platform's business).",
    data: Settlement,
    example: {
      settlement: 'ST-2026-000042',
      driver: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x',
      driver_name: 'Jo Martin',
      payable: 842.5,
      currency: 'EUR',
    },
  },
  'settlement.failed': {
    description:
      "A settlement's payout failed (`reason` as the payout provider gave it, e.g. `account_closed`); the next cycle tries again. Operator accounts only.",
    data: Settlement.extend({ reason: z.string() }),
    example: {
      settlement: 'ST-2026-000043',
      driver: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2y',
      driver_name: 'Sam Lee',
      payable: 120,
      currency: 'EUR',
      reason: 'account_closed',
    },
  },
  'settlement.awaiting_rail': {
    description:
      'A live settlement’s payout waits: no configured payout rail carries its currency (with PAYOUT_PROVIDER=sepa, every currency but EUR). ' +
      'It is never reported paid until a rail takes it; sent once per settlement. Operator accounts only.',
    data: Settlement,
    example: {
      settlement: 'ST-2026-000044',
      driver: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2z',
      driver_name: 'Alex Kent',
      payable: 610,
      currency: 'GBP',
    },
  },
  'driver.bank_account_changed': {
    description:
      'A chauffeur’s bank account was recorded or replaced (by the driver app or ops). The first payout to a replaced account waits ' +
      '24 h (`hold_until`); `name_check` compares the account holder with the driver’s name. Operator accounts only, scope `payouts.read`.',
    data: BankAccountChange,
    example: {
      driver: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x',
      driver_name: 'Jo Martin',
      holder: 'J. Martin',
      iban: 'DE** **** **** **** **30 00',
      previous_iban: 'FR** **** **** **** **** ***0 189',
      changed_by: 'driver',
      name_check: 'close',
      hold_until: '2026-11-29T09:12:00.000Z',
    },
  },
  'webhook.test': {
    description: 'Sent on request by "send a test event"; every destination receives it, whatever it selected.',
    data: TestEvent,
    example: { destination: 'whd_01jd2k3m4n5p6q7r8s9t0v1w2x', message: 'A test event sent on request.' },
  },
};

const envelopeSchema = (type: string, data: Record<string, unknown>) => ({
  type: 'object',
  required: ['id', 'type', 'created', 'livemode', 'data'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'Event id (evt_…), the same on every retry: dedupe by it.' },
    type: { const: type },
    created: { type: 'string', format: 'date-time' },
    livemode: { type: 'boolean', description: 'false for test-mode (sandbox) events' },
    test: { const: true, description: 'Present only on a test event sent on request ("send a test event"), with the example payload.' },
    data,
  },
});

/** The envelope's schema around a data schema; named sub-schemas (`$defs`) move to the root where their `$ref`s point. */
function envelopeWithData(type: string, dataSchema: Record<string, unknown>) {
  const { $defs, $schema: _ignored, ...data } = dataSchema;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...envelopeSchema(type, data), ...($defs ? { $defs } : {}) };
}

/** `/events.json`: the catalogue with a JSON Schema (draft 2020-12) of each event's envelope and an example. */
export function eventCatalogueDocument() {
  return {
    signature: {
      header: 'Service-Signature',
      format: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> keyed by the whole whsec_… secret; two v1= during a rotation',
      other_headers: ['Service-Event-Id', 'Service-Event-Type', 'Service-Delivery-Id', 'Service-Attempt'],
    },
    events: PUBLIC_EVENT_TYPES.map((type) => {
      const entry = EVENT_CATALOGUE[type];
      return {
        type,
        description: entry.description,
        schema: envelopeWithData(type, z.toJSONSchema(entry.data, { target: 'draft-2020-12' }) as Record<string, unknown>),
        example: { id: 'evt_01jd2k3m4n5p6q7r8s9t0v1w2x', type, created: '2026-11-22T16:41:04.253Z', livemode: true, data: entry.example },
      };
    }),
  };
}

/** `/asyncapi.json`: the same catalogue as an AsyncAPI 3.0 document (one channel: your destination URL). */
export function asyncApiDocument(publicBaseUrl: string) {
  const catalogue = eventCatalogueDocument();
  const messages = Object.fromEntries(
    catalogue.events.map((e) => [
      e.type.replace('.', '_'),
      {
        name: e.type,
        title: e.type,
        summary: e.description,
        contentType: 'application/json',
        headers: {
          type: 'object',
          properties: {
            'Service-Signature': { type: 'string' },
            'Service-Event-Id': { type: 'string' },
            'Service-Delivery-Id': { type: 'string' },
            'Service-Attempt': { type: 'string' },
          },
        },
        payload: e.schema,
        examples: [{ payload: e.example }],
      },
    ]),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Dispatch Integration Hub webhooks',
      version: '1.0.0',
      description: `Signed webhooks POSTed to the destinations you configure (${publicBaseUrl}/api/public/v1/webhook-destinations). Retries: 8 attempts, backoff up to 6 hours; a destination is paused after 12 consecutive failures.`,
    },
    channels: {
      destination: {
        address: '{destinationUrl}',
        parameters: { destinationUrl: { description: 'The URL of your webhook destination.' } },
        messages: Object.fromEntries(Object.keys(messages).map((k) => [k, { $ref: `#/components/messages/${k}` }])),
      },
    },
    operations: {
      receiveEvent: {
        action: 'receive',
        channel: { $ref: '#/channels/destination' },
        messages: Object.keys(messages).map((k) => ({ $ref: `#/channels/destination/messages/${k}` })),
      },
    },
    components: { messages },
  };
}
