import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds spent so far by this process, by PostgreSQL's processes and by the Temporal server (Linux /proc). */
export interface CpuSample {
  hub: number;
  postgres: number;
  temporal: number;
}

const TICKS_PER_SECOND = 100;

function byCommand(): Record<string, number> {
  const totals: Record<string, number> = {};
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime are fields 14–17 of stat (11–14 after the command); the children's share keeps
      // the CPU of PostgreSQL backends that ended (their postmaster reaped them) in the total.
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      totals[comm] = (totals[comm] ?? 0) + ticks / TICKS_PER_SECOND;
    } catch {
      // the process ended while we looked
    }
  }
  return totals;
}

export function cpuSample(): CpuSample {
  const totals = byCommand();
  const self = process.cpuUsage();
  return { hub: (self.user + self.system) / 1e6, postgres: totals.postgres ?? 0, temporal: totals.temporal ?? 0 };
}

/** Milliseconds of CPU per operation in each part between two samples. */
export function cpuPer(before: CpuSample, after: CpuSample, operations: number): CpuSample {
  const per = (k: keyof CpuSample) => ((after[k] - before[k]) * 1000) / operations;
  return { hub: per('hub'), postgres: per('postgres'), temporal: per('temporal') };
}
