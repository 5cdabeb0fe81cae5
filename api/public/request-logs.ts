import { z } from 'zod';
import { readRequestLog, type RequestLogRow } from '../../db/request-log';
import { environmentOf, testOrLive } from '../../domain/environment';
import { REQUEST_LOG_RETENTION_DAYS, statusRange } from '../../domain/request-log';
import { defineOperation } from '../operation';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { Instant } from '../wire-schemas';

const REQUEST_ID = /^\d{1,18}$/;

const RequestLogEntry = z
  .object({
    id: z.string().meta({ example: '10442' }),
    account_id: z.string(),
    key_id: z.string().meta({
      description: 'The API key that made the request; for a console login, the key that opened it (or the login’s id when the CLI did).',
    }),
    via: z.enum(['key', 'console']),
    method: z.string().meta({ example: 'POST' }),
    path: z.string().meta({
      description: 'The path with its query; values of secret-looking parameters (token, secret, key…) read `[redacted]`.',
      example: '/api/public/v1/bookings',
    }),
    status: z.number().int().meta({ example: 201 }),
    request_id: z.string().meta({ description: 'The `X-Request-Id` of the response (and `request_id` of a problem).' }),
    latency_ms: z.number().int().meta({ description: 'From the request reaching the API to its answer.' }),
    created_at: z.string(),
  })
  .meta({ id: 'RequestLogEntry' });

const view = (r: RequestLogRow, accountId: string) => ({
  id: String(r.id),
  account_id: accountId,
  key_id: r.key_id,
  via: r.console ? ('console' as const) : ('key' as const),
  method: r.method,
  path: r.path,
  status: r.status,
  request_id: r.request_id,
  latency_ms: r.latency_ms,
  created_at: new Date(r.created_at).toISOString(),
});

export const listRequestLogs = defineOperation({
  operationId: 'listRequestLogs',
  method: 'get',
  path: '/api/public/v1/request-logs',
  summary: "List the account's API requests",
  description:
    `Every request your account made to this API with a key or a console login (key's environment), newest first, kept ${REQUEST_LOG_RETENTION_DAYS} days: ` +
    'method, path, status, request id, latency. Filter by key, status (`404`, or a class: `4xx`) and time (`from` inclusive, `to` exclusive). ' +
    'Rows are written in batches about once a second, so a request shows up a moment after its answer. A request refused before its key was known (`401`) is not in the log.',
  tags: ['API keys'],
  security: { kind: 'apiKey', scope: 'keys.manage' },
  request: {
    query: z
      .object({
        key: z
          .string()
          .regex(/^[0-9A-Za-z_]{1,64}$/, 'expected an API key id')
          .optional()
          .meta({ description: 'The requests of one key.' }),
        status: z
          .string()
          .regex(/^[1-5](\d\d|xx)$/, 'expected a status (404) or a class (4xx)')
          .optional(),
        from: Instant.optional(),
        to: Instant.optional(),
        limit: PageLimit,
        cursor: keysetCursor((s) => REQUEST_ID.test(s), 32).optional(),
      })
      .strict(),
  },
  responses: {
    200: {
      description: 'One page of requests.',
      schema: z
        .object({ data: z.array(RequestLogEntry), has_more: z.boolean(), next_cursor: z.string().nullable() })
        .meta({ id: 'RequestLogList' }),
    },
  },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    // What the retention sweep (daily) has not deleted yet is past the log's days all the same.
    const oldest = Date.now() - REQUEST_LOG_RETENTION_DAYS * 86_400_000;
    const rows = await readRequestLog(deps.orm, {
      accountId: principal.ownerId,
      environment: testOrLive(environmentOf(principal.livemode)),
      keyId: query.key,
      status: query.status ? statusRange(query.status) : undefined,
      from: new Date(Math.max(oldest, query.from ? Date.parse(query.from) : 0)),
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor,
      limit: query.limit + 1,
    });
    return {
      status: 200,
      ...keysetPage(
        ctx,
        deps.publicBaseUrl,
        rows,
        query.limit,
        (r) => r.id,
        (r) => view(r, principal.ownerId),
      ),
    };
  },
});
