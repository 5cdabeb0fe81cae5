import { z } from 'zod';
import type { FleetUnit } from '../../db/entities';
import { DISPATCH_STATES } from '../../app/fleet';
import { compliance, COMPLIANCE_DOCUMENTS, COMPLIANCE_STATES, EXPIRING_WINDOW_DAYS } from '../../domain/compliance';
import { MARKET_CODES } from '../../domain/markets';
import { VEHICLE_CLASSES } from '../../domain/pricing';
import { keysetCursor, PageLimit } from '../pagination';

export const UnitId = z.string().regex(/^unit_[0-9a-z]{26}$/, 'expected a fleet unit id (unit_…)');
const Cursor = keysetCursor((id) => UnitId.safeParse(id).success);

const DispatchState = z.enum(DISPATCH_STATES as [string, ...string[]]).meta({ id: 'DispatchState' });
const ComplianceState = z.enum(COMPLIANCE_STATES).meta({
  id: 'ComplianceState',
  description: `\`lapsed\`: a document has lapsed or is missing (never allocated); \`expiring\`: one lapses within ${EXPIRING_WINDOW_DAYS} days; \`compliant\` otherwise.`,
});

export const ListFleetQuery = z
  .object({
    market: z
      .enum(MARKET_CODES as [string, ...string[]])
      .optional()
      .meta({ example: 'PAR' }),
    class: z
      .enum(Object.keys(VEHICLE_CLASSES) as [string, ...string[]])
      .optional()
      .meta({ description: 'Vehicle class.', example: 'executive' }),
    compliance: ComplianceState.optional(),
    dispatch_state: DispatchState.optional(),
    limit: PageLimit,
    cursor: Cursor.optional(),
  })
  .strict();

const Document = z.object({
  type: z.enum(COMPLIANCE_DOCUMENTS),
  expires_on: z.string().nullable().meta({ description: 'Valid through this UTC day; null when not on file.' }),
  lapses_at: z.string().nullable().meta({ description: 'ISO 8601: 00:00 UTC the day after `expires_on`.' }),
  state: ComplianceState,
});

export const PublicFleetUnit = z
  .object({
    id: UnitId,
    market: z.string().meta({ example: 'PAR' }),
    vehicle_class: z.string().meta({ example: 'executive' }),
    vehicle: z.object({ make: z.string(), model: z.string(), year: z.number().int(), color: z.string(), plate: z.string() }),
    chauffeur: z.object({ name: z.string(), phone: z.string(), photo_url: z.string(), licence_no: z.string(), rating: z.number() }),
    compliance: z.object({
      state: ComplianceState,
      next_lapse: z
        .object({ document: z.enum(COMPLIANCE_DOCUMENTS), at: z.string().nullable() })
        .nullable()
        .meta({ description: 'The document that lapses first (or is missing), and when.' }),
      documents: z.array(Document),
    }),
    dispatch_state: DispatchState,
    position: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable().meta({ description: 'Latest reported position.' }),
    updated_at: z.string(),
  })
  .meta({ id: 'FleetUnit' });

export const PublicFleetList = z
  .object({ data: z.array(PublicFleetUnit), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'FleetUnitList' });

export function publicFleetUnitView(u: FleetUnit, now: Date): z.infer<typeof PublicFleetUnit> {
  return {
    id: u.id,
    market: u.market,
    vehicle_class: u.vehicleClass,
    vehicle: u.vehicle,
    chauffeur: u.chauffeur,
    compliance: compliance(u.documents, now),
    dispatch_state: u.dispatchState,
    position:
      u.positionLat != null && u.positionLng != null && u.positionAt
        ? { lat: u.positionLat, lng: u.positionLng, at: u.positionAt.toISOString() }
        : null,
    updated_at: u.updatedAt.toISOString(),
  };
}
