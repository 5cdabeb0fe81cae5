import type { MikroORM } from '@mikro-orm/postgresql';
import { bookingOfRow } from './booking-reads';
import type { Booking } from './entities';

/** Newest first (by id, which sorts by creation), or by pickup time either way. */
export type BookingOrder = 'created_desc' | 'pickup_asc' | 'pickup_desc';

/** Where the previous page ended, in the order's own key. */
export type BookingAfter = { id: string; pickupAt?: Date };

/** The filters of the public bookings list, its exports and its totals; every one is optional but the visibility. */
export interface BookingSearch {
  environment: Booking['environment'];
  /** Only this account's bookings (a corporate key); absent for an operator's key. */
  accountId?: string;
  status?: string;
  market?: string;
  /** Pickup time from (inclusive) and to (exclusive). */
  from?: Date;
  to?: Date;
  ref?: string;
  externalId?: string;
  customerReference?: string;
  customerReferencePrefix?: string;
  /** Any part of the passenger's name, case and accents aside (`hub_fold`). */
  passengerName?: string;
}

/** A LIKE pattern's literal text: its wildcards and escape character escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(search: BookingSearch): { sql: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const add = (clause: string, value: unknown) => (clauses.push(clause), values.push(value));
  add('environment = ?', search.environment);
  if (search.accountId) add('account_id = ?', search.accountId);
  if (search.status) add('status = ?', search.status);
  if (search.market) add('market = ?', search.market);
  if (search.from) add('pickup_at >= ?', search.from);
  if (search.to) add('pickup_at < ?', search.to);
  if (search.ref) add('id = ?', search.ref);
  if (search.externalId) add('external_id = ?', search.externalId);
  if (search.customerReference) add('customer_reference = ?', search.customerReference);
  if (search.customerReferencePrefix) add('customer_reference like ?', `${likeLiteral(search.customerReferencePrefix)}%`);
  if (search.passengerName) add("hub_fold(passenger ->> 'name') like hub_fold(?)", `%${likeLiteral(search.passengerName)}%`);
  return { sql: clauses.join(' and '), values };
}

const ORDER: Record<BookingOrder, { by: string; after: string }> = {
  created_desc: { by: 'id desc', after: 'id < ?' },
  pickup_asc: { by: 'pickup_at, id', after: '(pickup_at, id) > (?, ?)' },
  pickup_desc: { by: 'pickup_at desc, id desc', after: '(pickup_at, id) < (?, ?)' },
};

/**
 * Runs unprepared (a fresh plan per call): a prepared statement's generic plan cannot tell a selective name or
 * prefix pattern from a broad one, and would keep one plan for both.
 */
const run = (orm: MikroORM, sql: string, values: unknown[]) => orm.em.getConnection().execute<Record<string, unknown>[]>(sql, values);

export interface BookingPage {
  order: BookingOrder;
  limit: number;
  after?: BookingAfter;
}

/** The statement (`?` placeholders) of one keyset page: what `searchBookings` runs, and what a plan test explains. */
export function bookingPageStatement(search: BookingSearch, page: BookingPage): { sql: string; values: unknown[] } {
  const where = whereOf(search);
  const values = [...where.values];
  let sql = where.sql;
  const order = ORDER[page.order];
  if (page.after) {
    sql += ` and ${order.after}`;
    if (page.order === 'created_desc') values.push(page.after.id);
    else values.push(page.after.pickupAt ?? new Date(0), page.after.id);
  }
  return { sql: `select * from bookings where ${sql} order by ${order.by} limit ?`, values: [...values, page.limit] };
}

/** One keyset page (`limit` rows) of the bookings `search` finds, in `order`, after `after`. */
export async function searchBookings(orm: MikroORM, search: BookingSearch, page: BookingPage): Promise<Booking[]> {
  const statement = bookingPageStatement(search, page);
  const rows = await run(orm, statement.sql, statement.values);
  return rows.map((row) => bookingOfRow(orm, row));
}

/** Every booking `search` finds, a page at a time (keyset), for an export that holds one page in memory. */
export async function* bookingPages(orm: MikroORM, search: BookingSearch, order: BookingOrder, pageSize = 500): AsyncGenerator<Booking[]> {
  let after: BookingAfter | undefined;
  for (;;) {
    const page = await searchBookings(orm, search, { order, limit: pageSize, after });
    yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { id: last.id, pickupAt: last.pickupAt };
  }
}

export interface ReferenceTotalRow {
  customer_reference: string | null;
  currency: string;
  bookings: number;
  gross_minor: string;
}

/** Per customer reference and currency: how many bookings `search` finds and the sum of their prices (minor units). */
export async function referenceTotals(orm: MikroORM, search: BookingSearch, limit: number): Promise<ReferenceTotalRow[]> {
  const where = whereOf(search);
  const rows = await run(
    orm,
    `select customer_reference, currency, count(*)::int as bookings, sum(fare_total_minor)::text as gross_minor
       from bookings where ${where.sql}
      group by customer_reference, currency order by customer_reference nulls last, currency limit ?`,
    [...where.values, limit],
  );
  return rows as unknown as ReferenceTotalRow[];
}
