import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openOrm } from '../../db/orm';

export const TEMPLATE_DB = 'hub_template';

export interface TestDatabase {
  url: string;
  orm: MikroORM;
  close(): Promise<void>;
}

/** Runs one statement on the server's `postgres` database (CREATE/DROP DATABASE cannot run inside a pool transaction). */
export async function adminQuery(base: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function testServer(): string {
  const base = process.env.HUB_TEST_PG_BASE;
  if (!base) throw new Error('HUB_TEST_PG_BASE is not set: run the tests through jest (test/support/global-setup.ts)');
  return base;
}

/** A new database cloned from the migrated template: every test file starts from an empty, current schema. */
export async function freshDatabase(): Promise<TestDatabase> {
  const base = testServer();
  const name = `hub_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create database "${name}" template "${TEMPLATE_DB}"`);
  const url = `${base}/${name}`;
  const orm = await openOrm(url, 20);
  return {
    url,
    orm,
    async close() {
      await orm.close();
      await adminQuery(base, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** One statement (`?` placeholders) on the test database that `current()` gives once `beforeAll` has made it. */
export function sqlOn(current: () => TestDatabase) {
  return <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    current().orm.em.getConnection().execute(query, params) as Promise<T[]>;
}

/** How many bookings a partner has in the read model. */
export async function bookingCount(db: TestDatabase, partnerId: string): Promise<number> {
  const [row] = await sqlOn(() => db)<{ n: number }>(`select count(*)::int as n from bookings where partner_id = ?`, [partnerId]);
  return row.n;
}
