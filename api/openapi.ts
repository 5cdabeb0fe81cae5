import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import packageJson from '../package.json';
import { ACCOUNT_KINDS } from '../db/entities';
import { API_KEY_SCOPES, PARTNER_SCOPES } from '../infra/scopes';
import { PROBLEMS, problemBody, type ProblemCode, type ProblemOptions } from './errors';
import type { ResponseSpec } from './operation';
import { OPERATIONS } from './operations';
import { multiLineText } from './request-text';
import { FORBIDDEN_CHARACTER_PATTERN } from '../domain/plain-text';

type Op = (typeof OPERATIONS)[number];

const ERRORS_DOC = '/docs/errors';
const EXAMPLE_BASE = 'https://hub.example.com';
const EXAMPLE_REQUEST_ID = 'req_4f1c2b9e8a7d4c3b9e0f1a2b3c4d5e6f';

const TAG_DESCRIPTIONS: Record<string, string> = {
  OAuth: 'Partner API: access tokens (OAuth 2.0 client credentials) and the public keys and metadata that verify them.',
  Bookings: 'Partner API: create a ride booking at a fixed price, follow it live, read it back and cancel it.',
  Webhooks: 'Partner API: your webhook endpoint — its URL, its signing secret, a test event.',
  Quotes: 'Partner API: price a ride and hold the price for a while; book it with `quote_id`.',
  'Public bookings': 'Public Integration API: list and read the bookings of your account (an operator account: of every account).',
  Payments:
    "Public Integration API: card payments of invoices (hosted payment page, or collected off session from a saved card), with the card's brand and last four and the 3-D Secure 2 result.",
  Settlements:
    'Public Integration API (operator accounts): chauffeur settlements per driver and period, as JSON or streamed CSV line items.',
  Invoices:
    'Public Integration API: the invoices and credit notes the settlement cycle issued to your account (an operator account: to every account), with their tax buckets and lines.',

  'Public fleet': 'Public Integration API: the fleet units, their chauffeurs, compliance documents and dispatch state (operator accounts).',
  'Public events':
    'Public Integration API: the event log — every public event of your account (an operator: of every account), oldest first, as its webhook envelope.',
  'Driver app': "Driver API: a fleet unit's driver app goes online or offline and reports GPS positions, with its own `drv_…` credential.",
  'Webhook deliveries (partner)': 'Partner API: the delivery log of your webhooks (every attempt, with the payload sent) and redelivery.',
  'Webhook deliveries': 'Public Integration API: the delivery log of your webhooks (every attempt, with the payload sent) and redelivery.',
  Console:
    'Public Integration API: one-time sign-in links to the web console (`/console`), whose login then calls these same operations with its cookie.',
  'API keys':
    "Public Integration API: the account's API keys in the key's environment — list them masked, create one (its secret shown once), revoke one.",
  'Webhook destinations':
    'Public Integration API: where your signed webhooks go and which events each destination receives (catalogue: /events.json, /asyncapi.json).',
};

const PARTNER_SCOPE_DESCRIPTIONS: Record<(typeof PARTNER_SCOPES)[number], string> = {
  'bookings.read': 'Read your bookings.',
  'bookings.write': 'Create and change bookings.',
  'quotes.read': 'Get price quotes.',
  'tracking.read': 'Follow the driver and the ride live.',
  'webhooks.manage': 'Manage your webhook endpoint (URL, signing secret, test events) and read its delivery log and redeliver.',
};

/** Raised by the body reader or by authentication, both of which run before the rate limiter: no RateLimit headers. */
const BEFORE_RATE_LIMIT = new Set<ProblemCode>([
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'unauthorized',
  'invalid_token',
  'invalid_api_key',
  'invalid_driver_credential',
  'insufficient_scope',
  'ip_not_allowed',
]);

