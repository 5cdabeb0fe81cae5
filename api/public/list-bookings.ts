import { searchBookings } from '../../db/booking-search';
import { defineOperation } from '../operation';
import { keysetPage } from '../pagination';
import { PublicBookingList } from './schemas';
import { afterOf, bookingItems, bookingSearchOf, cursorAfter, ListBookingsQuery, orderOf } from './booking-search';

export const listPublicBookings = defineOperation({
  operationId: 'listPublicBookings',
  method: 'get',
  path: '/api/public/v1/bookings',
  summary: 'List and search bookings',
  description:
    "Bookings of the calling account (an operator account: of every account and partner) in the key's environment (live key: live bookings; test key: sandbox bookings), newest first or by pickup time (`sort`). " +
    'Filter by market, status, pickup time (`from` inclusive, `to` exclusive; "the next 24 hours" is `from`=now, `to`=now+24 h, `sort=pickup_at`), booking `ref`, `external_id`, `passenger_name` (any part, case and accents aside; scope `passengers.read`), ' +
    '`customer_reference` (exact) or `customer_reference_prefix`; page with `limit` and `cursor` (the previous `next_cursor`). ' +
    'A key with `passengers.read` sees each booking’s passenger (name, masked phone), and each such read is recorded.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { query: ListBookingsQuery },
  responses: { 200: { description: 'One page of bookings.', schema: PublicBookingList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    const order = orderOf(query.sort);
    const found = await searchBookings(deps.orm, bookingSearchOf(query, principal), {
      order,
      limit: query.limit + 1,
      after: afterOf(query.cursor),
    });
    const { headers, body } = keysetPage(
      ctx,
      deps.publicBaseUrl,
      found,
      query.limit,
      (b) => cursorAfter(b, order),
      (b) => b,
    );
    return { status: 200, headers, body: { ...body, data: await bookingItems(deps, principal, body.data, 'listPublicBookings') } };
  },
});
