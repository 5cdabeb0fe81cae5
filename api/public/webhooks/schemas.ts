import { z } from 'zod';
import type { WebhookDestination } from '../../../db/entities';
import { isPublicEventType, maskSigningSecret, PUBLIC_EVENT_TYPES } from '../../../domain/public-events';
import { PUBLIC_WEBHOOK_RETRY } from '../../../domain/public-webhook-schedule';
import { ID_PATTERN } from '../../../infra/ids';
import { keysetCursor } from '../../pagination';

export const DestinationId = z
  .string()
  .regex(/^whd_[0-9a-hjkmnp-tv-z]{26}$/, 'expected a destination id (whd_…)')
  .meta({ description: 'Destination id.', example: 'whd_01jd2k3m4n5p6q7r8s9t0v1w2x' });

/** The optional event-type filter of the delivery log and of its live stream. */
export const DeliveryEventType = z
  .string()
  .max(100)
  .optional()
  .meta({ description: 'Only attempts of events of this type (`booking.cancelled`).' });

const EventTypeList = z
  .array(z.string().refine(isPublicEventType, { message: `unknown event type; allowed: ${PUBLIC_EVENT_TYPES.join(', ')}` }))
  .min(1, 'select at least one event type')
  .max(PUBLIC_EVENT_TYPES.length)
  .refine((a) => new Set(a).size === a.length, 'each event type once')
  .meta({
    description: `Event types this destination receives: ${PUBLIC_EVENT_TYPES.join(', ')}.`,
    example: ['booking.status_changed', 'booking.cancelled'],
  });

const Url = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .meta({
    description:
      'Where events are POSTed: https to a public address. Test keys may use plain http and http://localhost on a hub started for development, never in production.',
    example: 'https://erp.example.com/hooks/dispatch',
  });
const Description = z.string().max(500).nullable().meta({ description: 'Free text for your own reference.', example: 'ERP sync' });

export const CreateDestinationBody = z
  .object({ url: Url, description: Description.optional(), events: EventTypeList })
  .strict()
  .meta({ id: 'CreateWebhookDestination' });
export type CreateDestinationBody = z.infer<typeof CreateDestinationBody>;

export const UpdateDestinationBody = z
  .object({ url: Url.optional(), description: Description.optional(), events: EventTypeList.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'send at least one of url, description, events')
  .meta({ id: 'UpdateWebhookDestination' });

export const WebhookDestinationView = z
  .object({
    id: DestinationId,
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    signing_secret_masked: z.string().meta({ description: 'The signing secret, masked.', example: 'whsec_…k3Qz' }),
    status: z.enum(['active', 'paused']),
    paused: z
      .object({ reason: z.string(), since: z.string() })
      .nullable()
      .meta({ description: 'Why and since when the destination is paused; null while active.' }),
    deliveries_24h: z
      .object({ delivered: z.number().int(), failed: z.number().int() })
      .meta({ description: 'Delivery attempts in the last 24 hours that succeeded and that failed.' }),
    retry: z
      .object({ attempts: z.number().int(), backoff_ceiling_seconds: z.number().int(), pause_after_failures: z.number().int() })
      .meta({ description: 'The retry schedule: attempts per event, the longest wait between them, the pause threshold.' }),
    livemode: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookDestination' });
export type WebhookDestinationView = z.infer<typeof WebhookDestinationView>;

export const WebhookDestinationWithSecret = WebhookDestinationView.extend({
  signing_secret: z.string().meta({
    description: 'The full signing secret; afterwards the record shows it masked, and `GET …/{id}/secret` reveals it.',
    example: 'whsec_AbC…',
  }),
}).meta({ id: 'WebhookDestinationWithSecret' });

export const WebhookDestinationList = z
  .object({ data: z.array(WebhookDestinationView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'WebhookDestinationList' });

export const IdCursor = keysetCursor((id) => ID_PATTERN.test(id));

/** Each destination's delivered and failed attempts of the last 24 hours, as its view shows them. */
export { recentDeliveryCounts as deliveryCounts } from '../../../db/webhook-stats';

export function destinationView(d: WebhookDestination, counts = { delivered: 0, failed: 0 }): WebhookDestinationView {
  return {
    id: d.id,
    url: d.url,
    description: d.description ?? null,
    events: d.eventTypes,
    signing_secret_masked: maskSigningSecret(d.secretLast4),
    status: d.status,
    paused: d.status === 'paused' ? { reason: d.pausedReason ?? 'paused', since: (d.pausedSince ?? d.updatedAt).toISOString() } : null,
    deliveries_24h: counts,
    retry: {
      attempts: PUBLIC_WEBHOOK_RETRY.maxAttempts,
      backoff_ceiling_seconds: PUBLIC_WEBHOOK_RETRY.ceilingMs / 1000,
      pause_after_failures: PUBLIC_WEBHOOK_RETRY.pauseAfterFailures,
    },
    livemode: d.environment === 'live',
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}
