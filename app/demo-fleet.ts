import type { MikroORM } from '@mikro-orm/postgresql';
import { marketCentre } from '../domain/markets';
import { FleetUnitSchema } from '../db/entities';
import { placeUnit } from '../db/positions';
import { addUnit } from './fleet';

interface DemoUnit {
  market: string;
  vehicleClass: string;
  make: string;
  model: string;
  color: string;
  plate: string;
  chauffeur: string;
  state: 'offline' | 'available';
  /** Offset from the market's centre, in km north / east. */
  at: [number, number];
  /** Days until the earliest document lapses (negative: lapsed). */
  lapsesInDays?: number;
}

const DEMO_UNITS: DemoUnit[] = [
  { market: 'PAR', vehicleClass: 'executive', make: 'Mercedes-Benz', model: 'E-Class', color: 'black', plate: 'DEMO-PAR-01', chauffeur: 'Camille Martin', state: 'available', at: [1.2, -0.8] },
  { market: 'PAR', vehicleClass: 'executive', make: 'BMW', model: '5 Series', color: 'grey', plate: 'DEMO-PAR-02', chauffeur: 'Hugo Bernard', state: 'available', at: [-2.5, 3.1], lapsesInDays: 12 },
  { market: 'PAR', vehicleClass: 'standard', make: 'Toyota', model: 'Camry Hybrid', color: 'white', plate: 'DEMO-PAR-03', chauffeur: 'Léa Petit', state: 'available', at: [0.4, 2.2] },
  { market: 'PAR', vehicleClass: 'luxury', make: 'Mercedes-Benz', model: 'S-Class', color: 'black', plate: 'DEMO-PAR-04', chauffeur: 'Louis Moreau', state: 'offline', at: [0, 0] },
  { market: 'PAR', vehicleClass: 'van', make: 'Mercedes-Benz', model: 'V-Class', color: 'black', plate: 'DEMO-PAR-05', chauffeur: 'Chloé Laurent', state: 'available', at: [18, 17] },
  { market: 'PAR', vehicleClass: 'executive', make: 'Audi', model: 'A6', color: 'blue', plate: 'DEMO-PAR-06', chauffeur: 'Nathan Simon', state: 'offline', at: [3, 3], lapsesInDays: -4 },
  { market: 'LON', vehicleClass: 'executive', make: 'Mercedes-Benz', model: 'E-Class', color: 'black', plate: 'DEMO-LON-01', chauffeur: 'Oliver Smith', state: 'available', at: [0.5, 1.5] },
  { market: 'LON', vehicleClass: 'standard', make: 'Toyota', model: 'Prius', color: 'silver', plate: 'DEMO-LON-02', chauffeur: 'Amelia Jones', state: 'available', at: [-1.5, -2] },
  { market: 'LON', vehicleClass: 'van', make: 'Ford', model: 'Tourneo', color: 'grey', plate: 'DEMO-LON-03', chauffeur: 'Harry Taylor', state: 'offline', at: [0, 0], lapsesInDays: 25 },
  { market: 'NYC', vehicleClass: 'executive', make: 'Cadillac', model: 'CT6', color: 'black', plate: 'DEMO-NYC-01', chauffeur: 'Maria Garcia', state: 'available', at: [2, 1] },
  { market: 'NYC', vehicleClass: 'standard', make: 'Toyota', model: 'Camry', color: 'yellow', plate: 'DEMO-NYC-02', chauffeur: 'James Brown', state: 'available', at: [-1, 0.5] },
]; // prettier-ignore

const date = (days: number, now: Date) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A small live fleet in the demo markets (Paris, London, New York), so the fleet list, allocation and the tracking
 * page have something to show: mostly available near the city centre, one expiring and one lapsed unit. Idempotent:
 * a unit whose plate is already there is left as it is.
 */
export async function seedDemoFleet(orm: MikroORM, now = new Date()): Promise<number> {
  const existing = new Set((await orm.em.fork().find(FleetUnitSchema, {}, { fields: ['vehicle'] })).map((u) => u.vehicle.plate));
  let added = 0;
  for (const [i, d] of DEMO_UNITS.entries()) {
    if (existing.has(d.plate)) continue;
    const lapse = d.lapsesInDays ?? 200 + i * 17;
    const unit = await addUnit(orm, {
      market: d.market,
      vehicleClass: d.vehicleClass,
      vehicle: { make: d.make, model: d.model, year: 2022 + (i % 4), color: d.color, plate: d.plate },
      chauffeur: {
        name: d.chauffeur,
        phone: `+3361000${String(1000 + i)}`,
        photo_url: `https://example.com/chauffeurs/${d.plate.toLowerCase()}.jpg`,
        licence_no: `LIC-${d.plate}`,
        rating: Math.round((4.5 + (i % 5) / 10) * 10) / 10,
      },
      documents: {
        driving_licence: date(lapse + 300, now),
        insurance: date(lapse, now),
        vehicle_inspection: date(lapse + 120, now),
        operator_permit: date(lapse + 600, now),
      },
    });
    const centre = marketCentre(d.market)!;
    const lat = centre.lat + d.at[0] / 111.2;
    const lng = centre.lng + d.at[1] / (111.2 * Math.cos((centre.lat * Math.PI) / 180));
    await placeUnit(orm, unit.id, { state: d.state, lat, lng, at: now });
    added++;
  }
  return added;
}
