import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { buildOpenApiDocument } from '../../api/openapi';
import { requireAllocatedRide } from '../../app/driver';
import { localEnvironment } from '../../stack/temporal';
import { startReceiver } from '../../stack/receiver';
import { freshDatabase, type TestDatabase } from '../support/db';
import { startTestHub, type TestHub } from '../support/hub';
import { buildTenants, TENANT_A_REFERENCE, TENANT_HUB_ENV, type ConsoleLoginCredential, type Tenants } from '../support/tenants';

/**
 * Authorization by construction (docs/security.md): every operation of the served OpenAPI document, called
 * - with no credential: 401 problem+json;
 * - with a credential of the right kind that lacks the operation's scope (an API key, a console login, a partner token): 403
 *   `insufficient_scope`;
 * - on tenant A's real object by another tenant (B's key and console login, partner B, fleet unit B) and by A's credential
 *   of the other environment: the same status and problem code as an unknown id of the same shape, never 2xx;
 * - on a list or the caller's own resource by another tenant or environment: none of A's ids in the answer.
 * Each operation needs an entry in CASES (or PUBLIC): a new operation without one fails here.
 */

type Kind = 'partner' | 'apiKey' | 'driver' | 'none';
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

interface DocOp {
  operationId: string;
  method: string;
  path: string;
  kind: Kind;
  scopes: string[];
  /** The documented statuses. */
  statuses: string[];
  example?: unknown;
  bodyType?: string;
}

function documentedOperations(doc: Json): DocOp[] {
  const schemes: Record<string, Kind> = { partnerOAuth: 'partner', apiKey: 'apiKey', driverCredential: 'driver', partnerClient: 'none' };
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const requirements = (op.security ?? []) as Record<string, string[]>[];
        const kinds = new Set(requirements.flatMap((r) => Object.keys(r).map((name) => schemes[name])));
        const [bodyType, body] = Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>)[0] ?? [];
        return {
          operationId: op.operationId,
          method,
          path,
          kind: kinds.size === 1 ? [...kinds][0] : 'none',
          scopes: requirements.flatMap((r) => Object.values(r).flat()),
          statuses: Object.keys(op.responses),
          example: body?.example,
          bodyType,
        };
      }),
  );
}

const DOC_OPS = documentedOperations(buildOpenApiDocument());

/** Operations anyone may call, on purpose: the OAuth token endpoint (its client authenticates in the body) and its metadata. */
const PUBLIC: Record<string, string> = {
  issueToken: 'the OAuth token endpoint: the client authenticates itself (HTTP Basic), tested in test/api/oauth.test.ts',
  getJwks: 'the public halves of the token signing keys',
  getAuthorizationServerMetadata: 'RFC 8414 metadata',
};

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Case {
  /**
   * object: the operation names one of A's objects (`target`); list: it answers many, none of another tenant's (`foreign`);
   * self: the caller's own resource (its endpoint, its unit), none of A's in it; action: it makes something new or searches,
   * no object of anyone else's is named.
   */
  shape: 'object' | 'list' | 'self' | 'action';
  /** A's object, and an unknown one of the same shape. */
  target?: (t: Tenants) => { owner: Request; unknown: Request };
  /** What no other tenant (or environment) may see of A in this answer. */
  foreign?: (t: Tenants) => string[];
  /** A's own answer shows one of `foreign` (the list's fixture is really there). Default: lists and self reads. */
  ownerSees?: boolean;
  /** The platform's own documents, for operator accounts: another tenant (a corporate account) gets 403. */
  operator?: boolean;
  /** A's object lives in the live environment (the other is then test). */
  live?: boolean;
  /** The object is not per environment: the other environment's credential is not another tenant. */
  notPerEnvironment?: string;
  /** Why A's own call is not made on the object. */
  noOwnerCall?: string;
  /** What an unknown object answers when it is not 404 `not_found` (to everyone but the other environment). */
  refusedAs?: string;
  /** Query or body besides the target. */
  request?: (t: Tenants) => Request;
}

/** An id of the same shape as `id` that names nothing. */
function unknownLike(id: string): string {
  if (/^\d+$/.test(id)) return '987654321';
  if (/_[0-9a-z]{26}$/.test(id)) return id.replace(/[0-9a-z]{26}$/, '0'.repeat(26));
  if (/\d$/.test(id)) return id.replace(/\d+$/, (d) => '9'.repeat(d.length));
  return `${id.slice(0, -6)}ZZZZZZ`;
}

