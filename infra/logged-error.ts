/**
 * What a log line says about an error: enough for ops to tell a constraint from a lost connection or a declined card
 * (its name, code and message, and the constraint, table, status or request id that come with it), never the values
 * that caused it. Every logger's `err` and `error` go through it (infra/logger.ts): the Temporal SDK logs a failed
 * activity as `{ error }`, the hub's own code as `{ err }`.
 *
 * Left out on purpose: a PostgreSQL error's `detail` (`Key (email)=(ada@example.com) already exists`), `where`,
 * `hint` and the query; a Stripe error's `raw`, `headers` and the objects it carries (a PaymentIntent, its card);
 * a pg error's message keeps no input value.
 */
export interface LoggedError {
  name: string;
  message: string;
  /** SQLSTATE, Node's `ECONNREFUSED`…, a provider's error code, or a gRPC status code. */
  code?: string | number;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  /** A provider's error type (`StripeCardError`), its decline code and the parameter it names. */
  type?: string;
  declineCode?: string;
  param?: string;
  /** A provider's HTTP status and request id (`req_…`): what its support asks for. */
  status?: number;
  requestId?: string;
  syscall?: string;
  address?: string;
  port?: number;
  /** Each attempt of a connection that tried several addresses (Node's AggregateError). */
  errors?: LoggedError[];
  cause?: LoggedError;
  /** Call frames only: the first line of a stack repeats the message, which may carry values. */
  stack?: string;
}

type Fields = Record<string, unknown>;

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_DEPTH = 5;
const MAX_FRAMES = 12;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** From PostgreSQL's driver: pg's error (it has a severity) or MikroORM's DriverException (it declares `sqlState`). */
const fromDriver = (e: Fields) => 'severity' in e || 'sqlState' in e;

function sqlState(e: Fields): string | undefined {
  const state = text(e.sqlState) ?? text(e.code);
  return state && SQLSTATE.test(state) ? state : undefined;
}

/**
 * PostgreSQL's own message, without what the drivers add (knex puts the query, its values inlined, before ` - `;
 * MikroORM appends the `detail` and `hint`, which quote values) and without the input value some messages quote
 * (`invalid input syntax for type uuid: "…"`).
 */
function serverMessage(message: string): string {
  const primary = message.replace(/\n - (detail|hint): [\s\S]*$/, '');
  const own = primary.includes(' - ') ? primary.slice(primary.lastIndexOf(' - ') + 3) : primary;
  return own.replace(/: ".*"$/s, ': "…"');
}

function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const calls = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '));
  return calls.length ? calls.slice(0, MAX_FRAMES).join('\n') : undefined;
}

/** The error's class when it has its own (MikroORM copies pg's `name: 'error'` onto its exceptions). */
function className(e: object): string | undefined {
  const name = (e.constructor as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== 'Error' && name !== 'Object' ? name : undefined;
}

function describe(err: unknown, depth: number): LoggedError {
  if (typeof err !== 'object' || err === null) return { name: typeof err, message: String(err).slice(0, 200) };
  const e = err as Fields;
  const driver = fromDriver(e);
  const state = driver ? sqlState(e) : undefined;
  const message = text(e.message) ?? '';
  const described: LoggedError = {
    name: className(e) ?? text(e.name) ?? 'Error',
    message: driver ? serverMessage(message) : message,
    code: state ?? text(e.code) ?? count(e.code),
    constraint: state && text(e.constraint),
    table: state && text(e.table),
    column: state && text(e.column),
    schema: state && text(e.schema),
    type: text(e.type),
    declineCode: text(e.decline_code),
    param: text(e.param),
    status: count(e.statusCode) ?? count(e.status),
    requestId: text(e.requestId) ?? text(e.request_id),
    syscall: text(e.syscall),
    address: text(e.address),
    port: count(e.port),
  };
  if (depth < MAX_DEPTH) {
    if (Array.isArray(e.errors)) described.errors = e.errors.slice(0, 4).map((inner) => describe(inner, depth + 1));
    if (e.cause !== undefined && e.cause !== err) described.cause = describe(e.cause, depth + 1);
  }
  if (depth === 0) described.stack = frames(e.stack);
  return Object.fromEntries(Object.entries(described).filter(([, value]) => value !== undefined && value !== '')) as LoggedError;
}

/** The loggable description of `err` (see above). */
export function loggedError(err: unknown): LoggedError {
  return describe(err, 0);
}
