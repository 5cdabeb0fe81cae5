import { z } from 'zod';
import { AttemptId, checkRedeliverySelection, DELIVERY_LOG_QUERY, documentRedeliverySelection, EventId } from '../delivery-logs';
import { keysetPage } from '../pagination';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { Instant } from '../wire-schemas';
import { redeliverPartnerEvents } from '../../app/partner-endpoints';
import { partnerDeliveryAttempt, partnerDeliveryAttempts, type PartnerDeliveryRow } from '../../db/partner-events';
import { environmentOf } from '../../domain/environment';

const PartnerDeliveryAttempt = z
  .object({
    id: AttemptId,
    event_id: z.string(),
    event_type: z.string(),
    url: z.string(),
    sent_at: z.string(),
    attempt: z.number().int(),
    response_ms: z.number().int(),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    succeeded: z.boolean(),
  })
  .meta({ id: 'PartnerWebhookDeliveryAttempt' });

const view = (r: PartnerDeliveryRow) => ({
  id: String(r.id),
  event_id: r.event_id,
  event_type: r.type,
  url: r.url,
  sent_at: new Date(r.sent_at).toISOString(),
  attempt: r.attempt,
  response_ms: r.duration_ms,
  response_status: r.response_status,
  error: r.error,
  succeeded: r.response_status !== null && r.response_status >= 200 && r.response_status < 300,
});

const ERRORS = ['unauthorized', 'invalid_token', 'insufficient_scope', 'ip_not_allowed', 'validation_failed', 'rate_limited'] as const;

export const listPartnerWebhookDeliveries = defineOperation({
  operationId: 'listPartnerWebhookDeliveries',
  method: 'get',
  path: '/v1/webhook-deliveries',
  summary: 'List webhook delivery attempts',
  description:
    "Every attempt to deliver one of your events to your webhook URL (token's environment), newest first. Filter by event, status and time sent (`from` inclusive, `to` exclusive).",
  tags: ['Webhook deliveries (partner)'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  request: {
    query: z
      .object({
        ...DELIVERY_LOG_QUERY,
      })
      .strict(),
  },
  responses: {
    200: {
      description: 'One page of attempts.',
      schema: z
        .object({ data: z.array(PartnerDeliveryAttempt), has_more: z.boolean(), next_cursor: z.string().nullable() })
        .meta({ id: 'PartnerWebhookDeliveryAttemptList' }),
    },
  },
  errors: [...ERRORS],
  async handler({ query, principal, deps, ctx }) {
    const rows = await partnerDeliveryAttempts(deps.orm, principal.ownerId, environmentOf(principal.livemode), {
      event: query.event,
      status: query.status,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor,
      limit: query.limit + 1,
    });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (r) => String(r.id), view) };
  },
});

export const getPartnerWebhookDelivery = defineOperation({
  operationId: 'getPartnerWebhookDelivery',
  method: 'get',
  path: '/v1/webhook-deliveries/:id',
  summary: 'Read one webhook delivery attempt with its payload',
  tags: ['Webhook deliveries (partner)'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  request: { params: z.object({ id: AttemptId }) },
  responses: {
    200: {
      description: 'The attempt and the exact body sent.',
      schema: PartnerDeliveryAttempt.extend({ payload: z.string() }).meta({ id: 'PartnerWebhookDeliveryAttemptWithPayload' }),
    },
  },
  errors: [...ERRORS, 'not_found'],
  async handler({ params, principal, deps }) {
    const row = await partnerDeliveryAttempt(deps.orm, params.id, principal.ownerId, environmentOf(principal.livemode));
    if (!row) throw new ProblemError('not_found', { detail: `No delivery attempt ${params.id}.`, param: 'id' });
    return { status: 200, body: { ...view(row), payload: row.body! } };
  },
});

const RedeliverBody = z
  .object({
    event_id: EventId.optional().meta({ description: 'Send this event again.' }),
    from: Instant.optional().meta({ description: 'With `to`: every event created in [from, to) that was never acknowledged.' }),
    to: Instant.optional(),
  })
  .strict()
  .superRefine(checkRedeliverySelection)
  .meta({ id: 'PartnerRedeliverWebhooks', override: documentRedeliverySelection });

export const redeliverPartnerWebhooks = defineOperation({
  operationId: 'redeliverPartnerWebhooks',
  idempotent: true,
  method: 'post',
  path: '/v1/webhook-redeliveries',
  summary: 'Redeliver one event, or every unacknowledged one in a time range',
  description:
    "Sends the events again (same event ids and bodies) with the full retry schedule, through the endpoint's delivery queue; an event still waiting there keeps its place and schedule.",
  tags: ['Webhook deliveries (partner)'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  request: { body: RedeliverBody, bodyExample: { event_id: 'evt_01jd2k3m4n5p6q7r8s9t0v1w2x' } },
  responses: {
    202: {
      description: 'The events handed to delivery.',
      schema: z.object({ event_ids: z.array(z.string()) }).meta({ id: 'PartnerRedeliveryResult' }),
    },
  },
  errors: [...ERRORS, 'not_found', 'service_unavailable'],
  async handler({ body, principal, deps }) {
    const selection = body.event_id ? { eventId: body.event_id } : { from: new Date(body.from!), to: new Date(body.to!) };
    const eventIds = await redeliverPartnerEvents(deps, principal.ownerId, environmentOf(principal.livemode), selection);
    return { status: 202, body: { event_ids: eventIds } };
  },
});
