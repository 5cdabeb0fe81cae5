import type { MikroORM } from '@mikro-orm/postgresql';
import { erasePassengerBatch } from '../db/booking-writes';
import { clearAttemptResponses } from '../db/public-deliveries';
import { purgeRequestLog } from '../db/request-log';
import { REQUEST_LOG_RETENTION_DAYS } from '../domain/request-log';
import { RESPONSE_RETENTION_DAYS } from '../domain/webhook-response';

const DAY_MS = 86_400_000;
/** How long one debug-data activity keeps deleting batches before it reports back (a heartbeat-free bound). */
const DEBUG_SWEEP_BUDGET_MS = 30_000;

export function createRetentionActivities({ orm }: { orm: MikroORM }) {
  return {
    /** One batch of the retention sweep (`erasePassengerBatch`, db/booking-writes.ts). */
    async erasePassengerData(input: {
      retentionDays: number;
      limit: number;
    }): Promise<{ bookings: number; events: number; endedBefore: string }> {
      const batch = await erasePassengerBatch(orm, { ...input, now: new Date() });
      return { bookings: batch.bookings, events: batch.events, endedBefore: batch.endedBefore.toISOString() };
    },

    /**
     * Debugging data past its time: receivers' answers to attempts older than RESPONSE_RETENTION_DAYS, API requests
     * older than REQUEST_LOG_RETENTION_DAYS. Batches of `limit` for up to 30 s; `done` once a batch of each came short.
     */
    async eraseDebugData(input: { limit: number }): Promise<{ responses: number; requests: number; done: boolean }> {
      const started = Date.now();
      const total = { responses: 0, requests: 0, done: false };
      let more = { responses: true, requests: true };
      while ((more.responses || more.requests) && Date.now() - started < DEBUG_SWEEP_BUDGET_MS) {
        const now = Date.now();
        const responses = more.responses
          ? await clearAttemptResponses(orm, new Date(now - RESPONSE_RETENTION_DAYS * DAY_MS), input.limit)
          : 0;
        const requests = more.requests ? await purgeRequestLog(orm, new Date(now - REQUEST_LOG_RETENTION_DAYS * DAY_MS), input.limit) : 0;
        total.responses += responses;
        total.requests += requests;
        more = { responses: responses === input.limit, requests: requests === input.limit };
      }
      total.done = !more.responses && !more.requests;
      return total;
    },
  };
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;
