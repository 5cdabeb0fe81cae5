/**
 * How long one webhook attempt (partner or public) may take as an activity, and how long its POST may wait for the
 * receiver. The POST's timeout stays at most half the activity's: an attempt that times out as an activity is retried,
 * and a receiver that was merely slow would then get the same event twice.
 */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 60_000;
export const MAX_WEBHOOK_TIMEOUT_MS = WEBHOOK_ATTEMPT_TIMEOUT_MS / 2;
