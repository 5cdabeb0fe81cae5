import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openOrm } from '../db/orm';
import { loadDevStack } from '../infra/dev-stack';
import { startEmbeddedPostgres } from '../infra/embedded-postgres';
import { freePort } from '../test/support/ports';
import { localEnvironment } from '../test/support/temporal';
import { createWorkers, runWorkers, type WorkerDeps } from '../workers/create-workers';

/**
 * What a bench or a script needs under the hub on this machine: a migrated database `name` on a throw-away embedded
 * PostgreSQL, an in-memory Temporal dev server set up as temporal-dev.yml and, on request, the hub's workers on it.
 * `stop()` ends them all and removes them; so does an interrupt (SIGINT, SIGTERM).
 */
export async function startLocalStack(name: string, poolMax = 10) {
  const dir = mkdtempSync(join(tmpdir(), `hub-${name}-`));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), port: await freePort() });
  const env = await localEnvironment();
  const orm = await openOrm(await pg.createDatabase(name), poolMax);
  await migrate(orm);
  const namespace = loadDevStack().namespace;
  const running: ReturnType<typeof runWorkers>[] = [];
  /** The hub's workers on this stack, as in production but for a 5 s webhook timeout; `stop()` shuts them down. */
  async function startWorkers(options: Pick<WorkerDeps, 'encryptionKey' | 'ride' | 'publicBaseUrl'>) {
    const workers = runWorkers(
      await createWorkers({ connection: env.nativeConnection, namespace, orm, webhookTimeoutMs: 5000, ...options }),
    );
    running.push(workers);
  }
  let stopping: Promise<void> | undefined;
  /** Once, however often it is called: an interrupt and the run's own `finally` both call it. */
  function stop(): Promise<void> {
    stopping ??= (async () => {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      running.forEach((w) => w.shutdown());
      await Promise.all(running.map((w) => w.done));
      await orm.close();
      await env.teardown();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  }
  // Stopped by Ctrl-C or `timeout`: exit properly (the dev server and PostgreSQL outlived a bare SIGTERM); a teardown
  // that the run's workers still hold up cannot stop that.
  function interrupted() {
    void stop()
      .catch(() => undefined)
      .finally(() => process.exit(130));
  }
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  return { env, orm, namespace, startWorkers, stop };
}
