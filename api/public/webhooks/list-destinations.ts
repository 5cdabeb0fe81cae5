import { z } from 'zod';
import type { FilterQuery } from '@mikro-orm/core';
import { WebhookDestinationSchema, type WebhookDestination } from '../../../db/entities';
import { defineOperation } from '../../operation';
import { keysetPage, PageLimit } from '../../pagination';
import { deliveryCounts, destinationView, IdCursor, WebhookDestinationList } from './schemas';
import { environmentOf } from '../../../domain/environment';

export const listWebhookDestinations = defineOperation({
  operationId: 'listWebhookDestinations',
  method: 'get',
  path: '/api/public/v1/webhook-destinations',
  summary: 'List webhook destinations',
  description: "The destinations of the calling account in the key's environment, newest first.",
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { query: z.object({ limit: PageLimit, cursor: IdCursor.optional() }).strict() },
  responses: { 200: { description: 'One page of destinations.', schema: WebhookDestinationList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    const where: FilterQuery<WebhookDestination> = {
      accountId: principal.ownerId,
      environment: environmentOf(principal.livemode),
      deletedAt: null,
    };
    if (query.cursor) where.id = { $lt: query.cursor };
    const found = await deps.orm.em.fork().find(WebhookDestinationSchema, where, { orderBy: { id: 'desc' }, limit: query.limit + 1 });
    const counts = await deliveryCounts(
      deps.orm,
      found.slice(0, query.limit).map((d) => d.id),
    );
    const view = (d: WebhookDestination) => destinationView(d, counts.get(d.id));
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, found, query.limit, (d) => d.id, view) };
  },
});
