import type { Context } from 'koa';
import { z } from 'zod';
import { readEventLog } from '../../db/public-events';
import {
  EVENT_LOG_RETENTION_DAYS,
  EVENT_READ_SCOPES,
  EVENT_SCOPE_BY_PREFIX,
  eventReadScope,
  LOGGED_EVENT_TYPES,
  readableEventTypes,
  typesMatching,
} from '../../domain/public-event-scopes';
import { EventId } from '../delivery-logs';
import { insufficientScope } from '../auth/api-key-auth';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { encodeCursor, keysetCursor, keysetPage, PageLimit } from '../pagination';
import { Instant } from '../wire-schemas';
import { environmentOf } from '../../domain/environment';

const GROUPS = [...new Set(LOGGED_EVENT_TYPES.map((t) => `${t.slice(0, t.indexOf('.'))}.*`))];
const TYPE_FILTERS = [...LOGGED_EVENT_TYPES, ...GROUPS] as [string, ...string[]];

const ListEventsQuery = z
  .object({
    type: z
      .enum(TYPE_FILTERS)
      .optional()
      .meta({ description: 'One event type, or a group of them as `<object>.*` (e.g. `booking.*`).', example: 'booking.status_changed' }),
    from: Instant.optional().meta({ description: 'Events created at or after this time, RFC 3339.' }),
    limit: PageLimit,
    cursor: keysetCursor((id) => EventId.safeParse(id).success).optional(),
  })
  .strict();

export const LoggedEvent = z
  .object({
    id: z.string().meta({ description: 'Event id (evt_…), the one its webhooks carry.', example: 'evt_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    type: z.enum(LOGGED_EVENT_TYPES as [string, ...string[]]),
    created: z.string().meta({ description: 'ISO 8601 UTC.' }),
    livemode: z.boolean(),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: "The event's data as its webhook carries it (catalogue and schemas: /events.json)." }),
  })
  .meta({ id: 'LoggedEvent', description: 'The webhook envelope, exactly as delivered (the same bytes, parsed).' });

export const LoggedEventList = z
  .object({
    data: z.array(LoggedEvent),
    has_more: z.boolean(),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'Where the next page starts, also after the last event so far; null only before any event.' }),
  })
  .meta({ id: 'LoggedEventList' });

const scopeTable = Object.entries(EVENT_SCOPE_BY_PREFIX)
  .map(([prefix, scope]) => `\`${prefix}*\` with \`${scope}\``)
  .join(', ');

export const listPublicEvents = defineOperation({
  operationId: 'listPublicEvents',
  method: 'get',
  path: '/api/public/v1/events',
  summary: 'List events (the event log)',
  description:
    "Every public event your account's data produced in the key's environment (an operator account: every account's), whether or not a " +
    'webhook destination took it, **oldest first**, each as the webhook envelope delivered. Sync incrementally or catch up after an outage: ' +
    'ask again from the last `next_cursor`, which every page carries, the last one too (`has_more: false`: nothing newer yet, poll from it later). ' +
    `Events are kept ${EVENT_LOG_RETENTION_DAYS} days. Each event is seen with the scope that reads its object: ${scopeTable}; ` +
    'a key sees only the types its scopes read, and `403 insufficient_scope` answers a `type` it cannot read. Filter by `type` and `from` (created at or after).',
  tags: ['Public events'],
  security: { kind: 'apiKey', scope: EVENT_READ_SCOPES },
  request: { query: ListEventsQuery },
  responses: {
    200: {
      description: 'One page of events, oldest first.',
      schema: LoggedEventList,
    },
  },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    let types = readableEventTypes(principal.scopes);
    if (query.type) {
      const wanted = typesMatching(query.type);
      const missing = [...new Set(wanted.map((t) => eventReadScope(t)!))].filter((s) => !principal.scopes.includes(s));
      if (missing.length) throw insufficientScope(missing);
      types = wanted;
    }
    const rows = await readEventLog(deps.orm, {
      environment: environmentOf(principal.livemode),
      accountId: principal.accountKind === 'operator' ? undefined : principal.ownerId,
      types,
      from: query.from ? new Date(query.from) : undefined,
      after: query.cursor,
      limit: query.limit + 1,
    });
    return { status: 200, ...eventFeedPage(ctx, deps.publicBaseUrl, rows, query.limit, query.cursor) };
  },
});

/**
 * One page of an event feed read with `limit + 1` rows, each the envelope as stored. A feed has no last page: at its
 * end too the cursor says where to look for newer events next time (the one given, before any event).
 */
export function eventFeedPage(ctx: Context, publicBaseUrl: string, rows: { id: string; body: string }[], limit: number, cursor?: string) {
  const page = keysetPage(
    ctx,
    publicBaseUrl,
    rows,
    limit,
    (r) => r.id,
    (r) => JSON.parse(r.body) as z.infer<typeof LoggedEvent>,
  );
  const last = page.body.data.at(-1)?.id ?? cursor;
  return { headers: page.headers, body: { ...page.body, next_cursor: last ? encodeCursor(last) : null } };
}

export const getPublicEvent = defineOperation({
  operationId: 'getPublicEvent',
  method: 'get',
  path: '/api/public/v1/events/:id',
  summary: 'Retrieve one event',
  description:
    'One event of the event log, as the webhook envelope delivered: the same rules as the list (your account’s events, or every account’s for an operator; ' +
    `the key's environment; a type your scopes read; ${EVENT_LOG_RETENTION_DAYS} days). Anything else, and test events, answer 404. ` +
    'Its deliveries: `GET /api/public/v1/webhook-deliveries?event=<id>`.',
  tags: ['Public events'],
  security: { kind: 'apiKey', scope: EVENT_READ_SCOPES },
  request: { params: z.object({ id: EventId }) },
  responses: { 200: { description: 'The event.', schema: LoggedEvent } },
  errors: ['invalid_api_key', 'insufficient_scope', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ params, principal, deps }) {
    const [row] = await readEventLog(deps.orm, {
      environment: environmentOf(principal.livemode),
      accountId: principal.accountKind === 'operator' ? undefined : principal.ownerId,
      types: readableEventTypes(principal.scopes),
      eventId: params.id,
      limit: 1,
    });
    if (!row) throw new ProblemError('not_found', { detail: `No event ${params.id}.`, param: 'id' });
    return { status: 200, body: JSON.parse(row.body) as z.infer<typeof LoggedEvent> };
  },
});
