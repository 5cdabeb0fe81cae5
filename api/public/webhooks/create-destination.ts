import { createDestination } from '../../../app/destinations';
import { defineOperation } from '../../operation';
import { checkUrl, DESTINATION_ERRORS } from './common';
import { CreateDestinationBody, destinationView, WebhookDestinationWithSecret } from './schemas';
import { environmentOf } from '../../../domain/environment';

export const createWebhookDestination = defineOperation({
  operationId: 'createWebhookDestination',
  method: 'post',
  path: '/api/public/v1/webhook-destinations',
  summary: 'Create a webhook destination',
  description:
    "A destination in the key's environment. The answer carries the full signing secret (`whsec_…`) once; afterwards only its masked form. " +
    'Accepts `Idempotency-Key`.',
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  idempotent: true,
  request: {
    body: CreateDestinationBody,
    bodyExample: {
      url: 'https://erp.example.com/hooks/dispatch',
      description: 'ERP sync',
      events: ['booking.status_changed', 'booking.cancelled'],
    },
  },
  responses: { 201: { description: 'Created; the signing secret is shown this once.', schema: WebhookDestinationWithSecret } },
  errors: [...DESTINATION_ERRORS.filter((c) => c !== 'not_found'), 'idempotency_key_in_use', 'idempotency_key_reused'],
  async handler({ body, principal, deps }) {
    checkUrl(body.url, { livemode: principal.livemode, devTargets: deps.devWebhookTargets });
    const { destination, secret } = await createDestination(deps.orm, deps.encryptionKey, {
      accountId: principal.ownerId,
      environment: environmentOf(principal.livemode),
      url: body.url,
      description: body.description ?? null,
      eventTypes: body.events,
    });
    return {
      status: 201,
      headers: { Location: `${deps.publicBaseUrl}/api/public/v1/webhook-destinations/${destination.id}` },
      body: { ...destinationView(destination), signing_secret: secret },
    };
  },
});
