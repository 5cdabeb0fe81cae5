import { z } from 'zod';
import { reportUnitPosition } from '../../app/driver';
import { Instant, Latitude, Longitude } from '../wire-schemas';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { CLOCK_SKEW_SECONDS } from './schemas';

const Position = z
  .object({
    lat: Latitude.meta({ example: 48.8584 }),
    lng: Longitude.meta({ example: 2.2945 }),
    recorded_at: Instant.meta({ description: `When the phone took the fix; at most ${CLOCK_SKEW_SECONDS} s ahead of the hub's clock.` }),
    accuracy_m: z.number().min(0).max(10_000).optional().meta({ description: 'Horizontal accuracy in metres.' }),
  })
  .strict()
  .meta({ id: 'DriverPosition' });

const PositionResult = z
  .object({
    applied: z.boolean().meta({ description: 'False when a newer position was already known: the latest wins.' }),
    booking_id: z.string().nullable().meta({ description: 'The ride the position was applied to (on the way, arrived or on board).' }),
    eta_minutes: z.number().int().nullable().meta({ description: 'ETA to the pickup before boarding, to the drop-off on board.' }),
  })
  .meta({ id: 'DriverPositionResult' });

export const reportDriverPosition = defineOperation({
  operationId: 'reportDriverPosition',
  idempotent: true,
  method: 'post',
  path: '/driver/v1/positions',
  summary: 'Report a GPS position',
  description:
    "Lands in the read model at once: the unit's position and, while it drives a ride (on the way, arrived, on board), the ride's " +
    'position and ETA, which the tracking page shows live. An older report than the latest known changes nothing (`applied: false`). ' +
    'An offline unit reports nothing (409): go online first.',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  request: { body: Position, bodyExample: { lat: 48.8584, lng: 2.2945, recorded_at: '2026-12-01T09:30:00Z' } },
  responses: { 200: { description: 'Recorded.', schema: PositionResult } },
  errors: ['invalid_driver_credential', 'conflict', 'invalid_json', 'unsupported_media_type', 'validation_failed', 'rate_limited'],
  async handler({ body, principal, deps }) {
    const at = new Date(body.recorded_at);
    if (at.getTime() > Date.now() + CLOCK_SKEW_SECONDS * 1000) {
      throw new ProblemError('validation_failed', {
        detail: '1 field failed validation.',
        param: 'recorded_at',
        errors: [
          { param: 'recorded_at', code: 'custom', detail: `recorded_at is in the future (more than ${CLOCK_SKEW_SECONDS} s ahead)` },
        ],
      });
    }
    const recorded = await reportUnitPosition(deps, principal.ownerId, { lat: body.lat, lng: body.lng, at });
    return { status: 200, body: { applied: recorded.applied, booking_id: recorded.bookingId, eta_minutes: recorded.etaMinutes } };
  },
});
