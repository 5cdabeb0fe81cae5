import type { MikroORM } from '@mikro-orm/postgresql';
import { PARTNER_WEBHOOK_RETRY } from '../domain/partner-webhook-retry';

export interface WebhookBacklog {
  kind: 'partner' | 'public';
  /** `<partner_id>:<environment>` or the destination id. */
  target: string;
  /** Age of the oldest event not yet delivered, 0 when none waits. */
  seconds: number;
}

/**
 * Per partner endpoint with a URL and per public destination not deleted, how long its oldest undelivered event has
 * waited, in one statement: each target's minimum is a seek into a partial index of what waits (migration
 * 20261128020000). A partner event counts until acknowledged (or replaced by a newer `gps.update`) within its
 * 24-hour retry window; a public delivery while `pending` (a paused destination's parked ones wait on the integrator).
 */
export async function oldestUndeliveredWebhooks(orm: MikroORM): Promise<WebhookBacklog[]> {
  const rows = await orm.em.getConnection().execute<{ kind: 'partner' | 'public'; target: string; seconds: string | number }[]>(
    `select 'partner' as kind, p.partner_id || ':' || p.environment as target,
            coalesce(extract(epoch from now() - (select min(e.created_at) from events e
               where e.partner_id = p.partner_id and e.environment = p.environment and e.delivery_settled_at is null
                 and e.created_at > now() - make_interval(secs => ?))), 0) as seconds
       from partner_webhook_endpoints p where p.url is not null
     union all
     select 'public', w.id,
            coalesce(extract(epoch from now() - (select min(d.created_at) from public_deliveries d
               where d.destination_id = w.id and d.state = 'pending')), 0)
       from webhook_destinations w where w.deleted_at is null`,
    [PARTNER_WEBHOOK_RETRY.windowMs / 1000],
  );
  return rows.map((r) => ({ kind: r.kind, target: r.target, seconds: Math.max(0, Number(r.seconds)) }));
}
