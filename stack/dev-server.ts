import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { devServerArgs, type DevStack } from '../infra/dev-stack';
import { temporalCliPath } from './temporal-binaries';

/** Runs `temporal server start-dev` from temporal-dev.yml, with its SQLite file in the data directory. */
export async function startDevServer(
  stack: DevStack,
  dataDir: string,
  codecEndpoint?: string,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const address = `${stack.ip}:${stack.frontendPort}`;
  const child: ChildProcess = spawn(temporalCliPath(), devServerArgs(stack, dataDir, codecEndpoint), {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`temporal server start-dev exited early (is port ${stack.frontendPort} or ${stack.uiPort} in use?)`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`Temporal dev server did not answer on ${address} within 30 s: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    address,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
