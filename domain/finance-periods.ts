/**
 * Finance periods: `month` (default), `week` (ISO, Monday 00:00 UTC), `day`, or an ISO 8601 duration of at least one
 * minute (sandbox and tests), aligned on the Unix epoch. All in UTC. Ids: `2026-11`, `2026-W48`, `2026-11-24`, or the
 * start instant of a shorter period (`2026-11-24T14:02:00Z`).
 */
export type PeriodSpec = { unit: 'month' | 'week' | 'day' } | { unit: 'duration'; ms: number };

export interface FinancePeriod {
  id: string;
  start: Date;
  /** Exclusive. */
  end: Date;
}

const DAY = 86_400_000;
const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** FINANCE_PERIOD's value; a clear error for anything else. */
export function parsePeriodSpec(value: string | undefined): PeriodSpec {
  const v = (value ?? 'month').trim();
  if (v === 'month' || v === 'week' || v === 'day') return { unit: v };
  const m = DURATION.exec(v);
  if (!m || v === 'P' || v.endsWith('T'))
    throw new RangeError(`FINANCE_PERIOD must be month, week, day or an ISO 8601 duration such as PT5M, got ${JSON.stringify(v)}`);
  const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0));
  const ms = ((d * 24 + h) * 60 + min) * 60_000 + s * 1000;
  if (ms < 60_000) throw new RangeError(`FINANCE_PERIOD must be at least one minute, got ${v}`);
  if (DAY % ms !== 0 && ms % DAY !== 0) throw new RangeError(`FINANCE_PERIOD ${v} must divide a day (or be whole days) so periods align`);
  return { unit: 'duration', ms };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The period that contains `at`. */
export function periodContaining(spec: PeriodSpec, at: Date): FinancePeriod {
  const t = at.getTime();
  switch (spec.unit) {
    case 'month': {
      const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
      const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
      return { id: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}`, start, end };
    }
    case 'day': {
      const start = new Date(Math.floor(t / DAY) * DAY);
      return { id: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + DAY) };
    }
    case 'week': {
      const day = Math.floor(t / DAY) * DAY;
      const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
      const start = new Date(day - weekday * DAY);
      const thursday = new Date(start.getTime() + 3 * DAY); // the ISO week's year is its Thursday's
      const year = thursday.getUTCFullYear();
      const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
      return { id: `${year}-W${pad(week)}`, start, end: new Date(start.getTime() + 7 * DAY) };
    }
    case 'duration': {
      const start = new Date(Math.floor(t / spec.ms) * spec.ms);
      return { id: start.toISOString().replace('.000Z', 'Z'), start, end: new Date(start.getTime() + spec.ms) };
    }
  }
}

/** The period a well-formed id names under `spec`; null when the id is not one of its periods. */
export function periodById(spec: PeriodSpec, id: string): FinancePeriod | null {
  let probe: Date | null = null;
  if (spec.unit === 'month' && /^\d{4}-\d{2}$/.test(id)) probe = new Date(`${id}-01T00:00:00Z`);
  if (spec.unit === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(id)) probe = new Date(`${id}T00:00:00Z`);
  if (spec.unit === 'duration' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(id)) probe = new Date(id);
  if (spec.unit === 'week') {
    const m = /^(\d{4})-W(\d{2})$/.exec(id);
    if (m) {
      const jan4 = Date.UTC(Number(m[1]), 0, 4); // always in week 1
      const week1Monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
      probe = new Date(week1Monday + (Number(m[2]) - 1) * 7 * DAY);
    }
  }
  if (!probe || Number.isNaN(probe.getTime())) return null;
  const period = periodContaining(spec, probe);
  return period.id === id ? period : null;
}

/** The last period that has ended at `now` (what the Schedule's run at a period's end closes). */
export function lastEndedPeriod(spec: PeriodSpec, now: Date): FinancePeriod {
  const current = periodContaining(spec, now);
  return periodContaining(spec, new Date(current.start.getTime() - 1));
}

/** The `n` periods before the current one, newest first. */
export function recentPeriods(spec: PeriodSpec, now: Date, n: number): FinancePeriod[] {
  const out: FinancePeriod[] = [];
  let at = now;
  for (let i = 0; i < n; i++) {
    const p = lastEndedPeriod(spec, at);
    out.push(p);
    at = new Date(p.start.getTime());
  }
  return out;
}
