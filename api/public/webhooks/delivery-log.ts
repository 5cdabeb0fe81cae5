import { z } from 'zod';
import type { Principal } from '../../auth/principal';
import { ProblemError } from '../../errors';
import { defineOperation } from '../../operation';
import { Instant } from '../../wire-schemas';
import { environmentOf, testOrLive } from '../../../domain/environment';
import { AttemptId, checkRedeliverySelection, DELIVERY_LOG_QUERY, documentRedeliverySelection, EventId } from '../../delivery-logs';
import { keysetPage } from '../../pagination';
import { DeliveryEventType, DestinationId } from './schemas';
import { BookingRef } from '../schemas';
import { bodyForDisplay } from '../../../domain/webhook-response';
import { redeliver } from '../../../app/destinations';
import { loggedAttempt, readDeliveryLog, type LoggedAttemptRow } from '../../../db/delivery-feed';

export const DeliveryAttempt = z
  .object({
    id: AttemptId,
    delivery_id: z.string().meta({ description: 'The delivery (dlv_…), the same for every attempt of one event to one destination.' }),
    event_id: z.string(),
    event_type: z.string(),
    destination_id: z.string(),
    url: z.string(),
    sent_at: z.string(),
    attempt: z.number().int(),
    response_ms: z.number().int(),
    response_status: z.number().int().nullable().meta({ description: 'HTTP status; null when no answer came (see error).' }),
    error: z.string().nullable().meta({ description: 'Error class when no answer came: timeout, connection_refused, blocked_address, …' }),
    succeeded: z.boolean(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });
const ReceiverResponse = z
  .object({
    headers: z.record(z.string(), z.string()).meta({
      description:
        'The response headers, names lowercased; the values of credential headers (`set-cookie`, `authorization`, any name with token, secret, session, key, signature…) and secret-looking spans read `[redacted]`.',
      example: { 'content-type': 'application/json', 'set-cookie': '[redacted]' },
    }),
    body: z.string().meta({
      description:
        'The first 4 KB of the response body as received, secret-looking spans (and your signing secret, if echoed) replaced by `[redacted]`: text when the bytes are UTF-8, otherwise base64 (`body_encoding`).',
    }),
    body_encoding: z.enum(['utf8', 'base64']),
    truncated: z.boolean().meta({ description: 'The body went on past the 4 KB kept.' }),
  })
  .meta({ id: 'WebhookReceiverResponse' });

const DeliveryAttemptWithPayload = DeliveryAttempt.extend({
  payload: z.string().meta({ description: 'The exact body sent.' }),
  response: ReceiverResponse.nullable().meta({
    description: 'What your endpoint answered, kept 30 days; null when no answer came (see `error`) or after those 30 days.',
  }),
}).meta({ id: 'WebhookDeliveryAttemptWithPayload' });

const responseView = (r: AttemptRow) =>
  r.response_headers && r.response_body
    ? {
        headers: r.response_headers,
        ...bodyForDisplay(r.response_body, Boolean(r.response_truncated)),
        truncated: Boolean(r.response_truncated),
      }
    : null;

export type AttemptRow = LoggedAttemptRow;

export const attemptView = (r: AttemptRow) => ({
  id: String(r.id),
  delivery_id: r.delivery_id,
  event_id: r.event_id,
  event_type: r.event_type,
  destination_id: r.destination_id,
  url: r.url,
  sent_at: new Date(r.sent_at).toISOString(),
  attempt: r.attempt,
  response_ms: r.duration_ms,
  response_status: r.response_status,
  error: r.error,
  succeeded: r.succeeded,
});

const LOG_ERRORS = ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'] as const;

export const listWebhookDeliveries = defineOperation({
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: '/api/public/v1/webhook-deliveries',
  summary: 'List delivery attempts',
  description:
    "Every attempt to deliver an event to one of your destinations (key's environment), newest first. Filter by destination, event, booking (the attempts of its events), delivery, event type, status and time sent (`from` inclusive, `to` exclusive). The single read adds the payload and what your endpoint answered.",
  tags: ['Webhook deliveries'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: {
    query: z
      .object({
        destination: DestinationId.optional(),
        type: DeliveryEventType,
        booking: BookingRef.optional().meta({ description: 'The attempts of this booking\u2019s events.' }),
        delivery: z
          .string()
          .regex(/^dlv_[0-9a-hjkmnp-tv-z]{26}$/, 'expected a delivery id (dlv_…)')
          .optional()
          .meta({ description: 'The attempts of one delivery.' }),
        ...DELIVERY_LOG_QUERY,
      })
      .strict(),
  },
  responses: {
    200: {
      description: 'One page of attempts.',
      schema: z
        .object({ data: z.array(DeliveryAttempt), has_more: z.boolean(), next_cursor: z.string().nullable() })
        .meta({ id: 'WebhookDeliveryAttemptList' }),
    },
  },
  errors: [...LOG_ERRORS],
  async handler({ query, principal, deps, ctx }) {
    const rows = await readDeliveryLog(deps.orm, {
      accountId: principal.ownerId,
      environment: testOrLive(environmentOf(principal.livemode)),
      destinationId: query.destination,
      eventId: query.event,
      bookingId: query.booking,
      deliveryId: query.delivery,
      eventType: query.type,
      succeeded: query.status ? query.status === 'succeeded' : undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor,
      limit: query.limit + 1,
    });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (r) => String(r.id), attemptView) };
  },
});

