import { z } from 'zod';
import { readEventLog } from '../../db/public-events';
import { environmentOf } from '../../domain/environment';
import { EVENT_LOG_RETENTION_DAYS, readableEventTypes } from '../../domain/public-event-scopes';
import { EventId } from '../delivery-logs';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { keysetCursor, PageLimit } from '../pagination';
import { eventFeedPage, LoggedEventList } from './list-events';
import { BookingRef } from './schemas';
import { findVisibleBooking } from './visible-bookings';

const BookingEventsQuery = z
  .object({
    limit: PageLimit,
    cursor: keysetCursor((id) => EventId.safeParse(id).success).optional(),
  })
  .strict();

export const listPublicBookingEvents = defineOperation({
  operationId: 'listPublicBookingEvents',
  method: 'get',
  path: '/api/public/v1/bookings/:ref/events',
  summary: "A booking's timeline (its events)",
  description:
    'The events of one booking (`booking.status_changed`, `booking.rescheduled`, `booking.cancelled`) from the event log, **oldest first**, each as the webhook envelope delivered: the same items as `GET /api/public/v1/events`, whether or not a destination took them. ' +
    `Events are kept ${EVENT_LOG_RETENTION_DAYS} days, so an older booking's timeline starts later or is empty. ` +
    'Page with `limit` and `cursor`; every page carries `next_cursor`, the last one too, to ask later for what happened since. ' +
    "A booking the key cannot read (another account's, the other environment's) answers 404, as an unknown ref does.",
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { params: z.object({ ref: BookingRef }), query: BookingEventsQuery },
  responses: { 200: { description: "One page of the booking's events, oldest first.", schema: LoggedEventList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ params, query, principal, deps, ctx }) {
    const booking = await findVisibleBooking(deps.orm, principal, params.ref);
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.ref}.`, param: 'ref' });
    const rows = await readEventLog(deps.orm, {
      environment: environmentOf(principal.livemode),
      accountId: principal.accountKind === 'operator' ? undefined : principal.ownerId,
      bookingId: booking.id,
      types: readableEventTypes(principal.scopes),
      after: query.cursor,
      limit: query.limit + 1,
    });
    return { status: 200, ...eventFeedPage(ctx, deps.publicBaseUrl, rows, query.limit, query.cursor) };
  },
});
