import { defineOperation } from '../operation';
import { acceptDeadline, loadUnit } from '../../app/driver';
import { DriverUnit, driverUnitView } from './schemas';

export const getDriverUnit = defineOperation({
  operationId: 'getDriverUnit',
  method: 'get',
  path: '/driver/v1/unit',
  summary: 'Read my unit',
  description: 'The unit of the calling driver app: dispatch state, the ride it holds, compliance and latest position.',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  responses: { 200: { description: 'The unit.', schema: DriverUnit } },
  errors: ['invalid_driver_credential', 'rate_limited'],
  async handler({ principal, deps }) {
    const unit = await loadUnit(deps.orm, principal.ownerId);
    return { status: 200, body: driverUnitView(unit, new Date(), await acceptDeadline(deps.orm, unit)) };
  },
});
