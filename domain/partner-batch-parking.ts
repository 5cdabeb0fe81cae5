/**
 * When a shard's batch stops being retried (issue 49). A batch's activity fails only on the hub's own faults (a POST
 * the receiver refuses is an answer, not a failure); one that fails the same way on every try (an event or endpoint
 * the code cannot handle) would hold its shard for ever. So the shard retries the same batch in rounds, and parks it
 * (its events leave the queue, recorded with the last error for ops to replay) once the same failure has lasted
 * PARTNER_BATCH_PARK_AFTER_MS, or any failures PARTNER_BATCH_PARK_ANY_AFTER_MS. Pure: workflows run it.
 */

/** Tries of one round (the activity's own retries, 1 s then 2 s apart). */
export const PARTNER_BATCH_TRIES_PER_ROUND = 3;
/** The wait between two rounds of a failing batch. */
export const PARTNER_BATCH_ROUND_PAUSE_MS = 30_000;
/** The same failure (by `failureKey`) this long after the batch's first failed round parks it. */
export const PARTNER_BATCH_PARK_AFTER_MS = 10 * 60_000;
/** Failures that change (a flapping dependency) park it after this long, so that no batch holds its shard for ever. */
export const PARTNER_BATCH_PARK_ANY_AFTER_MS = 60 * 60_000;

/** A batch whose rounds fail: its events, and how long it has failed and how. */
export interface PartnerBatchFailure {
  eventIds: string[];
  /** Workflow time (ms) of the batch's first try: attempts logged since then are not posted again. */
  firstTriedAt: number;
  /** The first failed round's end (ms). */
  failingSince: number;
  /** When the current failure (by `failureKey`) first came (ms). */
  sameSince: number;
  /** The last round's failure, as it came. */
  reason: string;
  /** Rounds failed so far. */
  rounds: number;
  /** When the next round may start (ms). */
  retryAt: number;
}

/** Two failures are the same when they differ only in numbers (ids, durations, ports, attempt counts). */
export const failureKey = (reason: string) => reason.replace(/\d+/g, '#');

/** The batch's failure record after one more failed round ending at `now`. */
export function afterFailedRound(
  previous: PartnerBatchFailure | undefined,
  batch: { eventIds: string[]; firstTriedAt: number },
  reason: string,
  now: number,
): PartnerBatchFailure {
  const same = previous !== undefined && failureKey(previous.reason) === failureKey(reason);
  return {
    eventIds: batch.eventIds,
    firstTriedAt: previous?.firstTriedAt ?? batch.firstTriedAt,
    failingSince: previous?.failingSince ?? now,
    sameSince: same ? previous.sameSince : now,
    reason,
    rounds: (previous?.rounds ?? 0) + 1,
    retryAt: now + PARTNER_BATCH_ROUND_PAUSE_MS,
  };
}

/** Whether the batch is parked now rather than tried again; `parkAfterMs` lowers the same-failure bound (tests). */
export function shouldPark(f: PartnerBatchFailure, now: number, parkAfterMs = PARTNER_BATCH_PARK_AFTER_MS): boolean {
  return now - f.sameSince >= parkAfterMs || now - f.failingSince >= Math.max(parkAfterMs, PARTNER_BATCH_PARK_ANY_AFTER_MS);
}
