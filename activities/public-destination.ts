import type { MikroORM } from '@mikro-orm/postgresql';
import { pauseFailingDestination, setDestinationFailing } from '../db/public-deliveries';

/** The destination's bookkeeping steps of `destination:<dest_id>` (workflows/destination.ts). */
export function createPublicDestinationActivities({ orm }: { orm: MikroORM }) {
  return {
    async markDestinationFailing({ destinationId, failing }: { destinationId: string; failing: boolean }): Promise<void> {
      await setDestinationFailing(orm, destinationId, failing);
    },

    async pauseDestination({ destinationId, consecutiveFailures }: { destinationId: string; consecutiveFailures: number }): Promise<void> {
      await pauseFailingDestination(orm, destinationId, `${consecutiveFailures} consecutive failed deliveries`);
    },
  };
}

export type PublicDestinationActivities = ReturnType<typeof createPublicDestinationActivities>;
