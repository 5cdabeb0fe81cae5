import type { CommissionTerm } from '../domain/partner-commission';

/**
 * Who a quote or booking belongs to: a partner (Partner API), or an integrator account (Public Integration API), in
 * one environment. A partner's booking may also be seen by its linked account (`accountId`).
 */
export interface Owner {
  partnerId: string | null;
  accountId: string | null;
  livemode: boolean;
  /** A partner's contractual commission (`hub partners commission`); an integrator account pays none. */
  commission?: readonly CommissionTerm[];
}
