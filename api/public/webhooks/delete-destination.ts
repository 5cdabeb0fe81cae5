import { z } from 'zod';
import { deleteDestination } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';

export const deleteWebhookDestination = defineOperation({
  operationId: 'deleteWebhookDestination',
  idempotent: true,
  method: 'delete',
  path: '/api/public/v1/webhook-destinations/:id',
  summary: 'Delete a webhook destination',
  description:
    'No new events go to it, and its pending and parked deliveries end now (their log says `destination_deleted`); the delivery log stays readable.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 204: { description: 'Deleted.' } },
  errors: DESTINATION_ERRORS,
  async handler({ params, principal, deps }) {
    await ownDestination(deps.orm, principal, params.id);
    await deleteDestination(deps.orm, deps.temporal, params.id);
    return { status: 204 };
  },
});
