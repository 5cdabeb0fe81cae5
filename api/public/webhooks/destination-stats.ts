import { z } from 'zod';
import { destinationStats } from '../../../db/webhook-stats';
import { ProblemError } from '../../errors';
import { defineOperation } from '../../operation';
import { Instant } from '../../wire-schemas';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';

const DAY_MS = 86_400_000;
const MAX_WINDOW_MS = 7 * DAY_MS;

const Counts = z.object({ succeeded: z.number().int(), failed: z.number().int() });

const DestinationStatsView = z
  .object({
    object: z.literal('webhook_destination_stats'),
    destination: DestinationId,
    from: z.string(),
    to: z.string(),
    deliveries: z.object({ delivered: z.number().int(), failed: z.number().int(), pending: z.number().int() }).meta({
      description:
        'Events sent to the destination in the window, each once in the state of its latest delivery: delivered, failed for good, or pending (still retrying, or parked while the destination is paused).',
    }),
    attempts: Counts.meta({ description: 'Delivery attempts made in the window, by outcome.' }),
    hourly: z
      .array(Counts.extend({ start: z.string() }))
      .meta({ description: 'Attempts per hour from `from` (the last hour may be shorter): a small chart.' }),
  })
  .meta({ id: 'WebhookDestinationStats' });

export const getWebhookDestinationStats = defineOperation({
  operationId: 'getWebhookDestinationStats',
  method: 'get',
  path: '/api/public/v1/webhook-destinations/:id/stats',
  summary: "A destination's deliveries and attempts over a window",
  description:
    'Delivered, failed and pending deliveries and the attempts by outcome, per hour, over [`from`, `to`): the last 24 hours by default, at most 7 days.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: {
    params: z.object({ id: DestinationId }),
    query: z
      .object({
        from: Instant.optional().meta({ description: 'Start of the window (inclusive); 24 hours before `to` by default.' }),
        to: Instant.optional().meta({ description: 'End of the window (exclusive); now by default.' }),
      })
      .strict(),
  },
  responses: { 200: { description: 'The figures.', schema: DestinationStatsView } },
  errors: DESTINATION_ERRORS,
  async handler({ params, query, principal, deps }) {
    const d = await ownDestination(deps.orm, principal, params.id);
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - DAY_MS);
    const span = to.getTime() - from.getTime();
    if (span <= 0 || span > MAX_WINDOW_MS) {
      const detail = span <= 0 ? 'from must be before to.' : 'The window is at most 7 days.';
      throw new ProblemError('validation_failed', {
        detail,
        param: 'query.from',
        errors: [{ param: 'query.from', code: 'custom', detail }],
      });
    }
    const stats = await destinationStats(deps.orm, d.id, from, to);
    return {
      status: 200,
      body: {
        object: 'webhook_destination_stats',
        destination: d.id,
        from: from.toISOString(),
        to: to.toISOString(),
        deliveries: stats.deliveries,
        attempts: stats.attempts,
        hourly: stats.hourly.map((h) => ({ start: h.start.toISOString(), succeeded: h.succeeded, failed: h.failed })),
      },
    };
  },
});
