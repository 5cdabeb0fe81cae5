import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../stack/ports';
import { until } from './until';

/**
 * stripe-mock (github.com/stripe/stripe-mock): Stripe's own server that answers every API call from its published
 * OpenAPI description and refuses a request that does not match it (unknown parameter, wrong type, missing field).
 * Built once from its Go module into the project's `.temporal/` cache like Temporal's server (stack/temporal-cluster.ts),
 * by the machine's Go (GOTOOLCHAIN=local; it needs Go ≥ 1.22), then started on free ports. It is stateless: it checks
 * the shape of each call and answers a fixture, so it proves the adapter speaks Stripe's API, not a payment's flow.
 */
export const STRIPE_MOCK_VERSION = 'v0.203.0';

const run = promisify(execFile);

export async function ensureStripeMock(log: (line: string) => void = () => {}, version = STRIPE_MOCK_VERSION): Promise<string> {
  const bin = join(__dirname, '..', '..', '.temporal', 'stripe-mock', version, 'bin');
  const binary = join(bin, 'stripe-mock');
  try {
    accessSync(binary, constants.X_OK);
    return binary;
  } catch {
    // not built yet
  }
  mkdirSync(bin, { recursive: true });
  log(`building stripe-mock ${version} (once; under a minute)…`);
  await run('go', ['install', `github.com/stripe/stripe-mock@${version}`], {
    env: { ...process.env, GOBIN: bin, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return binary;
}

export interface RunningStripeMock {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  apiBase: string;
  stop(): Promise<void>;
}

export async function startStripeMock(binary: string): Promise<RunningStripeMock> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const output: string[] = [];
  const child: ChildProcess = spawn(binary, ['-http-port', String(httpPort), '-https-port', String(httpsPort)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const apiBase = `http://127.0.0.1:${httpPort}`;
  try {
    await until(
      'stripe-mock answering',
      async () => {
        if (child.exitCode !== null) throw new Error(`stripe-mock exited: ${output.join('')}`);
        const res = await fetch(`${apiBase}/v1/customers`, { headers: { Authorization: 'Bearer sk_test_123' } });
        return res.ok ? true : undefined;
      },
      30_000,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output.join('')}`);
  }
  return {
    apiBase,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
