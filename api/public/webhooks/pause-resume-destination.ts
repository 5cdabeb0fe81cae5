import { z } from 'zod';
import { setDestinationActive } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { deliveryCounts, DestinationId, destinationView, WebhookDestinationView } from './schemas';

export const pauseWebhookDestination = defineOperation({
  operationId: 'pauseWebhookDestination',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/webhook-destinations/:id/pause',
  summary: 'Pause a webhook destination',
  description:
    'Nothing is sent to it while paused and nothing is dropped: new and retrying deliveries wait, without spending attempts, until it is resumed.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 200: { description: 'The paused destination.', schema: WebhookDestinationView } },
  errors: [...DESTINATION_ERRORS, 'service_unavailable'],
  async handler({ params, principal, deps }) {
    await ownDestination(deps.orm, principal, params.id);
    const d = await setDestinationActive(deps.orm, deps.temporal, params.id, false);
    const counts = await deliveryCounts(deps.orm, [d.id]);
    return { status: 200, body: destinationView(d, counts.get(d.id)) };
  },
});

export const resumeWebhookDestination = defineOperation({
  operationId: 'resumeWebhookDestination',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/webhook-destinations/:id/resume',
  summary: 'Resume a webhook destination',
  description:
    'Makes a paused destination active (the failure count starts again from zero) and sends its backlog of waiting deliveries in event order, at most 20 a second.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 200: { description: 'The active destination.', schema: WebhookDestinationView } },
  errors: [...DESTINATION_ERRORS, 'service_unavailable'],
  async handler({ params, principal, deps }) {
    await ownDestination(deps.orm, principal, params.id);
    const d = await setDestinationActive(deps.orm, deps.temporal, params.id, true);
    const counts = await deliveryCounts(deps.orm, [d.id]);
    return { status: 200, body: destinationView(d, counts.get(d.id)) };
  },
});
