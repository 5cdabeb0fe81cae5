import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Statements the tools of scripts/ run beside the hub's own: states the history recorder sets up
 * (scripts/record-histories.ts) and what the crash test reads back to check (scripts/crash-test.ts).
 */

/** A unit ready for dispatch at a position, as if its driver had just reported it. */
export async function makeUnitAvailableAt(orm: MikroORM, unitId: string, at: { lat: number; lng: number }): Promise<void> {
  await orm.em
    .fork()
    .execute(`update fleet_units set dispatch_state = 'available', position_lat = ?, position_lng = ?, position_at = now() where id = ?`, [
      at.lat,
      at.lng,
      unitId,
    ]);
}

/** A public event delivered to a destination that failed for good (8 attempts) at `at`, for a recovery to find. */
export async function insertFailedDelivery(
  orm: MikroORM,
  d: { eventId: string; deliveryId: string; accountId: string; destinationId: string; type: string; at: Date },
): Promise<void> {
  await orm.em.fork().transactional(async (em) => {
    await em.execute(
      `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at) values (?, ?, 'test', ?, ?, '{}', ?)`,
      [d.eventId, d.accountId, d.type, d.eventId, d.at],
    );
    await em.execute(
      `insert into public_deliveries (id, event_id, destination_id, state, attempts, created_at, updated_at) values (?, ?, ?, 'failed', 8, ?, ?)`,
      [d.deliveryId, d.eventId, d.destinationId, d.at, d.at],
    );
  });
}

/** A partner's bookings: each id with the partner's own reference. */
export async function partnerBookings(orm: MikroORM, partnerId: string): Promise<{ id: string; external_id: string }[]> {
  return orm.em.fork().execute('select id, external_id from bookings where partner_id = ?', [partnerId]);
}

/** A partner's webhook events with their bodies. */
export async function partnerEventBodies<T>(orm: MikroORM, partnerId: string): Promise<T[]> {
  return orm.em.fork().execute('select id, booking_id, body from events where partner_id = ?', [partnerId]);
}