const EXAMPLE_OPTIONS: Partial<Record<ProblemCode, ProblemOptions>> = {
  validation_failed: {
    detail: '1 field failed validation.',
    param: 'pickup.datetime',
    errors: [{ param: 'pickup.datetime', code: 'custom', detail: 'pickup time is in the past' }],
  },
  rate_limited: { detail: 'More than 600 requests in a minute; retry after 12 s.' },
  account_kind_forbidden: {
    detail: "GET /api/public/v1/fleet is for operator accounts; this key's account is corporate.",
    extensions: { account_kind: 'corporate', required_kind: 'operator' },
  },
  idempotency_key_in_use: { detail: 'A request with this Idempotency-Key is still being processed.' },
  idempotency_key_reused: {
    detail: 'This Idempotency-Key was used with a different request; use a new key for a new request.',
    param: 'Idempotency-Key',
  },
};

const FieldError = z
  .object({
    param: z
      .string()
      .meta({ description: 'The failing field: a dotted body path, `query.…`, `path.…` or a header name.', example: 'pickup.datetime' }),
    code: z.string().meta({ description: 'What failed, e.g. `too_small`, `invalid_format`, `custom`.', example: 'custom' }),
    detail: z.string().meta({ example: 'pickup time is in the past' }),
  })
  .meta({ id: 'FieldError' });

const Problem = z
  .looseObject({
    type: z.url().meta({ description: `The section of the error reference (${ERRORS_DOC}) that describes \`code\`.` }),
    title: z.string().meta({ description: 'Short summary of the problem type; the same for every occurrence of `code`.' }),
    status: z.number().int().meta({ description: 'The HTTP status code.' }),
    detail: z.string().meta({ description: 'What went wrong with this request, for a human.' }),
    instance: z.string().meta({ description: 'The request path.' }),
    code: z
      .enum(Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]])
      .meta({ description: 'Stable machine-readable code; branch on this.' }),
    param: z.string().optional().meta({ description: 'The field or header at fault, when there is one.' }),
    errors: z.array(FieldError).optional().meta({ description: 'With `validation_failed`: one entry per failing field.' }),
    scope: z
      .string()
      .optional()
      .meta({ description: 'With `insufficient_scope`: the scope the call needs (space-separated when any one of several will do).' }),
    account_kind: z.enum(ACCOUNT_KINDS).optional().meta({ description: "With `account_kind_forbidden`: the kind of the key's account." }),
    required_kind: z
      .enum(ACCOUNT_KINDS)
      .optional()
      .meta({ description: 'With `account_kind_forbidden`: the account kind the call is for.' }),
    request_id: z.string().meta({ description: 'Also in the `X-Request-Id` header; quote it when contacting support.' }),
  })
  .meta({
    id: 'Problem',
    description: 'RFC 9457 problem details, served as `application/problem+json`. Further members may be added.',
    example: problemBody('validation_failed', EXAMPLE_OPTIONS.validation_failed!, EXAMPLE_REQUEST_ID, '/v1/bookings', EXAMPLE_BASE),
  });

