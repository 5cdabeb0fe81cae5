import { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TASK_QUEUES } from '../contracts/task-queues';
import { balancerStats } from '../stack/haproxy';
import { processAlive, readClusterState, type ClusterProcessState } from './cluster-state';

/**
 * A rolling restart of a running `npm run stack:cluster` (its stack.json): every worker process, then every API process,
 * one at a time: SIGTERM (a worker stops polling and finishes its tasks; an API fails readiness, the balancer takes it
 * out, its requests finish), the stack's supervisor starts the slot again, and the next waits until the new process is
 * ready: an API answers `/readyz` 200 on its own port and the balancer has it `UP`; a worker polls every task queue.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RestartStep {
  name: string;
  oldPid: number;
  newPid: number;
  /** How the old process ended: `0` after a drain, or a signal name. */
  exit: string;
  /** SIGTERM → the old process gone, → the new one ready. */
  stoppedMs: number;
  readyMs: number;
}

/** `/readyz` of the API process on its own port answers 200. */
export async function apiProcessReady(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** The balancer has the server `UP` (its health check passed `rise` times in a row). */
export async function balancerSeesUp(adminDir: string, name: string): Promise<boolean> {
  const server = (await balancerStats(adminDir).catch(() => [])).find((s) => s.name === name);
  return server?.status === 'UP';
}

/** Every task queue (workflow and activity tasks) has a poller with the process's identity (`<pid>@<host>`). */
export async function workerPolling(connection: Connection, namespace: string, pid: number): Promise<boolean> {
  for (const taskQueue of TASK_QUEUES)
    for (const taskQueueType of [
      temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
    ]) {
      const { pollers } = await connection.workflowService.describeTaskQueue({ namespace, taskQueue: { name: taskQueue }, taskQueueType });
      if (!pollers?.some((p) => p.identity?.startsWith(`${pid}@`))) return false;
    }
  return true;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** The process of that slot ready as the rolling restart means it. */
export async function processReady(
  stateFile: string,
  slot: ClusterProcessState,
  connection: Connection,
  timeoutMs = 120_000,
): Promise<void> {
  const state = readClusterState(stateFile);
  if (slot.role === 'api') {
    await until(`${slot.name} (pid ${slot.pid}) /readyz`, () => apiProcessReady(slot.port!), timeoutMs);
    await until(`${slot.name} (pid ${slot.pid}) UP at the balancer`, () => balancerSeesUp(state.balancer.adminDir, slot.name), timeoutMs);
  } else {
    await until(`${slot.name} (pid ${slot.pid}) polling`, () => workerPolling(connection, state.temporal.namespace, slot.pid), timeoutMs);
  }
}

/** Restarts every process of the stack one at a time (workers first); each step as it completes to `print`. */
export async function rollingRestart(
  stateFile: string,
  print: (line: string) => void,
  options: { timeoutMs?: number; only?: (slot: ClusterProcessState) => boolean } = {},
): Promise<RestartStep[]> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const initial = readClusterState(stateFile);
  if (!processAlive(initial.pid)) throw new Error(`the stack of ${stateFile} (pid ${initial.pid}) is not running`);
  const connection = await Connection.connect({ address: initial.temporal.address });
  try {
    const slots = [...initial.processes]
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'worker' ? -1 : 1))
      .filter(options.only ?? (() => true));
    // Start from a stack whose every process is ready.
    for (const slot of readClusterState(stateFile).processes) await processReady(stateFile, slot, connection, timeoutMs);
    const steps: RestartStep[] = [];
    for (const { name } of slots) {
      const old = readClusterState(stateFile).processes.find((p) => p.name === name)!;
      const started = Date.now();
      print(`${name}: SIGTERM to pid ${old.pid}`);
      process.kill(old.pid, 'SIGTERM');
      let current = old;
      await until(
        `${name}: a new process after pid ${old.pid}`,
        async () => {
          current = readClusterState(stateFile).processes.find((p) => p.name === name)!;
          return current.pid !== old.pid;
        },
        timeoutMs,
      );
      const stoppedMs = Date.now() - started;
      const ended = current.exits.find((e) => e.pid === old.pid);
      await processReady(stateFile, current, connection, timeoutMs);
      const step: RestartStep = {
        name,
        oldPid: old.pid,
        newPid: current.pid,
        exit: ended ? (ended.signal ?? String(ended.code)) : '?',
        stoppedMs,
        readyMs: Date.now() - started,
      };
      steps.push(step);
      print(
        `${name}: pid ${old.pid} exited ${step.exit} after ${(stoppedMs / 1000).toFixed(1)} s; pid ${current.pid} ready ` +
          `(${current.role === 'api' ? '/readyz 200 and UP at the balancer' : 'polling every task queue'}) after ${(step.readyMs / 1000).toFixed(1)} s`,
      );
    }
    return steps;
  } finally {
    await connection.close();
  }
}
