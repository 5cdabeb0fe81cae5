import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from './sql';

/** The public API's request log (`api_request_log`): written in batches by app/request-log.ts, read newest first. */

export interface RequestLogEntry {
  accountId: string;
  environment: 'test' | 'live';
  keyId: string;
  console: boolean;
  method: string;
  path: string;
  status: number;
  requestId: string;
  latencyMs: number;
  at: Date;
}

const COLUMNS = 'account_id, environment, key_id, console, method, path, status, request_id, latency_ms, created_at';
const TYPES = ['text', 'text', 'text', 'boolean', 'text', 'text', 'smallint', 'text', 'int', 'timestamptz'];
/** One statement for the whole batch: one array per column, planned once per connection. */
const INSERT = `insert into api_request_log (${COLUMNS})
  select * from unnest(${TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;

export async function insertRequestLog(orm: MikroORM, rows: readonly RequestLogEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await sqlOf(orm)(INSERT, [
    rows.map((r) => r.accountId),
    rows.map((r) => r.environment),
    rows.map((r) => r.keyId),
    rows.map((r) => r.console),
    rows.map((r) => r.method),
    rows.map((r) => r.path),
    rows.map((r) => r.status),
    rows.map((r) => r.requestId),
    rows.map((r) => r.latencyMs),
    rows.map((r) => r.at),
  ]);
}

export interface RequestLogRow {
  id: string;
  key_id: string;
  console: boolean;
  method: string;
  path: string;
  status: number;
  request_id: string;
  latency_ms: number;
  created_at: Date;
}

export interface RequestLogQuery {
  accountId: string;
  environment: 'test' | 'live';
  keyId?: string;
  /** One status, or a class as [lowest, highest]. */
  status?: [number, number];
  /** At or after. */
  from?: Date;
  /** Before. */
  to?: Date;
  /** The last id of the previous page. */
  before?: string;
  limit: number;
}

/** One page of the account's request log in an environment, newest first (`(account_id, environment, id)` or `(key_id, id)`). */
export async function readRequestLog(orm: MikroORM, q: RequestLogQuery): Promise<RequestLogRow[]> {
  const where = ['account_id = ?', 'environment = ?'];
  const params: unknown[] = [q.accountId, q.environment];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (q.keyId) add('key_id = ?', q.keyId);
  if (q.status) add('status between ? and ?', ...q.status);
  if (q.from) add('created_at >= ?', q.from);
  if (q.to) add('created_at < ?', q.to);
  if (q.before) add('id < ?', q.before);
  return orm.em.getConnection().execute<RequestLogRow[]>(
    `select id::text, key_id, console, method, path, status, request_id, latency_ms, created_at from api_request_log
        where ${where.join(' and ')} order by api_request_log.id desc limit ?`,
    [...params, q.limit],
  );
}

/** Deletes up to `limit` requests logged before `before` (the retention sweep); returns how many. */
export async function purgeRequestLog(orm: MikroORM, before: Date, limit: number): Promise<number> {
  const done: { affectedRows: number } = await orm.em
    .getConnection()
    .execute(
      'delete from api_request_log where id in (select id from api_request_log where created_at < ? limit ?)',
      [before, limit],
      'run',
    );
  return done.affectedRows;
}