export const getWebhookDelivery = defineOperation({
  operationId: 'getWebhookDelivery',
  method: 'get',
  path: '/api/public/v1/webhook-deliveries/:id',
  summary: 'Retrieve one delivery attempt with its payload and the answer',
  tags: ['Webhook deliveries'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: AttemptId }) },
  responses: {
    200: { description: 'The attempt, the exact body sent and what your endpoint answered.', schema: DeliveryAttemptWithPayload },
  },
  errors: [...LOG_ERRORS, 'not_found'],
  async handler({ params, principal, deps }) {
    const row = await loggedAttempt(deps.orm, params.id, principal.ownerId, testOrLive(environmentOf(principal.livemode)));
    if (!row) throw new ProblemError('not_found', { detail: `No delivery attempt ${params.id}.`, param: 'id' });
    return { status: 200, body: { ...attemptView(row), payload: row.body!, response: responseView(row) } };
  },
});

const RedeliverBody = z
  .object({
    event_id: EventId.optional().meta({ description: 'Send this event again (to `destination_id`, or to every destination that had it).' }),
    destination_id: DestinationId.optional(),
    from: Instant.optional().meta({ description: 'With `to`: every delivery that failed for good, of events created in [from, to).' }),
    to: Instant.optional(),
  })
  .strict()
  .superRefine(checkRedeliverySelection)
  .meta({ id: 'RedeliverWebhooks', override: documentRedeliverySelection });

export const redeliverWebhooks = defineOperation({
  operationId: 'redeliverWebhooks',
  method: 'post',
  path: '/api/public/v1/webhook-redeliveries',
  summary: 'Redeliver one event, or every failed one in a time range',
  description:
    'Starts new deliveries (new delivery ids, the same event ids and bodies) with the full retry schedule. A delivery of the same event to the same destination still under way is left alone. Accepts `Idempotency-Key`.',
  tags: ['Webhook deliveries'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  idempotent: true,
  request: { body: RedeliverBody, bodyExample: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z' } },
  responses: {
    202: {
      description: 'The deliveries started.',
      schema: z
        .object({ deliveries: z.array(z.object({ delivery_id: z.string(), event_id: z.string(), destination_id: z.string() })) })
        .meta({ id: 'RedeliveryResult' }),
    },
  },
  errors: [...LOG_ERRORS, 'not_found', 'service_unavailable', 'idempotency_key_in_use', 'idempotency_key_reused'],
  async handler({ body, principal, deps }) {
    const started = await redeliver(deps.orm, deps.temporal, ownerOf(principal), body);
    if (body.event_id && started === null) throw new ProblemError('not_found', { detail: `No event ${body.event_id}.`, param: 'event_id' });
    return {
      status: 202,
      body: {
        deliveries: (started ?? []).map((d) => ({ delivery_id: d.deliveryId, event_id: d.eventId, destination_id: d.destinationId })),
      },
    };
  },
});

const ownerOf = (p: Principal) => ({ accountId: p.ownerId, environment: environmentOf(p.livemode) });
