import type { MikroORM } from '@mikro-orm/postgresql';
import { purgeExpiredKeys } from './middleware/idempotency';
import { purgeEndedWindows } from './middleware/rate-limit';

/** What every API process does once a minute: drop ended rate-limit windows and idempotency keys past 24 hours. */
export async function purgeExpired(orm: MikroORM): Promise<void> {
  await purgeEndedWindows(orm);
  await purgeExpiredKeys(orm);
}
