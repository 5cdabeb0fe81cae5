import { createHash } from 'node:crypto';
import type { EntitySchema } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Runs one parameterized statement (`$1`, `$2`, …) and returns its rows. */
export type Sql = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

export interface Statement {
  text: string;
  values: unknown[];
}

interface PgConnection {
  query(query: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}

interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

function knexClient(orm: MikroORM): KnexClient {
  return orm.em.getConnection().getKnex().client as KnexClient;
}

/** Runs `work` on one connection of MikroORM's pool, held for it alone, and gives it back. */
export async function withConnection<T>(orm: MikroORM, work: (connection: PgConnection) => Promise<T>): Promise<T> {
  const client = knexClient(orm);
  const connection = await client.acquireConnection();
  try {
    return await work(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Plain node-postgres statements on a connection of MikroORM's own pool, for the few statements that every request
 * runs (credential lookup, rate limit, idempotency, the booking insert). The ORM's query path costs about 0.3 ms of CPU
 * per statement on top of the driver (query building, formatting, result mapping); these statements need none of it.
 * Everything else goes through the ORM. Texts are fixed templates, values always parameters: each distinct text
 * becomes a prepared statement on every connection of the pool.
 */
export function sqlOf(orm: MikroORM): Sql {
  return (text, values) => withConnection(orm, async (c) => (await c.query({ name: statementName(text), text, values })).rows as never);
}

const statementNames = new Map<string, string>();

/**
 * Each statement is prepared once per connection under a name derived from its text, so PostgreSQL parses and plans
 * it once instead of on every request (the claim and the booking insert are long). Needs direct sessions or a pooler
 * that keeps prepared statements per client (PgBouncer ≥ 1.21 with max_prepared_statements).
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `hub_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
}

interface InsertShape {
  table: string;
  columns: { property: string; column: string; type: string }[];
}

const insertShapes = new WeakMap<object, InsertShape>();

function insertShape(orm: MikroORM, schema: EntitySchema<never>): InsertShape {
  let shape = insertShapes.get(schema);
  if (!shape) {
    const meta = orm.getMetadata().get(schema.meta.className);
    shape = {
      table: meta.tableName,
      columns: Object.values(meta.properties).map((p) => ({ property: p.name, column: p.fieldNames[0], type: p.columnTypes[0] })),
    };
    insertShapes.set(schema, shape);
  }
  return shape;
}

/**
 * `insert into <table> (<columns>) select $1::<type>, …` for an entity's row, columns and types from the ORM's
 * metadata, so the mapping stays in one place. Parameters are numbered from `first`; `tail` follows the select
 * (`where …` to make the insert conditional, `on conflict …`, `returning …`).
 */
export function insertStatement<E extends object>(
  orm: MikroORM,
  schema: EntitySchema<E>,
  row: Partial<E>,
  { first = 1, tail = '' }: { first?: number; tail?: string } = {},
): Statement {
  const shape = insertShape(orm, schema as unknown as EntitySchema<never>);
  const present = shape.columns.filter((c) => (row as Record<string, unknown>)[c.property] !== undefined);
  const values = present.map((c) => {
    const value = (row as Record<string, unknown>)[c.property];
    return c.type.startsWith('json') && value !== null ? JSON.stringify(value) : value;
  });
  const columns = present.map((c) => `"${c.column}"`).join(', ');
  const params = present.map((c, i) => `$${first + i}::${c.type}`).join(', ');
  return { text: `insert into "${shape.table}" (${columns}) select ${params} ${tail}`.trim(), values };
}
