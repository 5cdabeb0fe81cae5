import { z } from 'zod';
import { sendDestinationTestEvent } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';

const TestEventResult = z
  .object({
    event_id: z.string().meta({ example: 'evt_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    delivery_id: z.string().meta({ example: 'dlv_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
  })
  .meta({ id: 'WebhookTestEvent' });

export const sendWebhookTestEvent = defineOperation({
  operationId: 'sendWebhookTestEvent',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/webhook-destinations/:id/test',
  summary: 'Send a test event',
  description:
    'Sends a signed `webhook.test` event to this destination, whatever events it selected, with the usual retries. Follow it in the delivery log. Test events do not count towards the pause rule.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { params: z.object({ id: DestinationId }) },
  responses: { 202: { description: 'The test event is on its way.', schema: TestEventResult } },
  errors: [...DESTINATION_ERRORS, 'service_unavailable'],
  async handler({ params, principal, deps }) {
    const d = await ownDestination(deps.orm, principal, params.id);
    const sent = await sendDestinationTestEvent(deps.orm, deps.temporal, d);
    return { status: 202, body: { event_id: sent.eventId, delivery_id: sent.deliveryId } };
  },
});
