import { z } from 'zod';
import type { FilterQuery } from '@mikro-orm/core';
import { WebhookDestinationSchema, type WebhookDestination } from '../../../db/entities';
import { defineOperation } from '../../operation';
import { environmentOf } from './common';
import { deliveryCounts, destinationView, encodeIdCursor, IdCursor, Limit, WebhookDestinationList } from './schemas';

export const listWebhookDestinations = defineOperation({
  operationId: 'listWebhookDestinations',
  method: 'get',
  path: '/api/public/v1/webhook-destinations',
  summary: 'List webhook destinations',
  description: "The destinations of the calling account in the key's environment, newest first.",
  tags: ['Webhook destinations'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: { query: z.object({ limit: Limit, cursor: IdCursor.optional() }).strict() },
  responses: { 200: { description: 'One page of destinations.', schema: WebhookDestinationList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    const where: FilterQuery<WebhookDestination> = { accountId: principal.ownerId, environment: environmentOf(principal), deletedAt: null };
    if (query.cursor) where.id = { $lt: query.cursor };
    const found = await deps.orm.em.fork().find(WebhookDestinationSchema, where, { orderBy: { id: 'desc' }, limit: query.limit + 1 });
    const page = found.slice(0, query.limit);
    const hasMore = found.length > query.limit;
    const nextCursor = hasMore ? encodeIdCursor(page[page.length - 1].id) : null;
    const headers: Record<string, string> = {};
    if (nextCursor) {
      const next = new URLSearchParams(ctx.querystring);
      next.set('cursor', nextCursor);
      headers.Link = `<${deps.publicBaseUrl}${ctx.path}?${next}>; rel="next"`;
    }
    const counts = await deliveryCounts(
      deps.orm,
      page.map((d) => d.id),
    );
    return {
      status: 200,
      headers,
      body: { data: page.map((d) => destinationView(d, counts.get(d.id))), has_more: hasMore, next_cursor: nextCursor },
    };
  },
});
