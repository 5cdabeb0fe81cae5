import type { MikroORM } from '@mikro-orm/postgresql';
import { generateDriverCredential } from '../infra/driver-credential';
import { COMPLIANCE_DOCUMENTS, earliestLapse, isComplianceDocument, isExpiryDate, type ComplianceDocuments } from '../domain/compliance';
import { isVehicleClass, VEHICLE_CLASSES } from '../domain/pricing';
import { MARKET_CODES } from '../domain/markets';
import { newId } from '../infra/ids';
import { hashSecret } from '../infra/secrets';
import { FleetUnitSchema, type DispatchState, type FleetUnit, type UnitChauffeur, type UnitVehicle } from '../db/entities';
import type { Secrets } from './accounts';

/** Fleet units and their driver credentials: what the `hub fleet` commands and the demo seed manage. */
export class FleetInputError extends Error {}

export const DISPATCH_STATES: readonly DispatchState[] = ['offline', 'available', 'assigned', 'on_trip'];

export interface UnitInput {
  market: string;
  vehicleClass: string;
  vehicle: UnitVehicle;
  chauffeur: UnitChauffeur;
  documents?: ComplianceDocuments;
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new FleetInputError(message);
}

function validate(input: Partial<UnitInput>): void {
  if (input.market !== undefined)
    check((MARKET_CODES as readonly string[]).includes(input.market), `market must be one of ${MARKET_CODES.join(', ')}`);
  if (input.vehicleClass !== undefined)
    check(isVehicleClass(input.vehicleClass), `class must be one of ${Object.keys(VEHICLE_CLASSES).join(', ')}`);
  const v = input.vehicle;
  if (v) {
    for (const f of ['make', 'model', 'color', 'plate'] as const)
      check(typeof v[f] === 'string' && v[f].trim() !== '', `vehicle ${f} is required`);
    check(Number.isInteger(v.year) && v.year >= 1990 && v.year <= 2100, 'vehicle year must be a year such as 2024');
  }
  const c = input.chauffeur;
  if (c) {
    for (const f of ['name', 'licence_no'] as const) check(typeof c[f] === 'string' && c[f].trim() !== '', `chauffeur ${f} is required`);
    check(/^\+[1-9][0-9]{6,14}$/.test(c.phone), 'chauffeur phone must be an E.164 number such as +33612345678');
    check(/^https?:\/\/\S+$/.test(c.photo_url), 'chauffeur photo_url must be an http(s) URL');
    check(typeof c.rating === 'number' && c.rating >= 0 && c.rating <= 5, 'chauffeur rating must be between 0 and 5');
  }
  for (const [name, date] of Object.entries(input.documents ?? {})) {
    check(isComplianceDocument(name), `unknown document ${name}; known: ${COMPLIANCE_DOCUMENTS.join(', ')}`);
    check(typeof date === 'string' && isExpiryDate(date), `${name} needs an expiry date YYYY-MM-DD`);
  }
}

export async function addUnit(orm: MikroORM, input: UnitInput, id = newId('unit')): Promise<FleetUnit> {
  validate(input);
  const em = orm.em.fork();
  const documents = input.documents ?? {};
  const now = new Date();
  const unit = em.create(FleetUnitSchema, {
    id,
    market: input.market,
    vehicleClass: input.vehicleClass,
    vehicle: input.vehicle,
    chauffeur: input.chauffeur,
    documents,
    complianceLapsesAt: earliestLapse(documents),
    dispatchState: 'offline',
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return unit;
}

export async function findUnit(orm: MikroORM, id: string): Promise<FleetUnit> {
  const unit = await orm.em.fork().findOne(FleetUnitSchema, { id });
  if (!unit) throw new FleetInputError(`no fleet unit ${id}`);
  return unit;
}

export async function updateUnit(
  orm: MikroORM,
  id: string,
  changes: { market?: string; vehicleClass?: string; vehicle?: Partial<UnitVehicle>; chauffeur?: Partial<UnitChauffeur> },
): Promise<FleetUnit> {
  const em = orm.em.fork();
  const unit = await em.findOne(FleetUnitSchema, { id });
  if (!unit) throw new FleetInputError(`no fleet unit ${id}`);
  const next = {
    market: changes.market,
    vehicleClass: changes.vehicleClass,
    vehicle: changes.vehicle ? { ...unit.vehicle, ...changes.vehicle } : undefined,
    chauffeur: changes.chauffeur ? { ...unit.chauffeur, ...changes.chauffeur } : undefined,
  };
  validate(next);
  if (next.market !== undefined) unit.market = next.market;
  if (next.vehicleClass !== undefined) unit.vehicleClass = next.vehicleClass;
  if (next.vehicle) unit.vehicle = next.vehicle;
  if (next.chauffeur) unit.chauffeur = next.chauffeur;
  unit.updatedAt = new Date();
  await em.flush();
  return unit;
}

/** Records a document's expiry date; `compliance_lapses_at` follows in the same write. */
export async function setDocumentExpiry(orm: MikroORM, id: string, document: string, expiresOn: string | undefined): Promise<FleetUnit> {
  check(isComplianceDocument(document), `unknown document ${document}; known: ${COMPLIANCE_DOCUMENTS.join(', ')}`);
  check(typeof expiresOn === 'string' && isExpiryDate(expiresOn), `${document} needs an expiry date YYYY-MM-DD`);
  const em = orm.em.fork();
  const unit = await em.findOne(FleetUnitSchema, { id });
  if (!unit) throw new FleetInputError(`no fleet unit ${id}`);
  unit.documents = { ...unit.documents, [document]: expiresOn };
  unit.complianceLapsesAt = earliestLapse(unit.documents);
  unit.updatedAt = new Date();
  await em.flush();
  return unit;
}

/** A new driver-app credential for the unit (shown once); the previous one stops working at once. */
export async function issueDriverCredential(orm: MikroORM, secrets: Pick<Secrets, 'hashPepper'>, id: string) {
  const em = orm.em.fork();
  const unit = await em.findOne(FleetUnitSchema, { id });
  if (!unit) throw new FleetInputError(`no fleet unit ${id}`);
  const generated = generateDriverCredential();
  unit.driverCredentialId = generated.id;
  unit.driverCredentialHash = hashSecret(generated.secret, secrets.hashPepper);
  unit.driverCredentialIssuedAt = new Date();
  unit.updatedAt = new Date();
  await em.flush();
  return { unitId: id, credential: generated.credential };
}
