import { z } from 'zod';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { deliveryCounts, DestinationId, destinationView, WebhookDestinationView } from './schemas';

export const getWebhookDestination = defineOperation({
  operationId: 'getWebhookDestination',
  method: 'get',
  path: '/api/public/v1/webhook-destinations/:id',
  summary: 'Retrieve a webhook destination',
  description: 'Another account’s destination, or one of the other environment, answers 404.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 200: { description: 'The destination.', schema: WebhookDestinationView } },
  errors: DESTINATION_ERRORS,
  async handler({ params, principal, deps }) {
    const d = await ownDestination(deps.orm, principal, params.id);
    const counts = await deliveryCounts(deps.orm, [d.id]);
    return { status: 200, body: destinationView(d, counts.get(d.id)) };
  },
});
