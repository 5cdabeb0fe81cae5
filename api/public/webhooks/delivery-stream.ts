import { environmentOf, testOrLive } from '../../../domain/environment';
import { z } from 'zod';
import { attemptsAfter, latestAttemptId } from '../../../db/delivery-feed';
import { principalStillStands } from '../../auth/console-session';
import { serveEventStream } from '../../event-stream';
import { defineOperation } from '../../operation';
import { attemptView, DeliveryAttempt } from './delivery-log';
import { DeliveryEventType, DestinationId } from './schemas';

/** Attempts ids are read again this far back: a row whose id was taken earlier may commit after a later one. */
const LOOKBACK = 100n;
const PAGE = 100;
const SEEN_KEPT = 2000;

export const streamWebhookDeliveries = defineOperation({
  operationId: 'streamWebhookDeliveries',
  method: 'get',
  path: '/api/public/v1/webhook-deliveries/stream',
  summary: 'Live stream of new delivery attempts',
  description:
    "Server-Sent Events (`text/event-stream`): each new attempt to deliver an event to one of your destinations (key's environment) as it is logged, " +
    'as `event: delivery_attempt` with the attempt as JSON (as `GET /api/public/v1/webhook-deliveries` lists it) and its id as `id:`. ' +
    'Starts with the next attempt; reconnect with `Last-Event-ID` to get those logged since. `: ping` every 15 s. Filter by `destination` and by event `type`. ' +
    'The stream stays open only for a client that sends `Accept: text/event-stream` (as EventSource does); any other gets the attempts logged after `Last-Event-ID` and the answer ends.',
  tags: ['Webhook deliveries'],
  security: { kind: 'apiKey', scope: 'webhooks.manage' },
  request: {
    query: z
      .object({
        destination: DestinationId.optional(),
        type: DeliveryEventType,
      })
      .strict(),
  },
  responses: { 200: { description: 'The event stream.', schema: DeliveryAttempt, contentType: 'text/event-stream' } },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    const accountId = principal.ownerId;
    const environment = testOrLive(environmentOf(principal.livemode));
    const resume = ctx.get('last-event-id');
    let after = BigInt(/^\d{1,18}$/.test(resume) ? resume : await latestAttemptId(deps.orm, accountId, environment));
    const floor = after;
    const seen = new Set<string>();
    await serveEventStream(ctx, deps, {
      channel: 'delivery_attempted',
      key: `${accountId}:${environment}`,
      what: { accountId },
      // EventSource asks for text/event-stream; any other client gets what is there now, and the answer ends.
      once: !/text\/event-stream/i.test(ctx.get('accept')),
      stillStands: () => principalStillStands(deps, principal),
      async read(stream) {
        let from = after - LOOKBACK > floor ? after - LOOKBACK : floor;
        for (;;) {
          const rows = await attemptsAfter(deps.orm, {
            accountId,
            environment,
            destinationId: query.destination,
            eventType: query.type,
            after: String(from),
            limit: PAGE,
          });
          for (const row of rows) {
            if (!seen.has(row.id)) {
              seen.add(row.id);
              stream.send(row.id, attemptView(row), 'delivery_attempt');
            }
            if (BigInt(row.id) > after) after = BigInt(row.id);
          }
          if (seen.size > SEEN_KEPT) for (const id of [...seen].slice(0, seen.size - SEEN_KEPT)) seen.delete(id);
          if (rows.length < PAGE) return;
          from = BigInt(rows[rows.length - 1]!.id);
        }
      },
    });
    return { status: 200, body: ctx.body };
  },
});
