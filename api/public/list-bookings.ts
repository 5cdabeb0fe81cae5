import type { FilterQuery } from '@mikro-orm/core';
import { BookingSchema, type Booking } from '../../db/entities';
import { toInternalStatus } from '../../domain/public-status';
import { defineOperation } from '../operation';
import { keysetPage } from '../pagination';
import { ListBookingsQuery, PublicBookingList } from './schemas';
import { publicBookingView } from '../../domain/public-booking';
import { visibleBookings } from './visible-bookings';

export const listPublicBookings = defineOperation({
  operationId: 'listPublicBookings',
  method: 'get',
  path: '/api/public/v1/bookings',
  summary: 'List bookings',
  description:
    "Bookings of the calling account (an operator account: of every account and partner) in the key's environment (live key: live bookings; test key: sandbox bookings), newest first. " +
    'Filter by market, status, pickup time (`from` inclusive, `to` exclusive) and `customer_reference` (exact match); page with `limit` and `cursor` (the previous `next_cursor`).',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { query: ListBookingsQuery },
  responses: { 200: { description: 'One page of bookings.', schema: PublicBookingList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    const where: FilterQuery<Booking> = {
      ...visibleBookings(principal),
      ...(query.status ? { status: toInternalStatus(query.status) } : {}),
    };
    if (query.from || query.to) {
      where.pickupAt = { ...(query.from ? { $gte: new Date(query.from) } : {}), ...(query.to ? { $lt: new Date(query.to) } : {}) };
    }
    if (query.market) where.market = query.market;
    if (query.customer_reference) where.customerReference = query.customer_reference;
    if (query.cursor) where.id = { $lt: query.cursor };
    const found = await deps.orm.em.fork().find(BookingSchema, where, { orderBy: { id: 'desc' }, limit: query.limit + 1 });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, found, query.limit, (b) => b.id, publicBookingView) };
  },
});
