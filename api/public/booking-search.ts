import { z } from 'zod';
import type { BookingOrder, BookingSearch } from '../../db/booking-search';
import type { Booking } from '../../db/entities';
import { recordPassengerReads } from '../../db/passenger-reads';
import { publicPassengerView } from '../../domain/passenger-view';
import { publicBookingListItemView, type PublicBookingListItemShape } from '../../domain/public-booking';
import { toInternalStatus } from '../../domain/public-status';
import { insufficientScope } from '../auth/api-key-auth';
import type { Principal } from '../auth/principal';
import type { ApiDeps } from '../deps';
import { keysetCursor, PageLimit } from '../pagination';
import { BookingId, Instant } from '../wire-schemas';
import { PublicStatus } from './schemas';
import { visibleBookings } from './visible-bookings';

const SORTS = { '-created_at': 'created_desc', pickup_at: 'pickup_asc', '-pickup_at': 'pickup_desc' } as const satisfies Record<
  string,
  BookingOrder
>;
type Sort = keyof typeof SORTS;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The filters the list, the CSV export and the totals share (the totals take no `sort`). */
const searchFields = {
  market: z
    .string()
    .regex(/^[A-Z]{3,5}$/, 'expected a market code such as PAR')
    .optional()
    .meta({ description: 'Market code of the pickup, e.g. PAR.', example: 'PAR' }),
  status: PublicStatus.optional().meta({ example: 'allocated' }),
  from: Instant.optional().meta({ description: 'Pickup time from (inclusive), RFC 3339.' }),
  to: Instant.optional().meta({ description: 'Pickup time to (exclusive), RFC 3339.' }),
  ref: BookingId.optional().meta({ description: 'One booking by its reference (`bkg_…`).', example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
  external_id: text(100).optional().meta({
    description: "The partner's own id of the booking, exactly (an operator's key sees partners' bookings).",
    example: 'PO-2026-0042',
  }),
  passenger_name: text(100).min(2).optional().meta({
    description:
      'Bookings whose passenger name contains this, case and accents aside ("lovelace" and "LOVÉLACE" find "Ada Lovelace"). Needs the scope `passengers.read`.',
    example: 'lovelace',
  }),
  customer_reference: text(100)
    .optional()
    .meta({ description: 'Only bookings whose `customer_reference` is exactly this (case and spaces count).', example: 'CC-4711' }),
  customer_reference_prefix: text(100).optional().meta({
    description: 'Only bookings whose `customer_reference` starts with this (case counts): `CC-` finds `CC-4711` and `CC-12`.',
    example: 'CC-',
  }),
};

const sortField = z
  .enum(Object.keys(SORTS) as [Sort, ...Sort[]])
  .default('-created_at')
  .meta({
    description:
      'Newest booking first (`-created_at`, the default), or by pickup time: `pickup_at` soonest first, `-pickup_at` latest first.',
  });

/** A cursor: the last booking's id, and for a pickup-time sort its pickup time (ms) before it. */
const Cursor = keysetCursor((c) => /^(\d{1,15}\.)?bkg_[a-z0-9]{26}$/.test(c), 128);

type Checked = {
  from?: string;
  to?: string;
  customer_reference?: string;
  customer_reference_prefix?: string;
  sort?: Sort;
  cursor?: string;
};

function checkCombination(q: Checked, ctx: z.RefinementCtx) {
  if (q.from && q.to && Date.parse(q.from) >= Date.parse(q.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  if (q.customer_reference && q.customer_reference_prefix)
    ctx.addIssue({
      code: 'custom',
      path: ['customer_reference_prefix'],
      message: 'give customer_reference or customer_reference_prefix, not both',
    });
  if (q.cursor && q.cursor.includes('.') !== (q.sort !== undefined && q.sort !== '-created_at'))
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'expected a next_cursor of a page in the same sort' });
}

export const ListBookingsQuery = z
  .object({ ...searchFields, sort: sortField, limit: PageLimit, cursor: Cursor.optional() })
  .strict()
  .superRefine(checkCombination);
export const ExportBookingsQuery = z
  .object({ ...searchFields, sort: sortField })
  .strict()
  .superRefine(checkCombination);
export const BookingTotalsQuery = z.object(searchFields).strict().superRefine(checkCombination);

type SearchQuery = z.infer<typeof BookingTotalsQuery>;

export const canReadPassengers = (principal: Principal) => principal.scopes.includes('passengers.read');

/** The search a query asks, within what the key may see; a passenger-name search needs `passengers.read` (403 otherwise). */
export function bookingSearchOf(query: SearchQuery, principal: Principal): BookingSearch {
  if (query.passenger_name && !canReadPassengers(principal)) throw insufficientScope(['passengers.read']);
  return {
    ...visibleBookings(principal),
    status: query.status ? toInternalStatus(query.status) : undefined,
    market: query.market,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    ref: query.ref,
    externalId: query.external_id,
    passengerName: query.passenger_name,
    customerReference: query.customer_reference,
    customerReferencePrefix: query.customer_reference_prefix,
  };
}

export const orderOf = (sort: Sort): BookingOrder => SORTS[sort];

/** The cursor after `b` in `order`, and back. */
export const cursorAfter = (b: Booking, order: BookingOrder) => (order === 'created_desc' ? b.id : `${b.pickupAt.getTime()}.${b.id}`);
export function afterOf(cursor: string | undefined): { id: string; pickupAt?: Date } | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.includes('.') ? cursor.split('.') : [undefined, cursor];
  return { id: id!, pickupAt: at === undefined ? undefined : new Date(Number(at)) };
}

/**
 * The list items of `bookings` for `principal`: with their passengers when the key holds `passengers.read`, each
 * passenger shown recorded (key, booking, when, operation) before the answer leaves (an erased one shows nothing).
 */
export async function bookingItems(
  deps: ApiDeps,
  principal: Principal,
  bookings: Booking[],
  operation: string,
): Promise<PublicBookingListItemShape[]> {
  if (!canReadPassengers(principal)) return bookings.map(publicBookingListItemView);
  const items = bookings.map((b) => ({ ...publicBookingListItemView(b), passenger: publicPassengerView(b.passenger) }));
  const shown = items.filter((item) => item.passenger !== null).map((item) => item.ref);
  await recordPassengerReads(deps.orm, passengerReader(principal, operation), shown);
  return items;
}

export const passengerReader = (principal: Principal, operation: string) => ({
  credentialId: principal.credentialId,
  apiKeyId: principal.console?.apiKeyId ?? null,
  operation,
});