/** `name` = A's id in the path, and an unknown id of the same shape. */
const pathId =
  (name: string, of: (t: Tenants) => string) =>
  (t: Tenants): { owner: Request; unknown: Request } => ({
    owner: { params: { [name]: of(t) } },
    unknown: { params: { [name]: unknownLike(of(t)) } },
  });
const bodyId =
  (name: string, of: (t: Tenants) => string, rest: Record<string, unknown> = {}) =>
  (t: Tenants): { owner: Request; unknown: Request } => ({
    owner: { body: { ...rest, [name]: of(t) } },
    unknown: { body: { ...rest, [name]: unknownLike(of(t)) } },
  });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const booking = pathId('ref', (t) => t.objects.bookingRef);
const invoice = pathId('number', (t) => t.objects.invoiceNumber);
const settlement = pathId('number', (t) => t.objects.settlementNumber);
const destination = pathId('id', (t) => t.objects.destinationId);
const partnerBooking = pathId('id', (t) => t.objects.partnerBookingId);
const ride = pathId('id', (t) => t.objects.rideId);
const NO_RIDE_WORKFLOW =
  'the ride is a read-model row allocated to unit A, without a booking workflow; test/e2e/live-ride.test.ts drives a real one';
/** A webhook URL on this machine: an operation that sets one never points the hub anywhere else. */
const LOCAL_HOOK = 'http://127.0.0.1:9/hooks';

/** A's keys that no other caller names in a path (B's request log shows B's own requests, paths and all). */
const namedByNobody = (t: Tenants) => t.objects.keyIds.filter((id) => id !== t.objects.doomedKeyId && id !== t.objects.rolledKeyId);

