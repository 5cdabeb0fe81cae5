/**
 * Tax as data: which VAT or sales-tax rule applies to a line of a ride, per jurisdiction (the market of the pickup),
 * line kind and vehicle class, from `validFrom`. A rate change is a new row with a later `validFrom`, never an edit:
 * documents issued under the old row keep it. Reviewed like code; the sources are cited in docs/finance.md.
 */

/** What an invoice line is for. */
export type LineKind = 'fare' | 'waiting' | 'cancellation_fee' | 'no_show_fee' | 'commission';
export const LINE_KINDS: readonly LineKind[] = ['fare', 'waiting', 'cancellation_fee', 'no_show_fee', 'commission'];

export type TaxCategory = 'standard' | 'reduced' | 'zero' | 'exempt' | 'reverse_charge' | 'out_of_scope';

/** EN 16931 VAT category codes (UNCL5305 as Peppol BIS 3 uses them). */
export const EN16931_CATEGORY: Readonly<Record<TaxCategory, 'S' | 'Z' | 'E' | 'AE' | 'O'>> = {
  standard: 'S',
  reduced: 'S',
  zero: 'Z',
  exempt: 'E',
  reverse_charge: 'AE',
  out_of_scope: 'O',
};

export interface TaxRule {
  id: string;
  jurisdiction: string;
  /** Kinds the row covers. */
  kinds: readonly LineKind[];
  /** Only these vehicle classes (a more specific row wins); all when absent. */
  vehicleClasses?: readonly string[];
  /** Parts per million (20 % = 200000): basis points cannot express New York's 8.875 %. */
  ratePpm: number;
  category: TaxCategory;
  /** How documents name the tax: 'VAT' when absent. */
  name?: string;
  /** First instant (UTC) the row applies to a tax point. */
  validFrom: string;
}

const RIDE: readonly LineKind[] = ['fare', 'waiting', 'cancellation_fee', 'no_show_fee'];
const COMMISSION: readonly LineKind[] = ['commission'];
const SINCE = '2020-01-01T00:00:00Z';

export const TAX_RULES: readonly TaxRule[] = [
  // France: passenger transport at the intermediate rate; the platform's commission at the standard rate.
  { id: 'FR-ride-10', jurisdiction: 'PAR', kinds: RIDE, ratePpm: 100000, category: 'reduced', validFrom: SINCE },
  { id: 'FR-commission-20', jurisdiction: 'PAR', kinds: COMMISSION, ratePpm: 200000, category: 'standard', validFrom: SINCE },
  // United Kingdom: a private-hire operator acting as principal charges the standard rate; vehicles of 10 seats or
  // more are zero-rated passenger transport.
  { id: 'GB-ride-20', jurisdiction: 'LON', kinds: [...RIDE, ...COMMISSION], ratePpm: 200000, category: 'standard', validFrom: SINCE },
  {
    id: 'GB-ride-10-seats-0',
    jurisdiction: 'LON',
    kinds: RIDE,
    vehicleClasses: ['minibus'],
    ratePpm: 0,
    category: 'zero',
    validFrom: SINCE,
  },
  // Germany: the reduced 7 % is for taxis only; a chauffeur hire (Mietwagen) is standard rated.
  { id: 'DE-ride-19', jurisdiction: 'BER', kinds: [...RIDE, ...COMMISSION], ratePpm: 190000, category: 'standard', validFrom: SINCE },
  // Spain and Italy: passenger transport (VTC, NCC) at 10 %; commission standard.
  { id: 'ES-ride-10', jurisdiction: 'MAD', kinds: RIDE, ratePpm: 100000, category: 'reduced', validFrom: SINCE },
  { id: 'ES-commission-21', jurisdiction: 'MAD', kinds: COMMISSION, ratePpm: 210000, category: 'standard', validFrom: SINCE },
  { id: 'IT-ride-10', jurisdiction: 'ROM', kinds: RIDE, ratePpm: 100000, category: 'reduced', validFrom: SINCE },
  { id: 'IT-commission-22', jurisdiction: 'ROM', kinds: COMMISSION, ratePpm: 220000, category: 'standard', validFrom: SINCE },
  // Netherlands: passenger transport at 9 %; commission 21 %.
  { id: 'NL-ride-9', jurisdiction: 'AMS', kinds: RIDE, ratePpm: 90000, category: 'reduced', validFrom: SINCE },
  { id: 'NL-commission-21', jurisdiction: 'AMS', kinds: COMMISSION, ratePpm: 210000, category: 'standard', validFrom: SINCE },
  // Switzerland: standard rate 7.7 % until 2023, 8.1 % from 1 January 2024: two rows, never an edit.
  { id: 'CH-77', jurisdiction: 'ZRH', kinds: [...RIDE, ...COMMISSION], ratePpm: 77000, category: 'standard', validFrom: SINCE },
  {
    id: 'CH-81',
    jurisdiction: 'ZRH',
    kinds: [...RIDE, ...COMMISSION],
    ratePpm: 81000,
    category: 'standard',
    validFrom: '2024-01-01T00:00:00Z',
  },
  // United Arab Emirates: local passenger transport is exempt; commission standard 5 %.
  { id: 'AE-ride-exempt', jurisdiction: 'DXB', kinds: RIDE, ratePpm: 0, category: 'exempt', validFrom: SINCE },
  { id: 'AE-commission-5', jurisdiction: 'DXB', kinds: COMMISSION, ratePpm: 50000, category: 'standard', validFrom: SINCE },
  // New York City: livery (black car) transportation service is subject to sales tax, state 4 % + city 4.5 % +
  // MCTD 0.375 %; commission is not a taxable service.
  {
    id: 'US-NY-ride-8875',
    jurisdiction: 'NYC',
    kinds: RIDE,
    ratePpm: 88750,
    category: 'standard',
    name: 'Sales tax',
    validFrom: SINCE,
  },
  {
    id: 'US-NY-commission',
    jurisdiction: 'NYC',
    kinds: COMMISSION,
    ratePpm: 0,
    category: 'out_of_scope',
    name: 'Sales tax',
    validFrom: SINCE,
  },
];

/** Where no market's rule applies (a pickup outside every market). */
const OUT_OF_SCOPE: Omit<TaxRule, 'jurisdiction' | 'kinds'> = {
  id: 'out-of-scope',
  ratePpm: 0,
  category: 'out_of_scope',
  validFrom: SINCE,
};

/**
 * The rule in force for a line at its tax point: among the rows of the jurisdiction and kind that started on or before
 * `at`, the one for the vehicle class if any, else the general one; the latest `validFrom` wins.
 */
export function taxRuleAt(
  input: { jurisdiction: string; kind: LineKind; vehicleClass?: string; at: Date },
  rules: readonly TaxRule[] = TAX_RULES,
): TaxRule {
  const candidates = rules.filter(
    (r) =>
      r.jurisdiction === input.jurisdiction &&
      r.kinds.includes(input.kind) &&
      Date.parse(r.validFrom) <= input.at.getTime() &&
      (!r.vehicleClasses || (input.vehicleClass !== undefined && r.vehicleClasses.includes(input.vehicleClass))),
  );
  const rank = (r: TaxRule) => [r.vehicleClasses ? 1 : 0, Date.parse(r.validFrom)] as const;
  const best = candidates.sort((a, b) => rank(b)[0] - rank(a)[0] || rank(b)[1] - rank(a)[1])[0];
  return best ?? { ...OUT_OF_SCOPE, jurisdiction: input.jurisdiction, kinds: [input.kind] };
}
