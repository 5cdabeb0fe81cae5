import { webhookEndpoint } from '../../app/partner-endpoints';
import { defineOperation } from '../operation';
import { endpointView, WebhookEndpoint } from './schemas';
import { environmentOf } from '../../domain/environment';

export const WEBHOOK_ENDPOINT_ERRORS = ['unauthorized', 'invalid_token', 'insufficient_scope', 'ip_not_allowed', 'rate_limited'] as const;

export const getWebhookEndpoint = defineOperation({
  operationId: 'getWebhookEndpoint',
  method: 'get',
  path: '/v1/webhook-endpoint',
  summary: 'Read your webhook endpoint',
  description:
    'The URL the hub POSTs your events of this environment to and a hint of its signing secret. Sandbox and live each have their own endpoint and secret: a sandbox token reads and changes only the sandbox one.',
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  responses: { 200: { description: 'The endpoint.', schema: WebhookEndpoint } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS],
  async handler({ principal, deps }) {
    const endpoint = await webhookEndpoint(deps.orm, deps, principal.ownerId, environmentOf(principal.livemode));
    return { status: 200, body: endpointView(endpoint) };
  },
});
