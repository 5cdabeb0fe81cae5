/**
 * Chauffeur settlements: what a driver earned in a period and what is paid out. Pure rules; amounts in minor units.
 */
import { convertMinor } from './money';
import { vehicleClassSpec } from './pricing';
import type { Environment } from './environment';

/** The platform's commission on a chauffeur's earnings, per market, in parts per million (docs/finance.md). */
export const PLATFORM_COMMISSION_PPM: Readonly<Record<string, number>> = {
  PAR: 200_000,
  LON: 250_000,
  BER: 200_000,
  MAD: 200_000,
  ROM: 200_000,
  AMS: 200_000,
  ZRH: 150_000,
  DXB: 200_000,
  NYC: 250_000,
};
export const DEFAULT_COMMISSION_PPM = 200_000;

export type SettlementLineKind = 'ride' | 'waiting' | 'no_show' | 'commission' | 'fee' | 'adjustment' | 'carry_over';
export const SETTLEMENT_LINE_KINDS: readonly SettlementLineKind[] = [
  'ride',
  'waiting',
  'no_show',
  'commission',
  'fee',
  'adjustment',
  'carry_over',
];

/** Waiting the fare includes: from the later of the chauffeur's arrival and the booked pickup, to passenger on board. */
export const FREE_WAITING_MINUTES = 15;
/** At an airport (a pickup with a flight number) the passenger clears passport control and baggage first. */
export const FREE_WAITING_MINUTES_FLIGHT = 60;

export interface SettlementLine {
  kind: SettlementLineKind;
  /** Signed: earnings positive, commission, fees and a carried-over balance negative. */
  amount: bigint;
}

export interface SettlementFigures {
  earnings: bigint;
  commission: bigint;
  fees: bigint;
  /** What is paid out: never negative. */
  payable: bigint;
  /** A negative balance, carried to the driver's next settlement as a line (0 when none). */
  carryOut: bigint;
}

/** The settlement's totals from its lines: payable = earnings − commission − fees (+ adjustments, carry-over), floored at 0. */
export function settlementFigures(lines: readonly SettlementLine[]): SettlementFigures {
  const sum = (kinds: SettlementLineKind[]) => lines.filter((l) => kinds.includes(l.kind)).reduce((s, l) => s + l.amount, 0n);
  const earnings = sum(['ride', 'waiting', 'no_show']);
  const commission = -sum(['commission']);
  const fees = -sum(['fee']);
  const balance = lines.reduce((s, l) => s + l.amount, 0n);
  return { earnings, commission, fees, payable: balance > 0n ? balance : 0n, carryOut: balance < 0n ? balance : 0n };
}

/** The commission on an earning, rounded half up (a driver is never charged a fraction more). */
export function commissionOn(amount: bigint, market: string): bigint {
  const ppm = BigInt(PLATFORM_COMMISSION_PPM[market] ?? DEFAULT_COMMISSION_PPM);
  return (amount * ppm + 500_000n) / 1_000_000n;
}

/** A driver's settlement identity: the fleet unit on a live ride, the simulated driver's licence on a sandbox one. */
export function driverIdOf(ride: {
  environment: Environment;
  unitId?: string | null;
  driver?: { licence_no?: string } | null;
}): string | null {
  if (ride.environment === 'live') return ride.unitId ?? null;
  return ride.driver?.licence_no ? `sandbox:${ride.driver.licence_no}` : null;
}

/** Whole minutes a chauffeur waited past the free window; 0 when the ride has no arrival or boarding time. */
export function waitingMinutes(ride: {
  pickupAt: Date | string;
  arrivedAt?: Date | string | null;
  startedAt?: Date | string | null;
  flight: boolean;
}): number {
  if (!ride.arrivedAt || !ride.startedAt) return 0;
  const from = Math.max(new Date(ride.arrivedAt).getTime(), new Date(ride.pickupAt).getTime());
  const waited = Math.floor((new Date(ride.startedAt).getTime() - from) / 60_000);
  return Math.max(0, waited - (ride.flight ? FREE_WAITING_MINUTES_FLIGHT : FREE_WAITING_MINUTES));
}

/**
 * What the platform pays a chauffeur for waiting past the free window: the class's per-minute tariff, in the ride's
 * currency. The passenger's fare is fixed at booking and never includes it; no commission is taken on it.
 */
export function waitingPay(minutes: number, vehicleClass: string, currency: string): bigint {
  if (minutes <= 0) return 0n;
  return BigInt(convertMinor(vehicleClassSpec(vehicleClass).tariff.perMinute * minutes, currency).minor);
}