const header = (description: string, schema: object) => ({ description, schema });
const HEADERS = {
  'X-Request-Id': header('Echoes a valid incoming `X-Request-Id` (8–128 of `A-Za-z0-9._:-`), else a new `req_…` id.', { type: 'string' }),
  'RateLimit-Policy': header('IETF RateLimit policy: requests allowed (`q`) per window of `w` seconds.', {
    type: 'string',
    example: '"default";q=600;w=60',
  }),
  RateLimit: header('IETF RateLimit fields: requests remaining (`r`) and seconds until the window resets (`t`).', {
    type: 'string',
    example: '"default";r=599;t=42',
  }),
  'X-RateLimit-Limit': header('Requests allowed per minute for this credential.', { type: 'integer', example: 600 }),
  'X-RateLimit-Remaining': header('Requests left in the current minute.', { type: 'integer', example: 599 }),
  'X-RateLimit-Reset': header('When the current window ends, in Unix epoch seconds.', { type: 'integer', example: 1796112060 }),
  'Retry-After': header('Seconds to wait before retrying.', { type: 'integer', example: 12 }),
  'Idempotent-Replayed': header('`true` when this is the stored response to an earlier request with the same `Idempotency-Key`.', {
    type: 'string',
    enum: ['true'],
  }),
  'WWW-Authenticate': header('The authentication challenge (RFC 6750 for bearer tokens).', {
    type: 'string',
    example: 'Bearer realm="partner-api"',
  }),
};
type HeaderName = keyof typeof HEADERS;
const RATE_LIMIT_HEADERS: HeaderName[] = [
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

function headerRefs(names: HeaderName[]) {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

const authenticated = (op: Op) => op.security.kind !== 'none';
const openApiPath = (koaPath: string) => koaPath.replace(/:(\w+)/g, '{$1}');

function successResponse(op: Op, spec: ResponseSpec): ZodOpenApiResponseObject {
  const names: HeaderName[] = ['X-Request-Id'];
  if (authenticated(op)) names.push(...RATE_LIMIT_HEADERS);
  if (op.idempotent) names.push('Idempotent-Replayed');
  return {
    description: spec.description,
    headers: headerRefs(names),
    ...(spec.schema
      ? {
          content: {
            [spec.contentType ?? 'application/json']: { schema: spec.schema },
            ...(spec.alternative
              ? { [spec.alternative.contentType]: { schema: spec.alternative.schema, example: spec.alternative.example } }
              : {}),
          },
        }
      : {}),
  };
}

function errorResponse(op: Op, status: number, codes: ProblemCode[]): ZodOpenApiResponseObject {
  const link = (code: ProblemCode) => `[\`${code}\`](${ERRORS_DOC}#${code})`;
  const description =
    codes.length === 1
      ? `${PROBLEMS[codes[0]].title} (${link(codes[0])}).`
      : `One of:\n\n${codes.map((code) => `- ${link(code)}: ${PROBLEMS[code].title}`).join('\n')}`;
  const names: HeaderName[] = ['X-Request-Id'];
  if (authenticated(op) && codes.some((code) => !BEFORE_RATE_LIMIT.has(code))) names.push(...RATE_LIMIT_HEADERS);
  if (status === 429 || status === 503 || codes.includes('idempotency_key_in_use')) names.push('Retry-After');
  if (status === 401 || codes.includes('insufficient_scope')) names.push('WWW-Authenticate');
  const scope = 'scope' in op.security ? scopesOf(op.security.scope).join(' ') : undefined;
  const examples = Object.fromEntries(
    codes.map((code) => {
      const options =
        code === 'insufficient_scope'
          ? {
              detail: scope?.includes(' ')
                ? `This call needs one of the scopes ${scope.split(' ').join(', ')}.`
                : `This call needs the scope ${scope}.`,
              extensions: { scope },
            }
          : EXAMPLE_OPTIONS[code];
      return [
        code,
        { summary: PROBLEMS[code].title, value: problemBody(code, options ?? {}, EXAMPLE_REQUEST_ID, openApiPath(op.path), EXAMPLE_BASE) },
      ];
    }),
  );
  return { description, headers: headerRefs(names), content: { 'application/problem+json': { schema: Problem, examples } } };
}

const scopesOf = (scope: string | readonly string[]) => (typeof scope === 'string' ? [scope] : [...scope]);
const requiresScope = (scope: string | readonly string[]) =>
  typeof scope === 'string' ? `Requires the \`${scope}\` scope.` : `Requires one of the scopes ${scope.map((s) => `\`${s}\``).join(', ')}.`;

function operationObject(op: Op): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, spec] of Object.entries(op.responses as Record<string, ResponseSpec>)) responses[status] = successResponse(op, spec);

  const byStatus = new Map<number, ProblemCode[]>();
  // What the shared pipeline answers for every operation of its kind: an Idempotency-Key that is malformed, still in
  // use or reused with another request, and a body that is not JSON, too large or of another media type.
  // Any request field may hold a character no text may hold (api/request-text.ts).
  const parts = op.request as Record<string, unknown> | undefined;
  const takesInput = ['body', 'query', 'params', 'headers'].some((part) => parts?.[part]);
  const implied: ProblemCode[] = [
    ...(op.idempotent ? (['bad_request', 'idempotency_key_in_use', 'idempotency_key_reused'] as const) : []),
    ...(takesInput ? (['validation_failed'] as const) : []),
    ...((op.request as { body?: unknown } | undefined)?.body
      ? (['invalid_json', 'payload_too_large', 'unsupported_media_type'] as const)
      : []),
  ];
  const errors: ProblemCode[] = [...op.errors, ...implied.filter((code) => !op.errors.includes(code))];
  for (const code of errors) byStatus.set(PROBLEMS[code].status, [...(byStatus.get(PROBLEMS[code].status) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const problem = errorResponse(op, status, codes);
    const declared = responses[status];
    // The handler may answer this status itself (e.g. OAuth errors); document both bodies.
    responses[status] = declared
      ? {
          ...declared,
          description: `${declared.description}\n\n${problem.description}`,
          content: { ...declared.content, ...problem.content },
        }
      : problem;
  }

  const { security } = op;
  const request = op.request as
    | {
        body?: z.ZodType;
        bodyContentType?: string;
        bodyOptional?: boolean;
        bodyExample?: unknown;
        query?: z.ZodObject;
        params?: z.ZodObject;
        headers?: z.ZodObject;
      }
    | undefined;
  const body = request?.body;
  const example = request?.bodyExample;
  const description = [op.description, 'scope' in security ? requiresScope(security.scope) : ''].filter(Boolean).join('\n\n');
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(description ? { description } : {}),
    tags: op.tags,
    security:
      security.kind === 'none'
        ? security.clientAuthentication
          ? [{ partnerClient: [] }, {}] // HTTP Basic, or client_id and client_secret in the body
          : []
        : security.kind === 'driver'
          ? [{ driverCredential: [] }]
          : scopesOf(security.scope).map((scope) => ({ [security.kind === 'partner' ? 'partnerOAuth' : 'apiKey']: [scope] })),
    ...(op.idempotent
      ? { parameters: [{ $ref: `#/components/parameters/${op.idempotencyKeyRequired ? 'RequiredIdempotencyKey' : 'IdempotencyKey'}` }] }
      : {}),
    requestParams: {
      ...(request?.params ? { path: request.params } : {}),
      ...(request?.query ? { query: request.query } : {}),
      ...(request?.headers ? { header: request.headers } : {}),
    },
    ...(body
      ? {
          requestBody: {
            required: !request?.bodyOptional,
            content: { [request?.bodyContentType ?? 'application/json']: { schema: body, ...(example ? { example } : {}) } },
          },
        }
      : {}),
    responses,
  };
}

