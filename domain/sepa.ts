/**
 * SEPA credit transfers (EPC SEPA Credit Transfer rulebook, ISO 20022 pain.001.001.09): the rules a payout file must
 * follow, as pure functions. The XML itself is written by infra/iso20022.ts from the batch these functions describe.
 */

/** The only currency a SEPA credit transfer carries. */
export const SEPA_CURRENCY = 'EUR';

/** EPC limits: a party name at most 70 characters, unstructured remittance at most 140, ids at most 35. */
export const SEPA_NAME_MAX = 70;
export const SEPA_REMITTANCE_MAX = 140;
export const SEPA_ID_MAX = 35;
/** EPC: 0.01 to 999,999,999.99 EUR per transfer. */
export const SEPA_MAX_AMOUNT_MINOR = 99_999_999_999n;

/** The SEPA (basic Latin) character set of the EPC's implementation guidelines. */
export const SEPA_CHARSET = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Letters that Unicode decomposition does not reduce to a Latin base letter, spelled the way banks spell them. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  '&': '+',
  _: '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
};

/**
 * Text reduced to the SEPA character set: accents dropped (é → e), letters without a Latin base spelled out (ß → ss,
 * Ø → O), `&` as `+`, typographic quotes and dashes as their ASCII forms, anything else a space; runs of spaces
 * collapsed, the result trimmed and cut to `max` characters.
 */
