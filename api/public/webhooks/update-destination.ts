import { z } from 'zod';
import { updateDestination } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { checkUrl, DESTINATION_ERRORS, ownDestination } from './common';
import { deliveryCounts, DestinationId, destinationView, UpdateDestinationBody, WebhookDestinationView } from './schemas';

export const updateWebhookDestination = defineOperation({
  operationId: 'updateWebhookDestination',
  idempotent: true,
  method: 'patch',
  path: '/api/public/v1/webhook-destinations/:id',
  summary: 'Update a webhook destination',
  description: 'Changes the URL, description or selected events. Deliveries already under way keep going to the destination.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }), body: UpdateDestinationBody, bodyExample: { events: ['booking.cancelled'] } },
  responses: { 200: { description: 'The updated destination.', schema: WebhookDestinationView } },
  errors: DESTINATION_ERRORS,
  async handler({ params, body, principal, deps }) {
    const found = await ownDestination(deps.orm, principal, params.id);
    if (body.url !== undefined) checkUrl(body.url, { livemode: principal.livemode, devTargets: deps.devWebhookTargets });
    const d = await updateDestination(deps.orm, found.id, { url: body.url, description: body.description, eventTypes: body.events });
    const counts = await deliveryCounts(deps.orm, [d.id]);
    return { status: 200, body: destinationView(d, counts.get(d.id)) };
  },
});
