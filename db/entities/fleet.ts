import { EntitySchema } from '@mikro-orm/core';
import type { ComplianceDocuments } from '../../domain/compliance';

export type DispatchState = 'offline' | 'available' | 'assigned' | 'on_trip';

export interface UnitVehicle {
  make: string;
  model: string;
  year: number;
  color: string;
  plate: string;
}

export interface UnitChauffeur {
  name: string;
  phone: string;
  photo_url: string;
  licence_no: string;
  rating: number;
}

/** A fleet unit: one vehicle with its chauffeur, as allocation and the driver app see it. */
export interface FleetUnit {
  id: string;
  market: string;
  vehicleClass: string;
  vehicle: UnitVehicle;
  chauffeur: UnitChauffeur;
  /** Expiry date (`YYYY-MM-DD`, valid through that UTC day) of each compliance document on file. */
  documents: ComplianceDocuments;
  /** Earliest lapse of the documents; null while a document is missing (then the unit counts as lapsed). */
  complianceLapsesAt?: Date | null;
  dispatchState: DispatchState;
  /** The ride the unit holds (assigned or on trip). */
  bookingId?: string | null;
  positionLat?: number | null;
  positionLng?: number | null;
  positionAt?: Date | null;
  driverCredentialId?: string | null;
  driverCredentialHash?: string | null;
  driverCredentialIssuedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const FleetUnitSchema = new EntitySchema<FleetUnit>({
  name: 'FleetUnit',
  tableName: 'fleet_units',
  properties: {
    id: { type: 'string', primary: true },
    market: { type: 'string' },
    vehicleClass: { type: 'string' },
    vehicle: { type: 'json' },
    chauffeur: { type: 'json' },
    documents: { type: 'json' },
    complianceLapsesAt: { type: 'datetime', nullable: true },
    dispatchState: { type: 'string' },
    bookingId: { type: 'string', nullable: true },
    positionLat: { type: 'double', nullable: true },
    positionLng: { type: 'double', nullable: true },
    positionAt: { type: 'datetime', nullable: true },
    driverCredentialId: { type: 'string', nullable: true },
    driverCredentialHash: { type: 'string', nullable: true },
    driverCredentialIssuedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});
