import type { MikroORM } from '@mikro-orm/postgresql';
import { BookingSchema, type Booking } from './entities';
import { sqlOf } from './sql';

/** Who may see the booking: its environment, and its partner or its account when the caller is one of them. */
export interface BookingVisibility {
  environment: Booking['environment'];
  partnerId?: string;
  accountId?: string;
}

const ONE_BOOKING = `select * from bookings where id = $1 and environment = $2
  and ($3::text is null or partner_id = $3) and ($4::text is null or account_id = $4)`;

type Column = [column: string, property: string, isDate: boolean];

/** Column → entity property, from the entity's metadata as MikroORM maps them; timestamps arrive as text (the ORM's pg types). */
const columnsOf = new WeakMap<MikroORM, Column[]>();

function columns(orm: MikroORM): Column[] {
  let mapping = columnsOf.get(orm);
  if (!mapping) {
    const meta = orm.getMetadata().get(BookingSchema.meta.className);
    columnsOf.set(orm, (mapping = meta.props.map((prop): Column => [prop.fieldNames[0]!, prop.name, prop.type === 'datetime'])));
  }
  return mapping;
}

/**
 * One booking by id if the caller may see it, else null: one prepared statement whose row is mapped onto the entity's
 * shape. The single reads of both APIs (and the partner's live status) run it on every call; the ORM's query building
 * and entity hydration cost more than the read itself.
 */
export async function readBooking(orm: MikroORM, id: string, visibility: BookingVisibility): Promise<Booking | null> {
  const [row] = await sqlOf(orm)<Record<string, unknown>>(ONE_BOOKING, [
    id,
    visibility.environment,
    visibility.partnerId ?? null,
    visibility.accountId ?? null,
  ]);
  return row ? bookingOfRow(orm, row) : null;
}

/** A `select *` row of `bookings` in the entity's shape. */
export function bookingOfRow(orm: MikroORM, row: Record<string, unknown>): Booking {
  const booking: Record<string, unknown> = {};
  for (const [column, property, isDate] of columns(orm)) {
    const value = row[column];
    booking[property] = isDate && typeof value === 'string' ? new Date(value) : value;
  }
  return booking as unknown as Booking;
}
