import { z } from 'zod';
import { DEFAULT_ROTATION_OVERLAP_SECONDS, rotateDestinationSecret } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { deliveryCounts, DestinationId, destinationView, WebhookDestinationWithSecret } from './schemas';

const RotateBody = z
  .object({
    overlap_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .optional()
      .meta({ description: 'How long the old secret keeps signing beside the new one (default 86400, at most 7 days).', example: 86_400 }),
  })
  .strict()
  .meta({ id: 'RotateWebhookSecret' });

export const rotateWebhookDestinationSecret = defineOperation({
  operationId: 'rotateWebhookDestinationSecret',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/webhook-destinations/:id/rotate-secret',
  summary: 'Rotate the signing secret',
  description:
    'Makes a new signing secret, shown once in this answer. During the overlap every delivery carries two `v1=` signatures, one per secret, so receivers can switch without losing an event.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }), body: RotateBody, bodyExample: { overlap_seconds: 3600 }, bodyOptional: true },
  responses: { 200: { description: 'The destination with its new secret, shown this once.', schema: WebhookDestinationWithSecret } },
  errors: DESTINATION_ERRORS,
  async handler({ params, body, principal, deps }) {
    await ownDestination(deps.orm, principal, params.id);
    const { destination, secret } = await rotateDestinationSecret(
      deps.orm,
      deps.encryptionKey,
      params.id,
      body.overlap_seconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS,
    );
    const counts = await deliveryCounts(deps.orm, [destination.id]);
    return { status: 200, body: { ...destinationView(destination, counts.get(destination.id)), signing_secret: secret } };
  },
});
