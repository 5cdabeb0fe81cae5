import { z } from 'zod';
import { PARTNER_ROTATION_OVERLAP_SECONDS, rotateWebhookSecret as rotate } from '../../app/partner-endpoints';
import { ProblemError } from '../errors';
import { KEY_PATTERN, parseIdempotencyKey } from '../middleware/idempotency';
import { defineOperation } from '../operation';
import { WEBHOOK_ENDPOINT_ERRORS } from './get-webhook-endpoint';
import { environmentOf } from '../../domain/environment';

export const RotatedWebhookSecret = z
  .object({
    secret: z.string().meta({ description: 'The new signing secret. Shown only in this response: store it now.', example: 'phsec_3kQ…' }),
    url: z.string().nullable(),
    previous_secret_expires_at: z.iso.datetime().meta({
      description:
        'Until then the previous secret keeps signing beside the new one (`X-Signature-Previous`, a second `v1=` in `X-Signature-V2`).',
      example: '2026-11-26T09:00:00Z',
    }),
  })
  .meta({ id: 'RotatedWebhookSecret' });

const RotationHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).regex(KEY_PATTERN).optional().meta({
    description: 'A retry with the same key answers the secret the first call made instead of rotating again.',
    example: '6f1c8f5e-2b7a-4c1d-9e0f-3a2b1c0d9e8f',
  }),
});

export const rotateWebhookSecret = defineOperation({
  operationId: 'rotateWebhookSecret',
  method: 'post',
  path: '/v1/webhook-endpoint/rotate-secret',
  summary: 'Rotate your webhook signing secret',
  description: `Makes a new signing secret for the endpoint of the calling credential's environment (a sandbox token never touches the live secret). The previous secret keeps signing for ${PARTNER_ROTATION_OVERLAP_SECONDS / 3600} hours: meanwhile every delivery carries both signatures, so a receiver switches without losing an event. Send an \`Idempotency-Key\`: a retry with the same key answers the same secret instead of rotating again (which would end the original secret's overlap). No body.`,
  tags: ['Webhooks'],
  security: { kind: 'partner', scope: 'webhooks.manage' },
  request: { headers: RotationHeaders },
  responses: { 200: { description: 'The new secret, shown once (again on a retry with the same key).', schema: RotatedWebhookSecret } },
  errors: [...WEBHOOK_ENDPOINT_ERRORS, 'bad_request', 'validation_failed'],
  async handler({ principal, deps, ctx }) {
    // The platform's reading of the key (bare or quoted); present but empty is malformed, as everywhere.
    const key = ctx.headers['idempotency-key'] === undefined ? undefined : parseIdempotencyKey(ctx.get('idempotency-key'));
    if (key === null) {
      throw new ProblemError('bad_request', { detail: 'Idempotency-Key must be 1–255 printable characters.', param: 'Idempotency-Key' });
    }
    const rotated = await rotate(deps.orm, deps, principal.ownerId, environmentOf(principal.livemode), key);
    return {
      status: 200,
      body: { secret: rotated.secret, url: rotated.url, previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString() },
      headers: { 'Cache-Control': 'no-store' },
    };
  },
});
