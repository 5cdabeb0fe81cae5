import { z } from 'zod';
import { sendDestinationTestEvent } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { DESTINATION_ERRORS, ownDestination } from './common';
import { DestinationId } from './schemas';
import { EVENT_CATALOGUE } from '../event-catalogue';
import { PUBLIC_EVENT_TYPES, TEST_EVENT_TYPE } from '../../../domain/public-events';

const TestEventBody = z
  .object({
    type: z
      .enum(PUBLIC_EVENT_TYPES)
      .optional()
      .meta({ description: 'The event type to send, with its example payload from `/events.json`; `webhook.test` when absent.' }),
  })
  .strict()
  .meta({ id: 'WebhookTestEventRequest' });

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
    'Sends a signed test event to this destination, whatever events it selected, with the usual retries: `webhook.test`, or any `type` of the catalogue (`/events.json`) with its example payload. The envelope carries `"test": true` (and `livemode` follows the destination). Follow it in the delivery log. Test events are not in the event log and do not count towards the pause rule.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: {
    params: z.object({ id: DestinationId }),
    body: TestEventBody,
    bodyOptional: true,
    bodyExample: { type: 'booking.status_changed' },
  },
  responses: { 202: { description: 'The test event is on its way.', schema: TestEventResult } },
  errors: [...DESTINATION_ERRORS, 'service_unavailable'],
  async handler({ params, body, principal, deps }) {
    const d = await ownDestination(deps.orm, principal, params.id);
    const type = body.type ?? TEST_EVENT_TYPE;
    const sent = await sendDestinationTestEvent(deps.orm, deps.temporal, d, { type, example: EVENT_CATALOGUE[type].example });
    return { status: 202, body: { event_id: sent.eventId, delivery_id: sent.deliveryId } };
  },
});
