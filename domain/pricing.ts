import {
  assertCurrency,
  convertMinor,
  divRoundHalfAwayFromZero,
  EXCHANGE_RATES_AS_OF,
  fromMinor,
  rateFromEur,
  type Currency,
} from './money';
import { marketOf } from './markets';
import { taxRuleAt, type TaxCategory } from './tax-rules';

export type VehicleClass = 'standard' | 'executive' | 'luxury' | 'van' | 'minibus';

/** All amounts in EUR minor units (cents). */
export interface Tariff {
  baseFare: number;
  perKm: number;
  perMinute: number;
  minimumFare: number;
}

export interface VehicleClassSpec {
  maxPassengers: number;
  maxLuggage: number;
  tariff: Tariff;
}

export const VEHICLE_CLASSES: Readonly<Record<VehicleClass, VehicleClassSpec>> = {
  standard: { maxPassengers: 4, maxLuggage: 3, tariff: { baseFare: 390, perKm: 180, perMinute: 35, minimumFare: 1500 } },
  executive: { maxPassengers: 3, maxLuggage: 3, tariff: { baseFare: 650, perKm: 260, perMinute: 50, minimumFare: 3000 } },
  luxury: { maxPassengers: 3, maxLuggage: 3, tariff: { baseFare: 1200, perKm: 380, perMinute: 70, minimumFare: 6000 } },
  van: { maxPassengers: 7, maxLuggage: 7, tariff: { baseFare: 590, perKm: 230, perMinute: 45, minimumFare: 2500 } },
  minibus: { maxPassengers: 16, maxLuggage: 16, tariff: { baseFare: 1500, perKm: 350, perMinute: 65, minimumFare: 9000 } },
};

export const EARTH_RADIUS_KM = 6371;
export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 32;
export const PICKUP_MINUTES = 3;
/** Night runs from 22:00 (inclusive) to 06:00 (exclusive), UTC. */
export const NIGHT_START_HOUR_UTC = 22;
export const NIGHT_END_HOUR_UTC = 6;
export const NIGHT_SURCHARGE_PCT = 20;
export const AIRPORT_PICKUP_SURCHARGE_EUR_MINOR = 500;
/** The flat VAT every fare carried before the rule table (domain/tax-rules.ts): fares priced then have no `tax_rule`. */
export const LEGACY_VAT_PPM = 100_000;
const PPM = 1_000_000;

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface RouteEstimate {
  distance_km: number;
  duration_min: number;
}

export interface FareRequest {
  pickup: GeoPoint;
  dropoff: GeoPoint;
  pickupAt: Date | string;
  vehicleClass: string;
  currency: string;
  /** A partner's contractual commission, basis points of the net fare. */
  commissionBasisPoints?: number;
  airportPickup?: boolean;
}

export interface FareRate {
  from: 'EUR';
  to: Currency;
  rate: number;
  /** The same rate as the integer the conversion used: units of `to` per EUR, times 1,000,000. */
  rate_micros?: number;
  as_of: string;
}

/** The tax rule a fare was priced with (kept with the quote and the booking). */
export interface FareTaxRule {
  id: string;
  name: string;
  category: TaxCategory;
  rate_ppm: number;
}

/** Amounts are integer minor units in a `Fare` and decimals in a `WireFare`. */
export interface FareBreakdown {
  currency: Currency;
  base: number;
  distance: number;
  time: number;
  surcharges: number;
  taxes: number;
  total: number;
  commission: number;
  rate: FareRate;
  /** Absent on fares priced before the rule table (they carry VAT at LEGACY_VAT_PPM). */
  tax_rule?: FareTaxRule;
  distance_km: number;
  duration_min: number;
}
export type Fare = FareBreakdown;
export type WireFare = Omit<FareBreakdown, 'tax_rule'> & { tax_rule?: WireTaxRule };
/** `rate` in percent (8.875). */
export interface WireTaxRule {
  id: string;
  name: string;
  category: TaxCategory;
  rate: number;
}

export function isVehicleClass(name: string): name is VehicleClass {
  return Object.prototype.hasOwnProperty.call(VEHICLE_CLASSES, name);
}

export function vehicleClassSpec(name: string): VehicleClassSpec {
  if (!isVehicleClass(name)) throw new RangeError(`Unknown vehicle class: ${JSON.stringify(name)}`);
  return VEHICLE_CLASSES[name];
}

export function routeEstimate({ pickup, dropoff }: { pickup: GeoPoint; dropoff: GeoPoint }): RouteEstimate {
  assertGeoPoint(pickup, 'pickup');
  assertGeoPoint(dropoff, 'dropoff');
  const tenthsKm = Math.round(haversineKm(pickup, dropoff) * ROAD_FACTOR * 10);
  // Integer arithmetic on tenths of a km: 132.8 / 32 * 60 would be 249.00000000000003 and ceil to 250.
  const drivingMinutes = Math.ceil((tenthsKm * 60) / (AVERAGE_SPEED_KMH * 10));
  return { distance_km: tenthsKm / 10, duration_min: drivingMinutes + PICKUP_MINUTES };
}

export function isNightPickup(pickupAt: Date): boolean {
  const hour = pickupAt.getUTCHours();
  return hour >= NIGHT_START_HOUR_UTC || hour < NIGHT_END_HOUR_UTC;
}

/**
 * Prices a ride: the tariff in EUR, each net component converted to the billing currency, the tax of the pickup's
 * market (domain/tax-rules.ts, in force at the pickup) on the converted net, and a partner's commission on that net.
 */
