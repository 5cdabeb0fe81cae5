import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openOrm, type Orm } from '../db/orm';
import { loadDevStack } from '../infra/dev-stack';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../stack/embedded-postgres';
import { createWorkers, runWorkers, type WorkerDeps } from '../workers/create-workers';
import { freePort } from './ports';
import { clusterEnvironment, localEnvironment, type TemporalEnvironment } from './temporal';

/** A throw-away embedded PostgreSQL in its own folder under the OS temp dir; `stop()` ends it and removes the folder. */
export async function startScratchPostgres(name: string): Promise<{ pg: EmbeddedPostgresHandle; dir: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `hub-${name}-`));
  chmodSync(dir, 0o755); // the `postgres` user must reach its data directory inside
  const pg = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), port: await freePort() });
  return {
    pg,
    dir,
    async stop() {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Stack<T extends boolean> = {
  orm: Orm;
  /** The migrated database's URL (for a bare pg Pool beside the ORM). */
  databaseUrl: string;
  namespace: string;
  env: T extends true ? TemporalEnvironment : undefined;
  startWorkers(options: Pick<WorkerDeps, 'encryptionKey' | 'ride' | 'publicBaseUrl' | 'publicWebhooksTuning'>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * What a bench or a script needs under the hub on this machine: a migrated database `name` on a throw-away embedded
 * PostgreSQL, and (unless `temporal: false`) an in-memory Temporal dev server set up as temporal-dev.yml — or with
 * `engine: 'cluster'` Temporal's production server on the same PostgreSQL — with, on request, the hub's workers on
 * it. `stop()` ends them all and removes them; so does an interrupt (SIGINT, SIGTERM).
 */
export async function startLocalStack<T extends boolean = true>(
  name: string,
  options: { poolMax?: number; temporal?: T; engine?: 'dev' | 'cluster'; historyShards?: number; matchingPartitions?: number } = {},
): Promise<Stack<T>> {
  const scratch = await startScratchPostgres(name);
  const databaseUrl = await scratch.pg.createDatabase(name);
  const env =
    options.temporal === false
      ? undefined
      : options.engine === 'cluster'
        ? await clusterEnvironment(databaseUrl, {
            dataDir: scratch.dir,
            historyShards: options.historyShards,
            matchingPartitions: options.matchingPartitions,
          })
        : await localEnvironment();
  const orm = await openOrm(databaseUrl, options.poolMax ?? 10);
  await migrate(orm);
  const namespace = loadDevStack().namespace;
  const running: ReturnType<typeof runWorkers>[] = [];
  /**
   * The hub's workers on this stack, as in production but for a 5 s webhook timeout and development webhook targets
   * (receivers on this machine); `stop()` shuts them down.
   */
  async function startWorkers(workerOptions: Pick<WorkerDeps, 'encryptionKey' | 'ride' | 'publicBaseUrl' | 'publicWebhooksTuning'>) {
    if (!env) throw new Error('startWorkers needs the stack started with Temporal');
    const workers = runWorkers(
      await createWorkers({
        connection: env.nativeConnection,
        namespace,
        orm,
        webhookTimeoutMs: 5000,
        devWebhookTargets: true,
        ...workerOptions,
      }),
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
      await env?.teardown();
      await scratch.stop();
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
  return { env: env as Stack<T>['env'], orm, databaseUrl, namespace, startWorkers, stop };
}
