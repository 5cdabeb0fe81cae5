import { z } from 'zod';
import { FleetUnitSchema } from '../../db/entities';
import { compliance } from '../../domain/compliance';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { DriverUnit, driverUnitView, loadUnit } from './schemas';

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
    const unit = await loadUnit(deps, principal.ownerId);
    const now = new Date();
    const em = deps.orm.em.fork();
    if (body.status === 'online') {
      if (unit.dispatchState !== 'offline') return { status: 200, body: driverUnitView(unit, now) };
      const c = compliance(unit.documents, now);
      if (c.state === 'lapsed') {
        const doc = c.next_lapse!;
        throw new ProblemError('conflict', {
          detail: doc.at
            ? `Compliance lapsed: ${doc.document} lapsed at ${doc.at}; the unit cannot go online until it is renewed.`
            : `Compliance lapsed: no ${doc.document} on file; the unit cannot go online until it is recorded.`,
        });
      }
      // Conditional, so a concurrent allocation or a second tap cannot be overwritten.
      await em.nativeUpdate(FleetUnitSchema, { id: unit.id, dispatchState: 'offline' }, { dispatchState: 'available', updatedAt: now });
    } else {
      if (unit.dispatchState === 'offline') return { status: 200, body: driverUnitView(unit, now) };
      const changed = await em.nativeUpdate(
        FleetUnitSchema,
        { id: unit.id, dispatchState: 'available' },
        { dispatchState: 'offline', updatedAt: now },
      );
      if (!changed) {
        const current = await loadUnit(deps, unit.id);
        throw new ProblemError('conflict', {
          detail: `The unit holds the ride ${current.bookingId ?? '(unknown)'} (${current.dispatchState}); finish or hand it back before going offline.`,
        });
      }
    }
    return { status: 200, body: driverUnitView(await loadUnit(deps, unit.id), now) };
  },
});