export function priceFare(request: FareRequest): Fare {
  const { tariff } = vehicleClassSpec(request.vehicleClass);
  const currency = assertCurrency(request.currency);
  const pickupAt = toInstant(request.pickupAt, 'pickupAt');
  const commissionBasisPoints = assertBasisPoints(request.commissionBasisPoints ?? 0);
  const route = routeEstimate(request);

  const distance = divRoundHalfAwayFromZero(tariff.perKm * Math.round(route.distance_km * 10), 10);
  const time = tariff.perMinute * route.duration_min;
  const base = Math.max(tariff.baseFare, tariff.minimumFare - distance - time);
  const subtotal = base + distance + time;
  const night = isNightPickup(pickupAt) ? divRoundHalfAwayFromZero(subtotal * NIGHT_SURCHARGE_PCT, 100) : 0;
  const surcharges = night + (request.airportPickup ? AIRPORT_PICKUP_SURCHARGE_EUR_MINOR : 0);

  // Convert per component, then sum, so the breakdown adds up exactly in every currency; tax on the converted net.
  const converted = {
    base: convertMinor(base, currency).minor,
    distance: convertMinor(distance, currency).minor,
    time: convertMinor(time, currency).minor,
    surcharges: convertMinor(surcharges, currency).minor,
  };
  const net = converted.base + converted.distance + converted.time + converted.surcharges;
  const rule = taxRuleAt({ jurisdiction: marketOf(request.pickup), kind: 'fare', vehicleClass: request.vehicleClass, at: pickupAt });
  const taxes = divRoundHalfAwayFromZero(net * rule.ratePpm, PPM);
  const rate = rateFromEur(currency);
  return {
    currency,
    ...converted,
    taxes,
    total: net + taxes,
    commission: divRoundHalfAwayFromZero(net * commissionBasisPoints, 10_000),
    rate: { from: 'EUR', to: currency, rate, rate_micros: Math.round(rate * PPM), as_of: EXCHANGE_RATES_AS_OF },
    tax_rule: { id: rule.id, name: rule.name ?? 'VAT', category: rule.category, rate_ppm: rule.ratePpm },
    distance_km: route.distance_km,
    duration_min: route.duration_min,
  };
}

/** The tax rate a fare carries (fares priced before the rule table carried the flat 10 %). */
export function fareTaxRatePpm(fare: Pick<Fare, 'tax_rule'>): number {
  return fare.tax_rule?.rate_ppm ?? LEGACY_VAT_PPM;
}

/** A tax-inclusive amount (a cancellation fee) split at `ratePpm`: the tax is what the gross holds beyond its rounded net. */
export function splitGross(grossMinor: number, ratePpm: number): { net: number; tax: number } {
  const net = divRoundHalfAwayFromZero(grossMinor * PPM, PPM + ratePpm);
  return { net, tax: grossMinor - net };
}

/** The same fare with a commission of `basisPoints` of its net (a booking made from a quote keeps the quoted total). */
export function withCommission(fare: Fare, basisPoints: number): Fare {
  const net = fare.total - fare.taxes;
  return { ...fare, commission: divRoundHalfAwayFromZero(net * assertBasisPoints(basisPoints), 10_000) };
}

/** "VAT 10%", "Sales tax 8.875%", "Tax (out of scope)": how a receipt names the tax of a fare. */
export function taxLabel(fare: Pick<Fare, 'tax_rule'>): string {
  const rule = fare.tax_rule;
  if (!rule) return `VAT ${LEGACY_VAT_PPM / 10_000}%`;
  if (rule.category === 'out_of_scope') return 'Tax (out of scope)';
  if (rule.category === 'exempt') return `${rule.name} (exempt)`;
  return `${rule.name} ${rule.rate_ppm / 10_000}%`;
}

export function fareToWire({ tax_rule, ...fare }: Fare): WireFare {
  const decimal = (minor: number) => fromMinor(minor, fare.currency);
  return {
    ...fare,
    base: decimal(fare.base),
    distance: decimal(fare.distance),
    time: decimal(fare.time),
    surcharges: decimal(fare.surcharges),
    taxes: decimal(fare.taxes),
    total: decimal(fare.total),
    commission: decimal(fare.commission),
    rate: { ...fare.rate },
    ...(tax_rule ? { tax_rule: wireTaxRule(tax_rule) } : {}),
  };
}

function wireTaxRule({ rate_ppm, ...rule }: FareTaxRule): WireTaxRule {
  return { ...rule, rate: rate_ppm / 10_000 };
}

/**
 * Parses an instant. Strings must carry an explicit offset or `Z`: a bare local
 * time would be read in the host's time zone and price differently per machine.
 */
export function toInstant(value: Date | string, name: string): Date {
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/i.test(value)) {
    throw new RangeError(`${name} must be an ISO 8601 timestamp with offset, got ${JSON.stringify(value)}`);
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`${name} is not a valid instant: ${String(value)}`);
  return instant;
}

function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function assertGeoPoint(point: GeoPoint, name: string): void {
  const valid = Number.isFinite(point?.lat) && Number.isFinite(point?.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
  if (!valid) throw new RangeError(`${name} must have lat in [-90, 90] and lng in [-180, 180]`);
}

function assertBasisPoints(basisPoints: number): number {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`a commission must be whole basis points between 0 and 10000, got ${basisPoints}`);
  }
  return basisPoints;
}
