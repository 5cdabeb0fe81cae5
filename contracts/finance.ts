import type { DocumentFacts } from '../domain/finance-events';

/** The settlement cycle's contract: ids, inputs and what each step hands on. */
export const FINANCE_SCHEDULE_ID = 'finance-cycle';

export const settlementCycleWorkflowId = (periodId: string) => `settlement-cycle:${periodId}`;

export interface PeriodRef {
  id: string;
  /** ISO instants; `end` exclusive. */
  start: string;
  end: string;
}

export interface SettlementCycleInput {
  /** The period to close; absent when the Schedule starts the cycle: then the last period that has ended. */
  period?: PeriodRef;
  /** FINANCE_PERIOD, to find the last ended period (the Schedule's runs). */
  periodSpec?: string;
}

export interface BillingTarget {
  partyKind: 'account' | 'partner';
  partyId: string;
  currency: string;
  livemode: boolean;
}

/** An issued invoice or credit note (amounts in minor units as decimal strings: bigint does not cross the wire). */
export interface IssuedDocument extends DocumentFacts {
  id: string;
  partyKind: 'account' | 'partner';
  lines: number;
}

/** A live invoice the cycle could not issue: its account lacks billing details (it is billed once they are complete). */
export interface UnbilledAccount extends BillingTarget {
  missing: string[];
}

export interface DriverTarget {
  driverId: string;
  currency: string;
  livemode: boolean;
}

export interface IssuedSettlement extends DriverTarget {
  id: string;
  number: string;
  driverName: string;
  /** Minor units as a decimal string. */
  payable: string;
  status: 'pending' | 'paid' | 'failed';
}

/** A payout's outcome, as the cycle records it. */
export interface PayoutResult {
  settlement: string;
  driverId: string;
  driverName: string;
  livemode: boolean;
  currency: string;
  payable: string;
  /**
   * `submitted`: in a payout file, paid or returned when the bank's statement is imported; `waiting`: not paid yet
   * (reason); `awaiting_rail`: a live payout in a currency no configured rail carries; `on_hold`: the driver's account
   * changed less than 24 h ago (reason: the release time).
   */
  status: 'paid' | 'failed' | 'submitted' | 'waiting' | 'awaiting_rail' | 'on_hold';
  reason: string | null;
}

export interface CycleSummary {
  period: PeriodRef;
  closedAt: string;
  invoices: IssuedDocument[];
  unbilled: UnbilledAccount[];
  settlements: IssuedSettlement[];
  payouts: PayoutResult[];
}
