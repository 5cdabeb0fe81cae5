import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/**
 * One of the hub's TypeScript entry points (`api/server.ts`, `workers/main.ts`) as a process of its own: Node itself
 * with tsx's loader, not the tsx CLI, which runs the script in a grandchild that a SIGKILL of the child leaves running.
 */
export function spawnTypeScript(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
}