const CASES: Record<string, Case> = {
  // Partner API (/v1): partner A's sandbox objects; partner B and A's live client are the others.
  createBooking: {
    // An open quote of A's: B claiming it must not learn it exists (nor its trip), A books it.
    shape: 'object',
    target: (t) => bodyId('quote_id', () => t.objects.partnerQuoteId, t.objects.partnerQuoteBooking)(t),
  },
  getBooking: { shape: 'object', target: partnerBooking },
  cancelBooking: { shape: 'object', target: partnerBooking, request: () => ({ query: { reason_code: 'passenger_request' } }) },
  rescheduleBooking: { shape: 'object', target: partnerBooking },
  getBookingStatus: {
    shape: 'object',
    target: (t) => ({
      owner: { query: { id: t.objects.partnerBookingId } },
      unknown: { query: { id: unknownLike(t.objects.partnerBookingId) } },
    }),
  },
  getQuote: { shape: 'action' },
  getWebhookEndpoint: { shape: 'self', foreign: (t) => [t.objects.partnerWebhookUrl] },
  updateWebhookEndpoint: { shape: 'self', foreign: (t) => [t.objects.partnerWebhookUrl], request: () => ({ body: { url: LOCAL_HOOK } }) },
  sendTestWebhook: { shape: 'self', foreign: (t) => [t.objects.partnerWebhookUrl] },
  rotateWebhookSecret: { shape: 'self', foreign: (t) => [t.objects.partnerWebhookUrl] },
  listPartnerWebhookDeliveries: { shape: 'list', foreign: (t) => [t.objects.partnerEventId, t.objects.partnerBookingId] },
  getPartnerWebhookDelivery: { shape: 'object', target: pathId('id', (t) => t.objects.partnerAttemptId) },
  redeliverPartnerWebhooks: { shape: 'object', target: bodyId('event_id', (t) => t.objects.partnerEventId) },

  // Public Integration API: corporate account A's test objects; account B (key and console login) and A's live key are the others.
  listPublicBookings: { shape: 'list', foreign: (t) => [t.objects.bookingRef] },
  exportPublicBookings: { shape: 'list', foreign: (t) => [t.objects.bookingRef] },
  getBookingTotals: { shape: 'list', foreign: () => [TENANT_A_REFERENCE] },
  getPublicBooking: { shape: 'object', target: booking },
  listPublicBookingEvents: { shape: 'object', target: booking },
  trackPublicBooking: { shape: 'object', target: booking },
  cancelPublicBooking: { shape: 'object', target: booking },
  reschedulePublicBooking: { shape: 'object', target: booking, request: () => ({ body: { pickup_at: inDays(4) } }) },
  searchPlaces: { shape: 'action' },
  createPublicQuote: { shape: 'action' },
  createPublicBooking: {
    shape: 'object',
    target: bodyId('quote_id', (t) => t.objects.quoteId, { passenger: { name: 'Eve', phone: '+33612345678' } }),
  },
  listInvoices: { shape: 'list', foreign: (t) => [t.objects.invoiceNumber] },
  exportInvoices: { shape: 'list', foreign: (t) => [t.objects.invoiceNumber] },
  getInvoice: { shape: 'object', target: invoice },
  getInvoiceEinvoice: { shape: 'object', target: invoice },
  getInvoiceCii: { shape: 'object', target: invoice },
  getInvoicePdf: { shape: 'object', target: invoice },
  listPayments: {
    // A has no payment (a card payment needs the PSP flow, test/api/payments.test.ts); its invoice must not show either.
    shape: 'list',
    foreign: (t) => [t.objects.invoiceNumber],
    ownerSees: false,
  },
  listPublicEvents: { shape: 'list', foreign: (t) => [t.objects.eventId, t.objects.bookingRef] },
  getPublicEvent: { shape: 'object', target: pathId('id', (t) => t.objects.eventId) },
  createWebhookDestination: { shape: 'action' },
  listWebhookDestinations: { shape: 'list', foreign: (t) => [t.objects.destinationId, t.objects.doomedDestinationId] },
  getWebhookDestination: { shape: 'object', target: destination },
  updateWebhookDestination: { shape: 'object', target: destination },
  rotateWebhookDestinationSecret: { shape: 'object', target: destination },
  revealWebhookDestinationSecret: { shape: 'object', target: destination },
  pauseWebhookDestination: { shape: 'object', target: destination },
  resumeWebhookDestination: { shape: 'object', target: destination },
  sendWebhookTestEvent: { shape: 'object', target: destination },
  getWebhookDestinationStats: { shape: 'object', target: destination },
  recoverWebhookDestination: { shape: 'object', target: destination, request: () => ({ body: { since: inDays(-1) } }) },
  deleteWebhookDestination: { shape: 'object', target: pathId('id', (t) => t.objects.doomedDestinationId) },
  getWebhookRecovery: { shape: 'object', target: pathId('id', (t) => t.objects.recoveryId) },
  listWebhookDeliveries: { shape: 'list', foreign: (t) => [t.objects.destinationId, t.objects.eventId] },
  streamWebhookDeliveries: { shape: 'list', foreign: (t) => [t.objects.destinationId], ownerSees: false },
  getWebhookDelivery: { shape: 'object', target: pathId('id', (t) => t.objects.deliveryAttemptId) },
  redeliverWebhooks: { shape: 'object', target: bodyId('event_id', (t) => t.objects.eventId) },
  createConsoleLink: {
    shape: 'object',
    target: bodyId('account', (t) => t.a.id),
    refusedAs: 'account_kind_forbidden',
    notPerEnvironment: "the object is the account itself: A's live key may ask for a live login to A",
  },
  listApiKeys: { shape: 'list', foreign: (t) => namedByNobody(t) },
  createApiKey: { shape: 'action' },
  revokeApiKey: { shape: 'object', target: pathId('id', (t) => t.objects.doomedKeyId) },
  rollApiKey: { shape: 'object', target: pathId('id', (t) => t.objects.rolledKeyId) },
  listRequestLogs: {
    shape: 'list',
    foreign: (t) => [...t.objects.requestLogIds, ...namedByNobody(t)],
  },

  // The platform's documents (operator accounts, live): a corporate account is the other tenant, A's test key the other environment.
  listSettlements: { shape: 'list', operator: true, live: true, foreign: (t) => [t.objects.settlementNumber] },
  getSettlement: { shape: 'object', operator: true, live: true, target: settlement },
  getSelfBilledInvoice: { shape: 'object', operator: true, live: true, target: settlement },
  getSelfBilledInvoiceUbl: { shape: 'object', operator: true, live: true, target: settlement },
  getSelfBilledInvoiceCii: { shape: 'object', operator: true, live: true, target: settlement },
  getSelfBilledInvoicePdf: { shape: 'object', operator: true, live: true, target: settlement },
  listPayoutFiles: { shape: 'list', operator: true, live: true, foreign: (t) => [t.objects.payoutFileNumber] },
  getPayoutFile: { shape: 'object', operator: true, live: true, target: pathId('id', (t) => t.objects.payoutFileNumber) },
  importBankStatement: { shape: 'action', operator: true, live: true },
  listBankStatements: { shape: 'list', operator: true, live: true, foreign: (t) => [t.objects.bankStatementId] },
  getBankStatement: { shape: 'object', operator: true, live: true, target: pathId('id', (t) => t.objects.bankStatementId) },
  resolveBankStatementLine: {
    shape: 'object',
    operator: true,
    live: true,
    target: pathId('id', (t) => t.objects.bankStatementLineId),
    request: () => ({ body: { outcome: 'ignored', note: 'authorization matrix' } }),
  },
  listFleet: {
    shape: 'list',
    operator: true,
    live: true,
    foreign: (t) => [t.unitA.id],
    notPerEnvironment: 'the fleet is one registry, read by operator keys of either environment',
  },

  // Driver app (/driver/v1): unit A's ride and records; unit B is the other tenant (a unit's credential is live only, has no scopes).
  getDriverUnit: { shape: 'self', foreign: (t) => [t.unitA.id, t.objects.rideId] },
  setDriverAvailability: { shape: 'self', foreign: (t) => [t.unitA.id, t.objects.rideId] },
  reportDriverPosition: { shape: 'self', foreign: (t) => [t.unitA.id, t.objects.rideId] },
  getDriverBankAccount: { shape: 'self', foreign: (t) => [t.unitA.id, t.unitA.iban.slice(-4)] },
  setDriverBankAccount: { shape: 'self', foreign: (t) => [t.unitA.id], ownerSees: false },
  listDriverNotices: { shape: 'self', foreign: (t) => [t.unitA.id], ownerSees: false },
  getDriverBillingIdentity: { shape: 'self', foreign: (t) => [t.unitA.id], ownerSees: false },
  setDriverBillingIdentity: { shape: 'self', foreign: (t) => [t.unitA.id], ownerSees: false },
  answerDriverAllocation: { shape: 'object', target: ride, noOwnerCall: NO_RIDE_WORKFLOW },
  reportDriverOnTheWay: { shape: 'object', target: ride, noOwnerCall: NO_RIDE_WORKFLOW },
  reportDriverArrived: { shape: 'object', target: ride, noOwnerCall: NO_RIDE_WORKFLOW },
  reportPassengerOnBoard: { shape: 'object', target: ride, noOwnerCall: NO_RIDE_WORKFLOW },
  reportTripCompleted: { shape: 'object', target: ride, noOwnerCall: NO_RIDE_WORKFLOW },
  reportPassengerNoShow: { shape: 'object', target: ride, noOwnerCall: NO_RIDE_WORKFLOW },
};

