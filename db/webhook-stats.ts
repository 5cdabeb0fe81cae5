import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from './sql';

/** A destination's delivery figures over a window (`GET /api/public/v1/webhook-destinations/{id}/stats`). */
export interface DestinationStats {
  /** Each event sent to the destination in the window once, in the state of its latest delivery. */
  deliveries: { delivered: number; failed: number; pending: number };
  /** Every attempt in the window, by outcome. */
  attempts: { succeeded: number; failed: number };
  /** Attempts per hour from the window's start (the last hour may be shorter). */
  hourly: { start: Date; succeeded: number; failed: number }[];
}

const HOUR_MS = 3_600_000;

export async function destinationStats(orm: MikroORM, destinationId: string, from: Date, to: Date): Promise<DestinationStats> {
  const sql = sqlOf(orm);
  const states = await sql<{ state: string; n: string }>(
    `select state, count(*) as n from (
       select distinct on (event_id) event_id, state from public_deliveries
        where destination_id = $1 and created_at >= $2 and created_at < $3
        order by event_id, created_at desc, id desc) latest
      group by state`,
    [destinationId, from, to],
  );
  const buckets = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / HOUR_MS));
  const hours = await sql<{ k: number; succeeded: string; failed: string }>(
    `select floor(extract(epoch from sent_at - $2::timestamptz) / 3600)::int as k,
            count(*) filter (where succeeded) as succeeded, count(*) filter (where not succeeded) as failed
       from public_delivery_attempts where destination_id = $1 and sent_at >= $2 and sent_at < $3
      group by 1`,
    [destinationId, from, to],
  );
  const count = (state: string) => Number(states.find((s) => s.state === state)?.n ?? 0);
  const hourly = Array.from({ length: buckets }, (_, k) => ({ start: new Date(from.getTime() + k * HOUR_MS), succeeded: 0, failed: 0 }));
  for (const h of hours) Object.assign(hourly[h.k]!, { succeeded: Number(h.succeeded), failed: Number(h.failed) });
  return {
    deliveries: { delivered: count('delivered'), failed: count('failed'), pending: count('pending') + count('parked') },
    attempts: { succeeded: hourly.reduce((n, h) => n + h.succeeded, 0), failed: hourly.reduce((n, h) => n + h.failed, 0) },
    hourly,
  };
}

/** Each destination's attempts of the last 24 hours, delivered and failed (0 and 0 for one without any). */
export async function recentDeliveryCounts(orm: MikroORM, ids: string[]): Promise<Map<string, { delivered: number; failed: number }>> {
  const counts = new Map(ids.map((id) => [id, { delivered: 0, failed: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await orm.em.getConnection().execute<{ destination_id: string; succeeded: boolean; n: string }[]>(
    `select destination_id, succeeded, count(*) as n from public_delivery_attempts
      where destination_id in (?) and sent_at > now() - interval '24 hours' group by destination_id, succeeded`,
    [ids],
  );
  for (const r of rows) counts.get(r.destination_id)![r.succeeded ? 'delivered' : 'failed'] = Number(r.n);
  return counts;
}
