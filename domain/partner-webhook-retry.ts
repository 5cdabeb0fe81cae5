/**
 * Partner webhooks: a failed delivery is retried with exponential backoff for up to 24 hours
 * (30 s, 1 min, 2 min, … doubling up to every 2 hours). Any 2xx acknowledges.
 */
export const PARTNER_WEBHOOK_RETRY = {
  initialIntervalMs: 30_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 2 * 60 * 60 * 1000,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

/** Offsets from the first attempt at which attempts start, for attempts that take no time. */
export function attemptOffsetsMs(policy: Record<keyof typeof PARTNER_WEBHOOK_RETRY, number> = PARTNER_WEBHOOK_RETRY): number[] {
  const offsets = [0];
  let interval: number = policy.initialIntervalMs;
  for (;;) {
    const next = offsets[offsets.length - 1] + interval;
    if (next >= policy.windowMs) return offsets;
    offsets.push(next);
    interval = Math.min(interval * policy.backoffCoefficient, policy.maximumIntervalMs);
  }
}