const COOKIE = '__Host-hub_console';
const ORIGIN = 'http://hub.test';
/** How long a stream's answer is read before the request is dropped. */
const STREAM_READ_MS = 300;

/** Who calls: a bearer credential, a console login, or nobody. */
type Caller = { label: string; bearer?: string; login?: ConsoleLoginCredential };

interface Answer {
  status: number;
  contentType: string;
  text: string;
  code?: string;
  param?: string;
}

describe('authorization matrix: every operation × every caller who is not the owner', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: Tenants;

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
    hub = await startTestHub(db, env, { env: TENANT_HUB_ENV });
    t = await buildTenants(hub, db, receiver.url);
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  async function call(op: DocOp, caller: Caller | null, request: Request = {}): Promise<Answer> {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? `x_${name}`));
    const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
    const unsafe = op.method !== 'get';
    const json = op.bodyType === undefined || op.bodyType === 'application/json';
    const body = unsafe && op.bodyType ? (json ? JSON.stringify(request.body ?? op.example ?? {}) : '<Document/>') : undefined;
    const headers: Record<string, string> = {
      ...(caller?.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
      ...(caller?.login ? { cookie: `${COOKIE}=${caller.login.cookie}` } : {}),
      ...(caller?.login && unsafe ? { 'x-csrf-token': caller.login.csrf, origin: ORIGIN } : {}),
      ...(body !== undefined ? { 'content-type': op.bodyType ?? 'application/json' } : {}),
      ...(unsafe ? { 'idempotency-key': randomUUID() } : {}),
    };
    const abort = new AbortController();
    const response = await fetch(`${hub.baseUrl}${path}${query}`, { method: op.method.toUpperCase(), headers, body, signal: abort.signal });
    const contentType = response.headers.get('content-type') ?? '';
    let text: string;
    if (contentType.startsWith('text/event-stream')) {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const until = Date.now() + STREAM_READ_MS;
      text = '';
      for (;;) {
        const left = until - Date.now();
        if (left <= 0) break;
        // The read still pending when the request is dropped ends in an AbortError: nobody waits for it.
        const chunk = await Promise.race([reader.read().catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk === null || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      abort.abort();
    } else {
      text = contentType.includes('pdf') ? Buffer.from(await response.arrayBuffer()).toString('latin1') : await response.text();
    }
    const problem = contentType.startsWith('application/problem+json') ? (JSON.parse(text) as Json) : undefined;
    return { status: response.status, contentType, text, code: problem?.code, param: problem?.param };
  }

  /** The callers of an operation: its owner, the other tenants, the owner's other environment, and those lacking its scope. */
  function callers(op: DocOp, c: Case) {
    const lacking = (scope: string) => !op.scopes.includes(scope);
    if (op.kind === 'partner') {
      return {
        owner: { label: 'partner A', bearer: t.partnerA.sandbox },
        others: [{ label: 'partner B', bearer: t.partnerB.sandbox }],
        otherEnvironment: { label: "partner A's live client", bearer: t.partnerA.live } as Caller | undefined,
        narrow: t.partnerA.narrow.filter((n) => lacking(n.scope)).map((n) => ({ label: `token of ${n.scope}`, bearer: n.token })),
      };
    }
    if (op.kind === 'driver') {
      return {
        owner: { label: 'unit A', bearer: t.unitA.credential },
        others: [{ label: 'unit B', bearer: t.unitB.credential }],
        otherEnvironment: undefined,
        narrow: [],
      };
    }
    const account = c.operator ? t.operator : t.a;
    const [mine, theirs] = c.live ? (['live', 'test'] as const) : (['test', 'live'] as const);
    return {
      owner: { label: `${c.operator ? 'operator' : 'A'} ${mine} key`, bearer: account[mine].key },
      others: [
        { label: `B's ${mine} key`, bearer: t.b[mine].key },
        { label: `B's ${mine} console login`, login: t.b[mine].console },
      ],
      otherEnvironment: c.notPerEnvironment
        ? undefined
        : { label: `${c.operator ? 'operator' : 'A'} ${theirs} key`, bearer: account[theirs].key },
      narrow: [
        ...account[mine].narrowKeys.filter((n) => lacking(n.scope)).map((n) => ({ label: `key of ${n.scope}`, bearer: n.key })),
        ...account[mine].narrowConsoles.filter((n) => lacking(n.scope)).map((n) => ({ label: `login of ${n.scope}`, login: n.login })),
      ],
    };
  }

  const UNAUTHENTICATED: Record<Exclude<Kind, 'none'>, string> = {
    partner: 'unauthorized',
    apiKey: 'invalid_api_key',
    driver: 'invalid_driver_credential',
  };
  const outcome = (a: Answer) => ({ status: a.status, code: a.code, param: a.param });
  const merge = (a: Request = {}, b: Request = {}): Request => ({
    params: { ...a.params, ...b.params },
    query: a.query || b.query ? { ...a.query, ...b.query } : undefined,
    body: a.body !== undefined || b.body !== undefined ? { ...(a.body as object), ...(b.body as object) } : undefined,
  });
  /** The owners' ids: no answer to anyone else ever carries them. */
  const ownerIds = () => [t.a.id, t.partnerA.id, t.unitA.id];

  it('covers every operation of the served document, and no other', async () => {
    const served = (await (await fetch(`${hub.baseUrl}/openapi.json`)).json()) as Json;
    const servedOps = documentedOperations(served);
    expect(servedOps.map((o) => o.operationId).sort()).toEqual(DOC_OPS.map((o) => o.operationId).sort());
    expect([...Object.keys(CASES), ...Object.keys(PUBLIC)].sort()).toEqual(servedOps.map((o) => o.operationId).sort());
    // The deliberately public operations are exactly those the document declares without a credential.
    expect(
      servedOps
        .filter((o) => o.kind === 'none')
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(Object.keys(PUBLIC).sort());
    for (const [operationId, c] of Object.entries(CASES)) {
      expect({ operationId, target: c.shape === 'object' }).toEqual({ operationId, target: c.target !== undefined });
      expect({ operationId, foreign: ['list', 'self'].includes(c.shape) }).toEqual({ operationId, foreign: c.foreign !== undefined });
    }
  });

  it("tenant A's fixtures are real: the ride is allocated to unit A", async () => {
    await expect(requireAllocatedRide(db.orm, t.objects.rideId, t.unitA.id)).resolves.toMatchObject({ id: t.objects.rideId });
  });

  it.each(DOC_OPS.filter((op) => !(op.operationId in PUBLIC)).map((op) => [op.operationId, op] as const))('%s', async (operationId, op) => {
    const c = CASES[operationId];
    if (!c) throw new Error(`${operationId} has no authorization case: add it to CASES (or, if anyone may call it, to PUBLIC)`);
    expect(op.kind).not.toBe('none');
    const who = callers(op, c);
    const extra = c.request?.(t);

    // No credential: 401 problem+json with the API's own code, documented.
    const anonymous = await call(op, null, merge(extra, c.target?.(t).owner));
    expect({ operationId, ...outcome(anonymous), problem: anonymous.contentType.startsWith('application/problem+json') }).toEqual({
      operationId,
      status: 401,
      code: UNAUTHENTICATED[op.kind as Exclude<Kind, 'none'>],
      param: undefined,
      problem: true,
    });
    expect(op.statuses).toContain('401');

    // The right kind of credential without the scope: 403 insufficient_scope.
    if (op.kind !== 'driver') expect(who.narrow.length).toBeGreaterThan(0);
    for (const caller of who.narrow) {
      const refused = await call(op, caller, merge(extra, c.target?.(t).owner));
      expect({ operationId, caller: caller.label, ...outcome(refused) }).toEqual({
        operationId,
        caller: caller.label,
        status: 403,
        code: 'insufficient_scope',
        param: undefined,
      });
    }
    if (who.narrow.length) expect(op.statuses).toContain('403');

    const strangers = [...who.others, ...(who.otherEnvironment ? [who.otherEnvironment] : [])];
    /** What other tenants were answered (the other environment is still A's: it may name A's account). */
    const seenByOthers: Answer[] = [];
    const seen = (caller: Caller, answer: Answer) => {
      if (caller !== who.otherEnvironment) seenByOthers.push(answer);
    };

    // Another tenant, or the other environment, on A's object: exactly what an unknown id answers, never 2xx.
    if (c.target) {
      const { owner, unknown } = c.target(t);
      for (const caller of strangers) {
        const theirs = await call(op, caller, merge(extra, owner));
        const none = await call(op, caller, merge(extra, unknown));
        seen(caller, theirs);
        const refusedAs =
          caller === who.otherEnvironment ? 'not_found' : (c.refusedAs ?? (c.operator ? 'account_kind_forbidden' : 'not_found'));
        expect({ operationId, caller: caller.label, unknown: none.code }).toEqual({
          operationId,
          caller: caller.label,
          unknown: refusedAs,
        });
        expect({ operationId, caller: caller.label, ...outcome(theirs) }).toEqual({ operationId, caller: caller.label, ...outcome(none) });
        expect(op.statuses).toContain(String(none.status));
      }
      if (!c.noOwnerCall) {
        // The owner reaches the object: the id is real, so the equality above is not that of two unknown ids.
        const none = await call(op, who.owner, merge(extra, unknown));
        const mine = await call(op, who.owner, merge(extra, owner));
        expect({ operationId, owner: outcome(mine) }).not.toEqual({ operationId, owner: outcome(none) });
        expect({ operationId, status: mine.status < 500 }).toEqual({ operationId, status: true });
        expect({ operationId, unknown: none.code }).toEqual({ operationId, unknown: c.refusedAs ?? 'not_found' });
      }
    }

    // Lists and the caller's own resources: nothing of A's, whoever else asks.
    if (c.foreign) {
      const foreign = c.foreign(t);
      expect(foreign.every(Boolean)).toBe(true);
      for (const caller of strangers) {
        const answer = await call(op, caller, extra);
        seen(caller, answer);
        const allowed = caller !== who.otherEnvironment && c.operator ? 403 : answer.status;
        expect({ operationId, caller: caller.label, status: answer.status < 500 && answer.status === allowed }).toEqual({
          operationId,
          caller: caller.label,
          status: true,
        });
        expect({ operationId, caller: caller.label, shown: foreign.filter((f) => answer.text.includes(f)) }).toEqual({
          operationId,
          caller: caller.label,
          shown: [],
        });
      }
      if (c.ownerSees ?? (c.shape === 'list' || op.method === 'get')) {
        const mine = await call(op, who.owner, extra);
        expect({ operationId, status: mine.status }).toEqual({ operationId, status: 200 });
        expect({ operationId, sees: foreign.some((f) => mine.text.includes(f)) }).toEqual({ operationId, sees: true });
      }
    }

    for (const answer of seenByOthers) {
      expect({ operationId, status: answer.status, ownersShown: ownerIds().filter((id) => answer.text.includes(id)) }).toEqual({
        operationId,
        status: answer.status,
        ownersShown: [],
      });
    }
  });
});
