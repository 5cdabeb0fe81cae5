/** The capacity bench's search for the knee (bench/capacity.ts): which rate to try next, and how to print what it found. */

/**
 * What became of a rate: every ride and event arrived in time (`kept up`); the hub answered every booking but its
 * rides did not finish in time (`fell behind`); load shedding refused some bookings with 429 or 503 (`refused`: the
 * admission budgets stopped it, not the engine); or a request failed otherwise (`failed`: a 5xx, a lost connection —
 * a bug, which ends the run with a non-zero exit code).
 */
export type Outcome = 'kept up' | 'fell behind' | 'refused' | 'failed';

export interface CpuPerRide {
  hub: number;
  temporal: number;
  postgres: number;
}

export interface Step {
  rate: number;
  outcome: Outcome;
  /** Bookings sent, and answered `201`. */
  sent: number;
  accepted: number;
  /** Answers other than `201`, by status and problem code (`429 ride_budget_exceeded`, `503 hub_behind`, `error`…). */
  refusals: Record<string, number>;
  /** Rides whose `trip.completed` arrived, and events received of those recorded, when the step ended. */
  completed: number;
  delivered: number;
  recorded: number;
  /** From the first booking until every ride's last event arrived (or the deadline). */
  seconds: number;
  cpuMsPerRide: CpuPerRide;
  oldestTaskSeconds: number;
  bookingP99Ms: number;
}

export interface RateSearch {
  /** BENCH_CAPACITY_RATES: these rates in this order, up to the first that does not keep up; no search. */
  explicit?: number[];
  /** The first rate of the search; it doubles from there until a rate does not keep up. */
  first: number;
  /** The highest rate tried: a knee above it is reported as "at least". */
  max: number;
  /** The search ends when the failing rate is within this fraction above the highest one kept (0.25: 25 %). */
  resolution: number;
}

/** The highest rate that kept up below the lowest that did not, and that lowest one (Infinity while none failed). */
function bounds(steps: Step[]): { kept: Step | undefined; failed: Step | undefined } {
  const failed = steps.filter((s) => s.outcome !== 'kept up').sort((a, b) => a.rate - b.rate)[0];
  const kept = steps.filter((s) => s.outcome === 'kept up' && s.rate < (failed?.rate ?? Infinity)).sort((a, b) => b.rate - a.rate)[0];
  return { kept, failed };
}

/**
 * The next rate to try, or null once the knee is found. Without an explicit list: double from `first` until a rate
 * does not keep up (or `max` did), then bisect between the highest rate kept and the lowest that was not, until they
 * are within `resolution` of each other; a first rate that fails halves down to 1. A `failed` step ends the search.
 */
export function nextRate(steps: Step[], search: RateSearch): number | null {
  if (steps.some((s) => s.outcome === 'failed')) return null;
  if (search.explicit) {
    if (steps.at(-1) && steps.at(-1)!.outcome !== 'kept up') return null;
    return search.explicit[steps.length] ?? null;
  }
  const { kept, failed } = bounds(steps);
  if (!failed) {
    if (!kept) return search.first;
    return kept.rate >= search.max ? null : Math.min(kept.rate * 2, search.max);
  }
  const low = kept?.rate ?? 0;
  if (failed.rate <= Math.max(1, low * (1 + search.resolution))) return null;
  const next = low === 0 ? Math.max(1, Math.floor(failed.rate / 2)) : Math.round((low + failed.rate) / 2);
  return next > low && next < failed.rate ? next : null;
}

const total = (c: CpuPerRide) => c.hub + c.temporal + c.postgres;
const cpuText = (c: CpuPerRide) =>
  `${total(c).toFixed(0)} ms (hub ${c.hub.toFixed(0)} + Temporal ${c.temporal.toFixed(0)} + PostgreSQL ${c.postgres.toFixed(0)})`;
const refusalText = (s: Step) =>
  Object.entries(s.refusals)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ');

export function stepLine(s: Step, stepSeconds: number): string {
  const answers = s.accepted === s.sent ? `${s.sent} × 201` : `${s.accepted} × 201 of ${s.sent} (${refusalText(s)})`;
  return (
    `${s.rate}/s × ${stepSeconds} s: ${s.outcome} — ${answers}; ${s.completed}/${s.accepted} rides completed, ` +
    `${s.delivered}/${s.recorded} events delivered after ${s.seconds.toFixed(0)} s; CPU per ride ${cpuText(s.cpuMsPerRide)}; ` +
    `oldest task ${s.oldestTaskSeconds.toFixed(1)} s; POST p99 ${s.bookingP99Ms.toFixed(0)} ms`
  );
}

export function printSteps(steps: Step[]): void {
  console.log(
    '  rate/s  outcome      201s sent  rides done  events delivered  CPU ms/ride: hub + Temporal + PostgreSQL  oldest task s  POST p99 ms',
  );
  for (const s of [...steps].sort((a, b) => a.rate - b.rate)) {
    const cpu = s.cpuMsPerRide;
    console.log(
      `  ${String(s.rate).padStart(6)}  ${s.outcome.padEnd(11)}  ${`${s.accepted}/${s.sent}`.padStart(9)}  ${`${s.completed}/${s.accepted}`.padStart(10)}  ` +
        `${`${s.delivered}/${s.recorded}`.padStart(16)}  ` +
        `${cpu.hub.toFixed(0)} + ${cpu.temporal.toFixed(0)} + ${cpu.postgres.toFixed(0)} = ${total(cpu).toFixed(0)}`.padEnd(42) +
        `${s.oldestTaskSeconds.toFixed(1).padStart(13)}  ${s.bookingP99Ms.toFixed(0).padStart(11)}`,
    );
  }
}

/** The verdict: the knee with its CPU per ride, oldest task and POST p99, and what stopped the rate above it. */
export function kneeLines(steps: Step[], search: RateSearch): string[] {
  const { kept, failed } = bounds(steps);
  const lines: string[] = [];
  if (kept)
    lines.push(
      `knee: ${failed ? '' : '≥ '}${kept.rate} sandbox bookings per second — CPU per ride ${cpuText(kept.cpuMsPerRide)}, ` +
        `oldest waiting task ${kept.oldestTaskSeconds.toFixed(1)} s, POST p99 ${kept.bookingP99Ms.toFixed(0)} ms`,
    );
  else lines.push(`knee: below ${failed?.rate ?? '?'} bookings per second (no rate tried kept up)`);
  if (!failed)
    lines.push(
      search.explicit
        ? 'every rate of BENCH_CAPACITY_RATES kept up: the knee is higher (leave BENCH_CAPACITY_RATES unset to search for it)'
        : `the highest rate tried (BENCH_CAPACITY_MAX_RATE ${search.max}) kept up: the knee is higher`,
    );
  else if (failed.outcome === 'refused')
    lines.push(`${failed.rate}/s was refused by load shedding (${refusalText(failed)}): the admission budgets stopped it, not the engine`);
  else if (failed.outcome === 'failed') lines.push(`${failed.rate}/s failed (${refusalText(failed)}): a bug, not a capacity`);
  else
    lines.push(
      `${failed.rate}/s fell behind: ${failed.completed}/${failed.accepted} rides completed, ${failed.delivered}/${failed.recorded} events delivered in time`,
    );
  return lines;
}
