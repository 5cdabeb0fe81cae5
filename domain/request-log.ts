/** The public API's request log per key (docs/public-api.md "Request log"). */

/** Days a request stays in the log; the retention sweep deletes older ones (activities/retention.ts). */
export const REQUEST_LOG_RETENTION_DAYS = 7;

/** A status filter: one status (`404`) or a class (`4xx`) as the inclusive range it covers. */
export function statusRange(filter: string): [number, number] {
  const cls = /^([1-5])xx$/.exec(filter);
  if (cls) return [Number(cls[1]) * 100, Number(cls[1]) * 100 + 99];
  return [Number(filter), Number(filter)];
}
