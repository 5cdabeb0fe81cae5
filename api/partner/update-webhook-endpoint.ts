import { z } from 'zod';
import { updatePartner, webhookEndpoint } from '../../app/accounts';
import { webhookUrlProblem, WEBHOOK_URL_RULE } from '../../domain/webhook-url';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { WEBHOOK_ENDPOINT_ERRORS } from './get-webhook-endpoint';
import { WebhookEndpoint } from './schemas';
import { bookingEnvironment } from '../auth/principal';

export const UpdateWebhookEndpointRequest = z
  .object({
    url: z
      .string()
      .nullable()
      .meta({ description: `Set it (${WEBHOOK_URL_RULE}) or clear it with null.`, example: 'https://ota.example.com/hooks/dispatch' }),
  })
  .strict()
  .meta({ id: 'UpdateWebhookEndpointRequest' });

export const updateWebhookEndpoint = defineOperation({
  operationId: 'updateWebhookEndpoint',
  method: 'patch',
  path: '/v1/webhook-endpoint',
  summary: 'Set or clear your webhook endpoint',
  description:
    'Events from the next delivery attempt on go to the new URL; with null no more deliveries are attempted. Plain http is accepted only for localhost / 127.0.0.1 / [::1] and only from sandbox credentials (the URL is shared by both environments, so live events would follow it there too).',
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  request: { body: UpdateWebhookEndpointRequest, bodyExample: { url: 'https://ota.example.com/hooks/dispatch' } },
  responses: { 200: { description: 'The endpoint as it is now.', schema: WebhookEndpoint } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS, 'bad_request', 'invalid_json', 'payload_too_large', 'unsupported_media_type', 'validation_failed'],
  async handler({ body, principal, deps }) {
    if (body.url !== null) {
      const problem = webhookUrlProblem(body.url, bookingEnvironment(principal.livemode));
      if (problem) {
        throw new ProblemError('validation_failed', {
          detail: '1 field failed validation.',
          param: 'url',
          errors: [{ param: 'url', code: 'invalid_url', detail: problem }],
        });
      }
    }
    await updatePartner(deps.orm, principal.ownerId, { webhookUrl: body.url });
    const endpoint = await webhookEndpoint(deps.orm, deps, principal.ownerId);
    return { status: 200, body: { url: endpoint.url, secret_hint: endpoint.secretHint } };
  },
});