const DESCRIPTION = `Two REST APIs of the taxi and chauffeur dispatch service.

- **Partner API** — for travel partners (OTAs, airlines, hotels) booking rides for their customers. Authenticate with OAuth 2.0
  client credentials: \`POST /v1/oauth/token\` with your client id and secret (HTTP Basic) returns a bearer token; send it as
  \`Authorization: Bearer <token>\`. A sandbox client sees sandbox data only, a live client live data only.
- **Public Integration API** — for integrators (fleet, finance and back-office tools). Authenticate with an API key
  (\`hub_live_…\` or \`hub_test_…\`) sent as \`Authorization: Bearer <key>\`. Each key carries scopes.

Every error is RFC 9457 \`application/problem+json\` with a stable \`code\`; see the [error reference](${ERRORS_DOC}).
Authenticated calls are rate limited per credential and per minute (\`RateLimit\` and \`X-RateLimit-*\` headers).
Calls that create something accept an \`Idempotency-Key\` header so they can be retried safely.`;

/** The OpenAPI 3.1 document of every operation in OPERATIONS. */
export function buildOpenApiDocument(): object {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) paths[openApiPath(op.path)] = { ...paths[openApiPath(op.path)], [op.method]: operationObject(op) };

  const tagNames = [...new Set(OPERATIONS.flatMap((op) => op.tags))];
  const tags = tagNames.map((name) => {
    if (!TAG_DESCRIPTIONS[name]) throw new Error(`api/openapi.ts: describe the tag ${name} in TAG_DESCRIPTIONS`);
    return { name, description: TAG_DESCRIPTIONS[name] };
  });

  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Dispatch Integration Hub',
        version: packageJson.version,
        description: DESCRIPTION,
        contact: { name: 'Dispatch Integration Hub API support', email: 'api-support@example.com' },
        // The API is proprietary; LicenseRef- is SPDX's form for a license not on its list.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This hub' }],
      tags,
      paths,
      components: {
        securitySchemes: {
          partnerOAuth: {
            type: 'oauth2',
            description: 'Partner API: OAuth 2.0 client credentials; the client authenticates with HTTP Basic.',
            flows: { clientCredentials: { tokenUrl: '/v1/oauth/token', scopes: PARTNER_SCOPE_DESCRIPTIONS } },
          },
          partnerClient: {
            type: 'http',
            scheme: 'basic',
            description:
              'Partner API token endpoint only: the OAuth client id and secret as HTTP Basic (RFC 6749 §2.3.1). Sending `client_id` and `client_secret` in the body instead is also accepted.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hub API key',
            description:
              `Public Integration API key, \`Authorization: Bearer hub_<live|test>_…\`. Key scopes: ${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}. ` +
              "The web console's login cookie `__Host-hub_console` (`hub_console` on a plain-http loopback hub; docs/console.md) stands in for a key of its scopes on every operation that takes one; " +
              'with it, a request that changes something also needs `X-CSRF-Token` and a same-origin `Origin`.',
          },
          driverCredential: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hub driver credential',
            description:
              "Driver API: a fleet unit's driver-app credential, `Authorization: Bearer drv_…`, issued with `npm run hub -- fleet credential <unit_id>`.",
          },
        },
        parameters: {
          IdempotencyKey: {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, ' +
              'to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and ' +
              'trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?$' },
            example: '5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21',
          },
          RequiredIdempotencyKey: {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            description:
              'Required here. Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, ' +
              'to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and ' +
              'trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?$' },
            example: '5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21',
          },
        },
        headers: HEADERS,
      },
    },
    {
      // A response object may gain fields in a minor version; `additionalProperties: false` would make that breaking for strict clients.
      override: ({ jsonSchema, zodSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
        if (io === 'input') documentForbiddenCharacters(jsonSchema, zodSchema);
      },
    },
  );
  dropStrictnessBesideRefs(document);
  return document;
}

