import { z } from 'zod';
import { setWebhookUrl, webhookEndpoint } from '../../app/partner-endpoints';
import { urlProblem, WEBHOOK_URL_RULE } from '../../infra/safe-http';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { WEBHOOK_ENDPOINT_ERRORS } from './get-webhook-endpoint';
import { endpointView, WebhookEndpoint } from './schemas';
import { environmentOf } from '../../domain/environment';

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
  idempotent: true,
  method: 'patch',
  path: '/v1/webhook-endpoint',
  summary: 'Set or clear your webhook endpoint',
  description:
    "Sets the endpoint of the calling credential's environment: a sandbox token changes only the sandbox endpoint, a live token only the live one. Events from the next delivery attempt on go to the new URL; with null no more deliveries are attempted. The URL must be https to a public address; plain http and localhost are accepted only from sandbox credentials on a hub started for development (`npm start`), never in production.",
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  request: { body: UpdateWebhookEndpointRequest, bodyExample: { url: 'https://ota.example.com/hooks/dispatch' } },
  responses: { 200: { description: 'The endpoint as it is now.', schema: WebhookEndpoint } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS, 'bad_request', 'invalid_json', 'payload_too_large', 'unsupported_media_type', 'validation_failed'],
  async handler({ body, principal, deps }) {
    if (body.url !== null) {
      const problem = urlProblem(body.url, { livemode: principal.livemode, devTargets: deps.devWebhookTargets });
      if (problem) {
        throw new ProblemError('validation_failed', {
          detail: '1 field failed validation.',
          param: 'url',
          errors: [{ param: 'url', code: 'invalid_url', detail: `url ${problem}: expected ${WEBHOOK_URL_RULE}` }],
        });
      }
    }
    const environment = environmentOf(principal.livemode);
    await setWebhookUrl(deps.orm, principal.ownerId, environment, body.url);
    return { status: 200, body: endpointView(await webhookEndpoint(deps.orm, deps, principal.ownerId, environment)) };
  },
});