export function sepaText(text: string, max: number): string {
  // Most names and references are already plain: no decomposition needed.
  if (SEPA_PLAIN.test(text)) return text.length <= max ? text : text.slice(0, max).trimEnd();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // the combining accents the decomposition left
    .replace(OUTSIDE_CHARSET, (ch) => {
      const mapped = TRANSLITERATION[ch];
      return mapped !== undefined && SEPA_CHARSET.test(mapped) ? mapped : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}

/** Text of the set with single inner spaces and none at either end. */
const SEPA_PLAIN = /^(?:[A-Za-z0-9/\-?:().,'+]+(?: [A-Za-z0-9/\-?:().,'+]+)*)?$/;
const OUTSIDE_CHARSET = /[^A-Za-z0-9/\-?:().,'+ ]/gu;

/** A party name as a SEPA file carries it (at most 70 characters); `fallback` when nothing Latin is left of it. */
export function sepaName(name: string, fallback = 'NOTPROVIDED'): string {
  return sepaText(name, SEPA_NAME_MAX) || fallback;
}

/** An identifier SEPA accepts: 1–35 characters of the set, not starting or ending with `/`, no `//`. */
export function isSepaId(id: string): boolean {
  return (
    id.length >= 1 && id.length <= SEPA_ID_MAX && SEPA_CHARSET.test(id) && !id.startsWith('/') && !id.endsWith('/') && !id.includes('//')
  );
}

/** Minor units of EUR as the file writes them: `1234` → `12.34`. */
export function sepaAmount(minor: bigint): string {
  if (minor < 0n) throw new RangeError('a SEPA amount is never negative');
  const cents = minor % 100n;
  return `${minor / 100n}.${cents < 10n ? '0' : ''}${cents}`;
}

/** The remittance a chauffeur's statement shows: its settlement number and period ("ST-2026-000042 2026-11"). */
export function payoutRemittance(settlementNumber: string, periodId: string): string {
  return sepaText(`${settlementNumber} ${periodId}`, SEPA_REMITTANCE_MAX);
}

/** Easter Sunday of a Gregorian year (Meeus/Jones/Butcher), as a UTC date. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** A TARGET2 closing day: Saturday, Sunday, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. */
export function isTargetHoliday(date: Date): boolean {
  const day = date.getUTCDay();
  if (day === 0 || day === 6) return true;
  const md = `${date.getUTCMonth() + 1}-${date.getUTCDate()}`;
  if (['1-1', '5-1', '12-25', '12-26'].includes(md)) return true;
  const easter = easterSunday(date.getUTCFullYear()).getTime();
  const t = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return t === easter - 2 * 86_400_000 || t === easter + 86_400_000;
}

/**
 * The execution date a payout file requests: the first TARGET2 business day after the day it is written (the file is
 * uploaded after it is made, and banks refuse a date already past). `YYYY-MM-DD`.
 */
export function requestedExecutionDate(writtenAt: Date): string {
  let d = new Date(Date.UTC(writtenAt.getUTCFullYear(), writtenAt.getUTCMonth(), writtenAt.getUTCDate() + 1));
  while (isTargetHoliday(d)) d = new Date(d.getTime() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** A postal address as payment messages carry it (ISO 20022 PstlAdr): town and country at least. */
export interface PostalAddress {
  street?: string | null;
  building_number?: string | null;
  post_code?: string | null;
  town: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * SEPA countries and territories outside the EEA (the EPC's list of the scheme's geographical scope): a transfer whose
 * payer's or payee's bank is in one of them carries the payer's address, and here the payee's too, structured (or
 * hybrid: town and country at least) since November 2026.
 */
export const NON_EEA_SEPA_COUNTRIES: readonly string[] = [
  'AD',
  'AL',
  'CH',
  'GB',
  'GG',
  'IM',
  'JE',
  'MC',
  'MD',
  'ME',
  'MK',
  'PM',
  'RS',
  'SM',
  'VA',
];

/** Whether a transfer between accounts of these countries (an IBAN's first two letters) needs both parties' addresses. */
export const addressesRequired = (...ibanCountries: string[]): boolean => ibanCountries.some((c) => NON_EEA_SEPA_COUNTRIES.includes(c));

/** ISO 20022 lengths of PostalAddress24: town at most 35, street 70, building number and post code 16. */
const ADDRESS_LIMITS: Readonly<Record<keyof PostalAddress, number>> = {
  street: 70,
  building_number: 16,
  post_code: 16,
  town: 35,
  country: 2,
};

/** What is wrong with an address for a SEPA file (none: it can be written), each naming its field. */
export function postalAddressProblems(address: PostalAddress): string[] {
  const problems: string[] = [];
  if (!/^[A-Z]{2}$/.test(address.country ?? '')) problems.push('country must be an ISO 3166-1 alpha-2 code (CH, GB…)');
  if (!address.town || !sepaText(address.town, ADDRESS_LIMITS.town)) problems.push('town is required, in Latin letters');
  for (const field of ['town', 'street', 'building_number', 'post_code'] as const) {
    const value = address[field];
    if (value && value.length > ADDRESS_LIMITS[field]) problems.push(`${field} has at most ${ADDRESS_LIMITS[field]} characters`);
  }
  return problems;
}

export interface SepaParty {
  name: string;
  /** Electronic form (no spaces). */
  iban: string;
  bic?: string | null;
  /** Written as PstlAdr when given (a SepaBatch needs it on both parties when addressesRequired). */
  address?: PostalAddress | null;
}

export interface SepaTransfer {
  /** The payout id: the bank hands it back on the statement (EndToEndId). */
  endToEndId: string;
  amountMinor: bigint;
  creditor: SepaParty;
  remittance: string;
}

/** One payout file: a pain.001 message with one batch-booked payment of many transfers from one debtor account. */
export interface SepaBatch {
  /** MsgId and PmtInfId: the file's number. */
  messageId: string;
  /** CreDtTm: ISO instant. */
  createdAt: string;
  /** ReqdExctnDt, YYYY-MM-DD. */
  executionDate: string;
  debtor: SepaParty;
  transfers: SepaTransfer[];
}

/** NbOfTxs and CtrlSum: counted and added in integers, written as the file's decimals. */
export function batchTotals(transfers: readonly { amountMinor: bigint }[]): { count: number; sumMinor: bigint; controlSum: string } {
  const sumMinor = transfers.reduce((s, t) => s + t.amountMinor, 0n);
  return { count: transfers.length, sumMinor, controlSum: sepaAmount(sumMinor) };
}

/** Why a batch cannot be written, or null: every id a SEPA id, unique, every amount within the scheme's bounds, addresses where required. */
export function batchProblem(batch: SepaBatch): string | null {
  if (!batch.transfers.length) return 'a payout file needs at least one transfer';
  if (!isSepaId(batch.messageId)) return `message id ${batch.messageId} is not a SEPA identifier`;
  const seen = new Set<string>();
  for (const t of batch.transfers) {
    if (addressesRequired(batch.debtor.iban.slice(0, 2), t.creditor.iban.slice(0, 2)) && !(batch.debtor.address && t.creditor.address))
      return `${t.endToEndId}: a transfer involving a bank outside the EEA needs the debtor's and the creditor's address`;
    if (!isSepaId(t.endToEndId)) return `EndToEndId ${t.endToEndId} is not a SEPA identifier`;
    if (seen.has(t.endToEndId)) return `EndToEndId ${t.endToEndId} appears twice`;
    seen.add(t.endToEndId);
    if (t.amountMinor < 1n || t.amountMinor > SEPA_MAX_AMOUNT_MINOR) return `${t.endToEndId}: amount out of SEPA bounds`;
  }
  return null;
}

/** ISO 20022 return reasons a bank gives for a credit transfer sent back (ExternalReturnReason1Code), in words. */
export const RETURN_REASONS: Readonly<Record<string, string>> = {
  AC01: 'incorrect account number',
  AC04: 'closed account',
  AC06: 'blocked account',
  AG01: 'transaction forbidden on this account',
  AG02: 'invalid bank operation code',
  AM05: 'duplicate payment',
  BE04: 'missing creditor address',
  FOCR: 'return after a recall',
  MD07: 'account holder deceased',
  MS02: 'refused by the account holder',
  MS03: 'reason not specified by the bank',
  RC01: 'incorrect BIC',
  RR01: 'missing debtor account or identification',
  RR02: 'missing debtor name or address',
  RR03: 'missing creditor name or address',
  RR04: 'regulatory reason',
};

/**
 * What a line did: paid or returned (a reversal: reversed) a payout, found it already so, matched none, needs a
 * person (an amount or batch that disagrees), changed nothing, or recorded a pain.002 status other than RJCT.
 * Statement lines are decided by domain/statement-lines.ts.
 */
export type MatchOutcome =
  | 'paid'
  | 'returned'
  | 'reversed'
  | 'already_paid'
  | 'already_returned'
  | 'unmatched'
  | 'amount_mismatch'
  | 'needs_review'
  | 'ignored'
  | 'status_recorded';

/** A pain.002 status that rejects a transfer: the bank refused it, so it never left the account. */
export const REJECTED = 'RJCT';

/**
 * What a pain.002 status does to the transfer it names: `RJCT` returns it (like a camt return: the driver's next
 * settlement pays the amount again), once; every other status (ACCP, ACSC, ACSP, ACTC, PDNG…) is recorded and changes
 * nothing, since only a booked statement debit marks a payout paid. A rejection of a transfer the bank's statement
 * already booked changes nothing either: only a return (money credited back) undoes a booking.
 */
export function matchStatus(
  line: { endToEndId: string | null; status: string },
  transfer: { status: 'submitted' | 'paid' | 'returned' } | null,
): MatchOutcome {
  if (!line.endToEndId || !transfer) return 'unmatched';
  if (line.status !== REJECTED) return 'status_recorded';
  if (transfer.status === 'submitted') return 'returned';
  return transfer.status === 'paid' ? 'already_paid' : 'already_returned';
}
