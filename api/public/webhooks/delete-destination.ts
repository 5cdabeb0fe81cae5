import { z } from 'zod';
import { WebhookDestinationSchema } from '../../../db/entities';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';

export const deleteWebhookDestination = defineOperation({
  operationId: 'deleteWebhookDestination',
  method: 'delete',
  path: '/api/public/v1/webhook-destinations/:id',
  summary: 'Delete a webhook destination',
  description: 'No new events go to it; its pending deliveries stop at their next attempt. The delivery log stays readable.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 204: { description: 'Deleted.' } },
  errors: DESTINATION_ERRORS,
  async handler({ params, principal, deps }) {
    await ownDestination(deps.orm, principal, params.id);
    const now = new Date();
    await deps.orm.em.fork().nativeUpdate(WebhookDestinationSchema, { id: params.id }, { deletedAt: now, updatedAt: now });
    return { status: 204 };
  },
});
