import { z } from 'zod';
import { sendPartnerTestEvent } from '../../app/partner-endpoints';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { WEBHOOK_ENDPOINT_ERRORS } from './get-webhook-endpoint';
import { environmentOf } from '../../domain/environment';

export const TestWebhookSent = z
  .object({
    event_id: z.string().meta({ example: 'evt_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    event: z.literal('webhook.test'),
    url: z.string(),
  })
  .meta({ id: 'TestWebhookSent' });

export const sendTestWebhook = defineOperation({
  operationId: 'sendTestWebhook',
  idempotent: true,
  method: 'post',
  path: '/v1/webhook-endpoint/test',
  summary: 'Send a test event to your webhook endpoint',
  description:
    'Queues a signed `webhook.test` event, delivered and retried like every other event (workflow `partner-endpoint:<partner_id>:<environment>`). Answers once it is queued, not once it is delivered.',
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  responses: { 202: { description: 'Queued for delivery.', schema: TestWebhookSent } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS, 'conflict', 'service_unavailable'],
  async handler({ principal, deps }) {
    const event = await sendPartnerTestEvent(deps, principal.ownerId, environmentOf(principal.livemode));
    if (!event) throw new ProblemError('conflict', { detail: 'Set a webhook URL first (PATCH /v1/webhook-endpoint).', param: 'url' });
    return { status: 202, body: { event_id: event.eventId, event: 'webhook.test', url: event.url } };
  },
});
