/**
 * Chauffeur settlements: what a driver earned in a period and what is paid out. Pure rules; amounts in minor units.
 */

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

export type SettlementLineKind = 'ride' | 'no_show' | 'commission' | 'fee' | 'adjustment' | 'carry_over';

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
  const earnings = sum(['ride', 'no_show']);
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
  environment: 'sandbox' | 'live';
  unitId?: string | null;
  driver?: { licence_no?: string } | null;
}): string | null {
  if (ride.environment === 'live') return ride.unitId ?? null;
  return ride.driver?.licence_no ? `sandbox:${ride.driver.licence_no}` : null;
}
