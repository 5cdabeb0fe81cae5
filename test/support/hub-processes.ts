import type { ChildProcess } from 'node:child_process';
import { TEST_SECRETS } from './hub';
import { spawnTypeScript } from '../../stack/ts-process';

/** What `start:api` and `start:worker` need, from the environment only, as deployed: test secrets, quiet logs. */
export function hubProcessEnv(options: {
  databaseUrl: string;
  temporalAddress: string;
  namespace: string;
  apiPort: number;
  metricsPort: number;
}): NodeJS.ProcessEnv {
  const api = `http://127.0.0.1:${options.apiPort}`;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: options.databaseUrl,
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_NAMESPACE: options.namespace,
    HUB_ENCRYPTION_KEY: TEST_SECRETS.encryptionKey.toString('base64'),
    HUB_HASH_PEPPER: TEST_SECRETS.hashPepper.toString('base64'),
    HOST: '127.0.0.1',
    PORT: String(options.apiPort),
    PUBLIC_BASE_URL: api,
    WORKER_METRICS_PORT: String(options.metricsPort),
    LOG_LEVEL: 'warn',
    // The partner's receiver runs on this machine (a sandbox webhook), which only a development hub may reach.
    HUB_DEV_WEBHOOK_TARGETS: 'true',
  };
}

/** `start:api` and `start:worker` as two processes (or the `entries` given); what they print is appended to `output`. */
export function spawnHubProcesses(
  env: NodeJS.ProcessEnv,
  output: string[],
  entries = ['api/server.ts', 'workers/main.ts'],
): ChildProcess[] {
  return entries.map((entry) => spawnHubProcess(entry, env, output));
}

/** One entry point (`api/server.ts`, `workers/main.ts`) as its own process; what it prints is appended to `output`. */
export function spawnHubProcess(entry: string, env: NodeJS.ProcessEnv, output: string[]): ChildProcess {
  const child = spawnTypeScript(entry, env);
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  return child;
}

/** SIGTERM, SIGKILL after 10 s for one that does not stop; their streams closed, no timer left behind. */
export async function stopHubProcesses(children: ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
}
