/**
 * A chauffeur settlement as a self-billed invoice (UNTDID 1001 code 389): the chauffeur sells, the dispatch company
 * buys and issues the invoice in the chauffeur's name. Pure rules; amounts in minor units.
 *
 * What it bills is the settlement's own lines (rides, waiting, no-shows, the platform's commission as a price
 * reduction, fees and adjustments), so its amount due is the settlement's balance; a balance carried in from an
 * earlier settlement is not billed again (that one's own invoice billed it). Under the franchise en base the lines
 * carry no VAT; under the normal regime each line's amount is what is paid, VAT included, at the rate of the rides'
 * rule, and the rounding amount (BT-114) keeps the amount due equal to the settlement's.
 */
import { documentTotals, netOfGross, type TaxBucket } from './invoice-math';
import { selfBillingMention, type ChauffeurBillingIdentity } from './chauffeur-billing';
import { FRANCHISE_MENTION } from './ubl';
import type { SettlementLineKind } from './settlement';
import type { TaxCategory } from './tax-rules';

export interface SelfBillingLine {
  kind: SettlementLineKind;
  ref: string | null;
  description: string;
  /** What the settlement pays for the line (signed). */
  amount: bigint;
}

export interface SelfBilledLine {
  kind: SettlementLineKind;
  ref: string | null;
  description: string;
  net: bigint;
  category: TaxCategory;
  ratePpm: number;
}

export interface SelfBilledFigures {
  lines: SelfBilledLine[];
  buckets: TaxBucket[];
  net: bigint;
  tax: bigint;
  gross: bigint;
  rounding: bigint;
  /** BT-115: the sum of the billed lines' amounts, exactly. */
  amountDue: bigint;
  /** BT-22: the self-billing mention (and the franchise mention): one note, as Peppol allows one. */
  note: string;
}

/** Settlement line kinds a self-billed invoice bills: all but a balance carried in (already billed by its own invoice). */
export const isBilledKind = (kind: SettlementLineKind) => kind !== 'carry_over';

/**
 * The invoice's lines and totals from the settlement's lines and the seller's regime at the settlement's date;
 * `rule` is the VAT rule of the rides (their market's `fare` rule), used under the normal regime only.
 */
export function selfBilledFigures(
  settlementLines: readonly SelfBillingLine[],
  seller: Pick<ChauffeurBillingIdentity, 'vat_regime' | 'country'>,
  rule: { category: TaxCategory; ratePpm: number },
): SelfBilledFigures {
  const franchise = seller.vat_regime === 'franchise';
  const { category, ratePpm } = franchise ? { category: 'exempt' as const, ratePpm: 0 } : rule;
  const billed = settlementLines.filter((l) => isBilledKind(l.kind));
  const lines = billed.map((l) => ({
    kind: l.kind,
    ref: l.ref,
    description: l.description,
    net: netOfGross(l.amount, ratePpm),
    category,
    ratePpm,
  }));
  const totals = documentTotals(lines.map((l, i) => ({ ...l, agreedTax: billed[i]!.amount - l.net })));
  return {
    lines,
    buckets: totals.buckets,
    net: totals.net,
    tax: totals.tax,
    gross: totals.gross,
    rounding: totals.rounding,
    amountDue: totals.amountDue,
    note: [selfBillingMention(seller.country), ...(franchise ? [FRANCHISE_MENTION] : [])].join(' — '),
  };
}

/** The series a chauffeur's self-billed invoices are numbered in: per chauffeur, year and environment. */
export function selfBilledNumber(driverId: string, livemode: boolean, year: number, seq: number): string {
  return `SB${livemode ? '' : '-TEST'}-${year}-${driverId}-${String(seq).padStart(6, '0')}`;
}
