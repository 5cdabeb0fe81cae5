import { z } from 'zod';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { principalStillStands } from '../auth/console-session';
import { streamTracking } from '../tracking/stream';
import { BookingRef } from './schemas';
import { findVisibleBooking } from './visible-bookings';

const TrackingEvent = z
  .object({
    status: z.string().meta({ example: 'on_the_way' }),
    headline: z.string(),
    pickup_at: z.string(),
    pickup: z.object({ lat: z.number(), lng: z.number() }),
    dropoff: z.object({ lat: z.number(), lng: z.number() }),
    pickup_address: z
      .string()
      .nullable()
      .meta({ description: 'The pickup address of the booking; null when it was made with coordinates only.' }),
    dropoff_address: z.string().nullable(),
    driver: z.object({ first_name: z.string() }).nullable(),
    vehicle: z.object({ make: z.string(), model: z.string(), color: z.string(), plate: z.string() }).nullable(),
    position: z
      .object({ lat: z.number(), lng: z.number(), at: z.string() })
      .nullable()
      .meta({ description: 'Only while the driver is on the way, arrived or on board.' }),
    eta_minutes: z.number().int().nullable(),
    ended: z.boolean(),
  })
  .meta({
    id: 'TrackingEvent',
    description:
      'The `data:` of each Server-Sent Event, as JSON. Every event has an `id:`; reconnect with `Last-Event-ID` to get only what changed since.',
  });

export const trackPublicBooking = defineOperation({
  operationId: 'trackPublicBooking',
  method: 'get',
  path: '/api/public/track/:ref',
  summary: 'Live tracking stream',
  description:
    "Server-Sent Events (`text/event-stream`) of one booking of your account (an operator account: of any account) in the key's environment: status, driver first name, vehicle, ETA and the " +
    "car's position, the current state at once and then every change. `id:` on every event, resume with `Last-Event-ID`, " +
    'a `: ping` comment every 15 s; the stream ends after the ride’s final state, and a ride already over answers `204`.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'tracking.read' },
  request: { params: z.object({ ref: BookingRef }) },
  responses: {
    200: { description: 'The event stream.', schema: TrackingEvent, contentType: 'text/event-stream' },
    204: { description: 'The ride is over: nothing more to stream.' },
  },
  errors: ['invalid_api_key', 'insufficient_scope', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ params, principal, deps, ctx }) {
    const booking = await findVisibleBooking(deps.orm, principal, params.ref);
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.ref}.`, param: 'ref' });
    await streamTracking(ctx, deps, booking.id, () => principalStillStands(deps, principal));
    return { status: ctx.status, body: ctx.status === 204 ? undefined : ctx.body };
  },
});
