import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `npm run stack:cluster` is running, in `<HUB_DATA_DIR>/cluster/stack.json`, rewritten on every change (a
 * process started again, the stack ready): how `npm run deploy:rolling` and the uptime proofs find the processes, the
 * balancer's admin socket and Temporal without a port of their own to guess.
 */
export interface ClusterProcessState {
  /** `api1`, `api2`…: also the balancer's name of the server; `worker1`… */
  name: string;
  role: 'api' | 'worker';
  pid: number;
  /** The API process's own port (behind the balancer). */
  port?: number;
  startedAt: string;
  /** How each earlier process of this slot ended: exit code, or the signal that killed it. */
  exits: { pid: number; code: number | null; signal: string | null; at: string }[];
}

export interface ClusterState {
  /** The `stack:cluster` process itself. */
  pid: number;
  /** Every process started and, the first time, seen ready (the banner printed). */
  ready: boolean;
  balancer: { url: string; adminDir: string; pid: number };
  temporal: { address: string; namespace: string };
  databaseUrl: string;
  processes: ClusterProcessState[];
}

export const clusterStateFile = (clusterDataDir: string) => join(clusterDataDir, 'stack.json');

export function writeClusterState(file: string, state: ClusterState): void {
  // Whole or not at all: a reader never sees half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function readClusterState(file: string): ClusterState {
  return JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
}

/** Whether a process of that id exists (signal 0). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
