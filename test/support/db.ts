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

/** A new database cloned from the migrated template: every test file starts from an empty, current schema. */
export async function freshDatabase(): Promise<TestDatabase> {
  const base = process.env.HUB_TEST_PG_BASE;
  if (!base) throw new Error('HUB_TEST_PG_BASE is not set: run the tests through jest (test/support/global-setup.ts)');
  const name = `hub_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const url = `${base}/${name}`;
  const orm = await openOrm(url, 20);
  return { url, orm, close: () => orm.close() };
}
