import type { MikroORM } from '@mikro-orm/postgresql';
import { purgeExpiredIdempotencyKeys } from '../db/idempotency-keys';
import { purgeEndedRateLimitWindows } from '../db/rate-limit-windows';
import { purgePublicEvents } from '../db/public-events';
import { purgeConsoleLogins } from '../db/console-logins';
import { EVENT_LOG_RETENTION_DAYS } from '../domain/public-event-scopes';
import { purgePassengerReads } from '../db/passenger-reads';
import { PASSENGER_READS_RETENTION_DAYS } from '../domain/passenger-view';

/**
 * What every API process does once a minute: drop ended rate-limit windows, idempotency keys past 24 hours, and
 * public events past the event log's 30 days (with their finished deliveries; up to 1000 a minute per process), and
 * console links and logins over for a day, and the records of passenger-data reads past their 400 days.
 */
export async function purgeExpired(orm: MikroORM, now = new Date()): Promise<void> {
  await purgeEndedRateLimitWindows(orm);
  await purgeExpiredIdempotencyKeys(orm);
  await purgePublicEvents(orm, new Date(now.getTime() - EVENT_LOG_RETENTION_DAYS * 86_400_000));
  await purgeConsoleLogins(orm, new Date(now.getTime() - 86_400_000));
  await purgePassengerReads(orm, new Date(now.getTime() - PASSENGER_READS_RETENTION_DAYS * 86_400_000));
}
