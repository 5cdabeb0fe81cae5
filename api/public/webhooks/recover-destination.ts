import { environmentOf, testOrLive } from '../../../domain/environment';
import { z } from 'zod';
import { ownRecovery, startRecovery } from '../../../app/webhook-recoveries';
import type { RecoveryRow } from '../../../db/webhook-recoveries';
import { EVENT_LOG_RETENTION_DAYS } from '../../../domain/public-event-scopes';
import { ProblemError } from '../../errors';
import { defineOperation } from '../../operation';
import { Instant } from '../../wire-schemas';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';

const RecoveryId = z.string().regex(/^rcv_[0-9a-hjkmnp-tv-z]{26}$/, 'expected a recovery id (rcv_…)');

const WebhookRecovery = z
  .object({
    object: z.literal('webhook_recovery'),
    id: RecoveryId,
    destination: DestinationId,
    since: z.string(),
    until: z.string().meta({ description: 'When the recovery was asked for: events created in [since, until) are recovered.' }),
    status: z.enum(['running', 'completed']),
    count: z.number().int().meta({ description: 'Failed deliveries to redeliver, counted when the recovery began.' }),
    redelivered: z.number().int().meta({ description: 'Redelivered so far (one that meanwhile got a delivery of its own is skipped).' }),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookRecovery' });

const view = (r: RecoveryRow) => ({
  object: 'webhook_recovery' as const,
  id: r.id,
  destination: r.destination_id,
  since: new Date(r.since).toISOString(),
  until: new Date(r.until).toISOString(),
  status: r.status,
  count: r.count,
  redelivered: r.redelivered,
  created_at: new Date(r.created_at).toISOString(),
  completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
});

export const recoverWebhookDestination = defineOperation({
  operationId: 'recoverWebhookDestination',
  method: 'post',
  path: '/api/public/v1/webhook-destinations/:id/recover',
  summary: 'Redeliver every failed delivery since a time',
  description:
    'Every delivery to this destination that failed for good, of events created since `since` (at most the event log\u2019s 30 days) and until now, ' +
    'is sent again (new delivery ids, the same event ids and bodies, the full retry schedule) by one durable job, `webhook-recovery:<id>`. ' +
    'Answers at once with the count; follow it with `GET /api/public/v1/webhook-recoveries/{id}`. Accepts `Idempotency-Key`: a retry with the same key answers the same recovery and redelivers nothing more.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  idempotent: true,
  request: {
    params: z.object({ id: DestinationId }),
    body: z
      .object({ since: Instant.meta({ description: 'Recover failures of events created at or after this time.' }) })
      .strict()
      .meta({ id: 'RecoverWebhookDestination' }),
    bodyExample: { since: '2026-11-25T00:00:00Z' },
  },
  responses: { 202: { description: 'The recovery, started (or completed at once when nothing failed).', schema: WebhookRecovery } },
  errors: [...DESTINATION_ERRORS, 'service_unavailable', 'idempotency_key_in_use', 'idempotency_key_reused'],
  async handler({ params, body, principal, deps }) {
    const d = await ownDestination(deps.orm, principal, params.id);
    const now = new Date();
    const since = new Date(body.since);
    const oldest = now.getTime() - EVENT_LOG_RETENTION_DAYS * 86_400_000;
    if (since.getTime() >= now.getTime() || since.getTime() < oldest) {
      const detail = `since must be in the past, at most ${EVENT_LOG_RETENTION_DAYS} days ago (events are kept that long).`;
      throw new ProblemError('validation_failed', { detail, param: 'since', errors: [{ param: 'since', code: 'custom', detail }] });
    }
    const recovery = await startRecovery(
      deps.orm,
      deps.temporal,
      {
        accountId: principal.ownerId,
        environment: testOrLive(environmentOf(principal.livemode)),
        destinationId: d.id,
        since,
      },
      now,
    );
    return { status: 202, body: view(recovery) };
  },
});

export const getWebhookRecovery = defineOperation({
  operationId: 'getWebhookRecovery',
  method: 'get',
  path: '/api/public/v1/webhook-recoveries/:id',
  summary: 'Follow a recovery',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: RecoveryId }) },
  responses: { 200: { description: 'The recovery and how far it got.', schema: WebhookRecovery } },
  errors: DESTINATION_ERRORS,
  async handler({ params, principal, deps }) {
    const recovery = await ownRecovery(
      deps.orm,
      { accountId: principal.ownerId, environment: testOrLive(environmentOf(principal.livemode)) },
      params.id,
    );
    if (!recovery) throw new ProblemError('not_found', { detail: `No recovery ${params.id}.`, param: 'id' });
    return { status: 200, body: view(recovery) };
  },
});