/**
 * The characters no request string may hold (api/request-text.ts), as the document can say it: a free-text string
 * must not match a class of them. Enums, formats and anchored patterns (`^bkg_[0-9a-z]{26}$`) already leave them
 * out. A multi-line field's class leaves out tab and line breaks.
 */
function documentForbiddenCharacters(jsonSchema: Record<string, unknown>, zodSchema: unknown): void {
  const def = (zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
  if (def?.type !== 'string' || jsonSchema.type !== 'string') return;
  if (['enum', 'const', 'format'].some((keyword) => keyword in jsonSchema)) return;
  const pattern = jsonSchema.pattern;
  if (typeof pattern === 'string' && pattern.startsWith('^') && pattern.endsWith('$')) return;
  const multi = multiLineText.has(zodSchema as z.ZodType);
  jsonSchema.not = { pattern: FORBIDDEN_CHARACTER_PATTERN[multi ? 'multiLine' : 'singleLine'] };
}

/**
 * A strict schema reused with a description of its own (`PublicAmount.meta(…)`) comes out as `$ref` plus
 * `additionalProperties: false`; beside a `$ref` that keyword sees no declared field and so forbids every one.
 */
function dropStrictnessBesideRefs(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if ('$ref' in record && record.additionalProperties === false) delete record.additionalProperties;
  for (const value of Object.values(record)) dropStrictnessBesideRefs(value);
}

/** The document as committed in docs/openapi.json and served at /openapi.json. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
