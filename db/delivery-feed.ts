import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from './sql';

/** The live feed of an account's delivery attempts (`GET /api/public/v1/webhook-deliveries/stream`). */

export interface FeedAttemptRow {
  id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  destination_id: string;
  url: string;
  sent_at: Date;
  attempt: number;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  succeeded: boolean;
}

/** The newest attempt id of the account and environment ('0' when none): a new stream starts after it. */
export async function latestAttemptId(orm: MikroORM, accountId: string, environment: string): Promise<string> {
  const [row] = await sqlOf(orm)<{ id: string | null }>(
    `select max(id)::text as id from public_delivery_attempts where account_id = $1 and environment = $2`,
    [accountId, environment],
  );
  return row?.id ?? '0';
}

/**
 * Up to `limit` attempts of the account and environment (and destination and event type, if given) with an id above
 * `after`, oldest first.
 */
export async function attemptsAfter(
  orm: MikroORM,
  filter: { accountId: string; environment: string; destinationId?: string; eventType?: string; after: string; limit: number },
): Promise<FeedAttemptRow[]> {
  return sqlOf(orm)<FeedAttemptRow>(
    `select id::text, delivery_id, event_id, event_type, destination_id, url, sent_at, attempt, duration_ms, response_status, error, succeeded
       from public_delivery_attempts
      where account_id = $1 and environment = $2 and id > $3::bigint and ($4::text is null or destination_id = $4)
        and ($6::text is null or event_type = $6)
      order by id limit $5`,
    [filter.accountId, filter.environment, filter.after, filter.destinationId ?? null, filter.limit, filter.eventType ?? null],
  );
}
