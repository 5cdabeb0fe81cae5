import { z } from 'zod';
import { setUnitAvailability } from '../../app/driver';
import { defineOperation } from '../operation';
import { DriverUnit, driverUnitView } from './schemas';

const Availability = z
  .object({ status: z.enum(['online', 'offline']).meta({ description: '`online`: ready for rides; `offline`: not.' }) })
  .strict()
  .meta({ id: 'DriverAvailability' });

export const setDriverAvailability = defineOperation({
  operationId: 'setDriverAvailability',
  idempotent: true,
  method: 'post',
  path: '/driver/v1/availability',
  summary: 'Go online or offline',
  description:
    'Online makes an offline unit `available` for allocation; offline takes an available unit out. Repeating the current choice changes ' +
    'nothing. A unit holding a ride (`assigned`, `on_trip`) cannot go offline (409), and a unit whose compliance has lapsed cannot go ' +
    'online (409, naming the document).',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  request: { body: Availability, bodyExample: { status: 'online' } },
  responses: { 200: { description: 'The unit, with its dispatch state.', schema: DriverUnit } },
  errors: ['invalid_driver_credential', 'conflict', 'invalid_json', 'unsupported_media_type', 'validation_failed', 'rate_limited'],
  async handler({ body, principal, deps }) {
    const now = new Date();
    return { status: 200, body: driverUnitView(await setUnitAvailability(deps.orm, principal.ownerId, body.status, now), now) };
  },
});
