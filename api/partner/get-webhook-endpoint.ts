import { webhookEndpoint } from '../../app/accounts';
import { defineOperation } from '../operation';
import { WebhookEndpoint } from './schemas';

export const WEBHOOK_ENDPOINT_ERRORS = ['unauthorized', 'invalid_token', 'insufficient_scope', 'ip_not_allowed', 'rate_limited'] as const;

export const getWebhookEndpoint = defineOperation({
  operationId: 'getWebhookEndpoint',
  method: 'get',
  path: '/v1/webhook-endpoint',
  summary: 'Read your webhook endpoint',
  description: 'The URL the hub POSTs your events to (one per partner, for both environments) and a hint of the signing secret.',
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  responses: { 200: { description: 'The endpoint.', schema: WebhookEndpoint } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS],
  async handler({ principal, deps }) {
    const endpoint = await webhookEndpoint(deps.orm, deps, principal.ownerId);
    return { status: 200, body: { url: endpoint.url, secret_hint: endpoint.secretHint } };
  },
});
