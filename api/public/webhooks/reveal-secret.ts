import { z } from 'zod';
import { revealSecrets } from '../../../infra/destination-secrets';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';

const SigningSecret = z
  .string()
  .meta({ description: 'A full signing secret.', example: 'whsec_q0m1F4n8s2K9x7VbTz3YcA5HdL6RwE1jNuPgIoQk8Ss=' });

export const WebhookDestinationSecret = z
  .object({
    id: DestinationId,
    signing_secret: SigningSecret.meta({ description: 'The current signing secret: every delivery carries its `v1=` signature.' }),
    previous: z
      .object({
        signing_secret: SigningSecret.meta({ description: 'The secret before the last rotation, still signing beside the current one.' }),
        expires_at: z.string().meta({ description: 'When it stops signing: the end of the rotation’s overlap (ISO 8601 UTC).' }),
      })
      .nullable()
      .meta({ description: 'During a rotation’s overlap (24 h unless the rotation said otherwise) the previous secret; null otherwise.' }),
  })
  .meta({ id: 'WebhookDestinationSecret' });

export const revealWebhookDestinationSecret = defineOperation({
  operationId: 'revealWebhookDestinationSecret',
  method: 'get',
  path: '/api/public/v1/webhook-destinations/:id/secret',
  summary: 'Reveal the signing secret',
  description:
    'The full signing secret of the destination, and during a rotation’s overlap the previous one with the end of its overlap: what a receiver needs to verify `Service-Signature`. ' +
    'Answered with `Cache-Control: no-store`, and each read is logged (destination, account, key or console login). ' +
    'Another account’s destination, or one of the other environment, answers 404.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 200: { description: 'The signing secrets.', schema: WebhookDestinationSecret } },
  errors: DESTINATION_ERRORS,
  async handler({ params, principal, deps }) {
    const d = await ownDestination(deps.orm, principal, params.id);
    const { current, previous } = revealSecrets(d, deps.decryptionKeys);
    deps.logger.info(
      { destination: d.id, account: principal.ownerId, credential: principal.credentialId, console: principal.console?.sessionId },
      'webhook signing secret revealed',
    );
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store' },
      body: {
        id: d.id,
        signing_secret: current,
        previous: previous && { signing_secret: previous.secret, expires_at: previous.expiresAt.toISOString() },
      },
    };
  },
});
