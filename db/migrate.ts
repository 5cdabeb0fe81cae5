import { fail, loadConfig } from '../infra/config';
import { migrate, openOrm } from './orm';

/** Production entry point: applies pending migrations to DATABASE_URL and exits. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run migrations.');
  const orm = await openOrm(config.databaseUrl, 2);
  const applied = await migrate(orm);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  await orm.close();
}

if (require.main === module) main().catch(fail);
