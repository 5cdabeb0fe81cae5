import { z } from 'zod';
import { rotateWebhookSecret as rotate, webhookEndpoint } from '../../app/accounts';
import { defineOperation } from '../operation';
import { WEBHOOK_ENDPOINT_ERRORS } from './get-webhook-endpoint';

export const RotatedWebhookSecret = z
  .object({
    secret: z.string().meta({ description: 'The new signing secret. Shown only in this response: store it now.', example: 'phsec_3kQ…' }),
    url: z.string().nullable(),
  })
  .meta({ id: 'RotatedWebhookSecret' });

export const rotateWebhookSecret = defineOperation({
  operationId: 'rotateWebhookSecret',
  method: 'post',
  path: '/v1/webhook-endpoint/rotate-secret',
  summary: 'Rotate your webhook signing secret',
  description:
    'Replaces the secret at once: every delivery attempt from now on, retries of earlier events included, is signed with the new one. Not idempotent (a replay would have to store the secret): a retry rotates again.',
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  responses: { 200: { description: 'The new secret, shown once.', schema: RotatedWebhookSecret } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS],
  async handler({ principal, deps }) {
    const secret = await rotate(deps.orm, deps, principal.ownerId);
    const { url } = await webhookEndpoint(deps.orm, deps, principal.ownerId);
    return { status: 200, body: { secret, url }, headers: { 'Cache-Control': 'no-store' } };
  },
});
