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

/** A process's command, parent and CPU seconds, its reaped children's included; null once it has ended. */
function statOf(pid: number | string): { comm: string; ppid: number; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of stat (11–14 after the command); the children's share keeps
    // the CPU of PostgreSQL backends that ended (their postmaster reaped them) in the total.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { comm, ppid: Number(fields[1]), seconds: ticks / TICKS_PER_SECOND };
  } catch {
    return null; // the process ended while we looked
  }
}

function allStats(): Map<number, NonNullable<ReturnType<typeof statOf>>> {
  const stats = new Map<number, NonNullable<ReturnType<typeof statOf>>>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return stats;
  }
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat) stats.set(Number(pid), stat);
  }
  return stats;
}

/** CPU seconds by command of the descendants of process `root`. */
function byCommand(root: number): Record<string, number> {
  const stats = allStats();
  const tree = new Set([root]);
  // Parents before children is not guaranteed by pid order: repeat until no process joins the tree.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, stat] of stats)
      if (!tree.has(pid) && tree.has(stat.ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  tree.delete(root);
  const totals: Record<string, number> = {};
  for (const pid of tree) {
    const stat = stats.get(pid)!;
    totals[stat.comm] = (totals[stat.comm] ?? 0) + stat.seconds;
  }
  return totals;
}

/** CPU seconds so far by named group of processes, beside the PostgreSQL this process started and this one (the load). */
export type CpuTotals = Record<string, number>;

export function cpuOf(groups: Record<string, number[]>): CpuTotals {
  const totals: CpuTotals = {};
  for (const [name, pids] of Object.entries(groups)) totals[name] = pids.reduce((sum, pid) => sum + (statOf(pid)?.seconds ?? 0), 0);
  totals.postgres = byCommand(process.pid).postgres ?? 0;
  const self = process.cpuUsage();
  totals['bench (load)'] = (self.user + self.system) / 1e6;
  return totals;
}

/**
 * This process's CPU, and that of the PostgreSQL and Temporal processes it started (its descendants): every bench
 * starts its own stack, and other stacks on a shared machine must not count.
 */
export function cpuSample(): CpuSample {
  const totals = byCommand(process.pid);
  const self = process.cpuUsage();
  return { hub: (self.user + self.system) / 1e6, postgres: totals.postgres ?? 0, temporal: (totals.temporal ?? 0) + (totals.server ?? 0) };
}

/** Milliseconds of CPU per operation in each part between two samples. */
export function cpuPer(before: CpuSample, after: CpuSample, operations: number): CpuSample {
  const per = (k: keyof CpuSample) => ((after[k] - before[k]) * 1000) / operations;
  return { hub: per('hub'), postgres: per('postgres'), temporal: per('temporal') };
}
