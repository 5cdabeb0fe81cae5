import type { FilterQuery } from '@mikro-orm/core';
import { FleetUnitSchema, type FleetUnit } from '../../db/entities';
import { EXPIRING_WINDOW_DAYS } from '../../domain/compliance';
import { defineOperation } from '../operation';
import { keysetPage } from '../pagination';
import { requireAccountKind } from './account-kind';
import { ListFleetQuery, PublicFleetList, publicFleetUnitView } from './fleet-schemas';

export const listFleet = defineOperation({
  operationId: 'listFleet',
  method: 'get',
  path: '/api/public/v1/fleet',
  summary: 'List fleet units',
  description:
    'The fleet that drives live rides: vehicle, chauffeur, compliance (each document and which lapses when) and dispatch state, ' +
    `newest unit first. Filter by market, class, compliance (\`expiring\`: a document lapses within ${EXPIRING_WINDOW_DAYS} days) ` +
    'and dispatch state; page with `limit` and `cursor` (the previous `next_cursor`). The fleet is the same for test and live keys. ' +
    "For operator accounts only: a corporate account's key gets `403 account_kind_forbidden` (it sees a chauffeur through its own bookings).",
  tags: ['Public fleet'],
  security: { kind: 'apiKey', scope: 'fleet.read' },
  request: { query: ListFleetQuery },
  responses: { 200: { description: 'One page of fleet units.', schema: PublicFleetList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'account_kind_forbidden', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps, ctx }) {
    requireAccountKind(principal, 'operator', 'GET /api/public/v1/fleet');
    const now = new Date();
    const window = new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 86_400_000);
    const where: FilterQuery<FleetUnit> = {};
    if (query.market) where.market = query.market;
    if (query.class) where.vehicleClass = query.class;
    if (query.dispatch_state) where.dispatchState = query.dispatch_state as FleetUnit['dispatchState'];
    if (query.compliance === 'lapsed') where.$or = [{ complianceLapsesAt: null }, { complianceLapsesAt: { $lte: now } }];
    if (query.compliance === 'expiring') where.complianceLapsesAt = { $gt: now, $lte: window };
    if (query.compliance === 'compliant') where.complianceLapsesAt = { $gt: window };
    if (query.cursor) where.id = { $lt: query.cursor };
    const found = await deps.orm.em.fork().find(FleetUnitSchema, where, { orderBy: { id: 'desc' }, limit: query.limit + 1 });
    return {
      status: 200,
      ...keysetPage(
        ctx,
        deps.publicBaseUrl,
        found,
        query.limit,
        (u) => u.id,
        (u) => publicFleetUnitView(u, now),
      ),
    };
  },
});
