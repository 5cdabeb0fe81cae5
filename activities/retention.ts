import type { MikroORM } from '@mikro-orm/postgresql';
import { erasePassengerBatch } from '../db/booking-writes';

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
  };
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;
