import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds spent so far by this process, by PostgreSQL's processes and by the Temporal server (Linux /proc): the dev
 * server's `temporal` or the production server's four `server` processes.
 */
export interface CpuSample {
  hub: number;
  postgres: number;
  temporal: number;
}

const TICKS_PER_SECOND = 100;

/** A process's command and CPU seconds, its reaped children's included; null once it has ended. */
function statOf(pid: number | string): { comm: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of stat (11–14 after the command); the children's share keeps
    // the CPU of PostgreSQL backends that ended (their postmaster reaped them) in the total.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { comm, seconds: ticks / TICKS_PER_SECOND };
  } catch {
    return null; // the process ended while we looked
  }
}

function byCommand(): Record<string, number> {
  const totals: Record<string, number> = {};
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat) totals[stat.comm] = (totals[stat.comm] ?? 0) + stat.seconds;
  }
  return totals;
}

/** CPU seconds so far by named group of processes, beside PostgreSQL's processes and this one (the load). */
export type CpuTotals = Record<string, number>;

export function cpuOf(groups: Record<string, number[]>): CpuTotals {
  const totals: CpuTotals = {};
  for (const [name, pids] of Object.entries(groups)) totals[name] = pids.reduce((sum, pid) => sum + (statOf(pid)?.seconds ?? 0), 0);
  totals.postgres = byCommand().postgres ?? 0;
  const self = process.cpuUsage();
  totals['bench (load)'] = (self.user + self.system) / 1e6;
  return totals;
}

export function cpuSample(): CpuSample {
  const totals = byCommand();
  const self = process.cpuUsage();
  return { hub: (self.user + self.system) / 1e6, postgres: totals.postgres ?? 0, temporal: (totals.temporal ?? 0) + (totals.server ?? 0) };
}

/** Milliseconds of CPU per operation in each part between two samples. */
export function cpuPer(before: CpuSample, after: CpuSample, operations: number): CpuSample {
  const per = (k: keyof CpuSample) => ((after[k] - before[k]) * 1000) / operations;
  return { hub: per('hub'), postgres: per('postgres'), temporal: per('temporal') };
}
