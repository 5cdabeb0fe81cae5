/**
 * Compliance of a fleet unit from the expiry dates of its documents.
 *
 * A document's expiry is a calendar date (`YYYY-MM-DD`): it is valid through the end of that day in UTC and lapses at
 * 00:00 UTC the next day. A unit is
 * - `lapsed` once any document has lapsed, or while one of the four is not on file: it is never allocated;
 * - `expiring` when one lapses within EXPIRING_WINDOW_DAYS (30 days): still allocated, but the fleet team must act;
 * - `compliant` otherwise.
 */
export const COMPLIANCE_DOCUMENTS = ['driving_licence', 'insurance', 'vehicle_inspection', 'operator_permit'] as const;
export type ComplianceDocument = (typeof COMPLIANCE_DOCUMENTS)[number];
export type ComplianceDocuments = Partial<Record<ComplianceDocument, string>>;

export const COMPLIANCE_STATES = ['compliant', 'expiring', 'lapsed'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

export const EXPIRING_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export function isComplianceDocument(name: string): name is ComplianceDocument {
  return (COMPLIANCE_DOCUMENTS as readonly string[]).includes(name);
}

/** A real calendar date `YYYY-MM-DD` (2026-02-30 is refused). */
export function isExpiryDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant a document with this expiry date lapses: 00:00 UTC the day after. */
export function lapsesAt(expiresOn: string): Date {
  if (!isExpiryDate(expiresOn)) throw new RangeError(`expiry must be a date YYYY-MM-DD, got ${JSON.stringify(expiresOn)}`);
  return new Date(new Date(`${expiresOn}T00:00:00Z`).getTime() + DAY_MS);
}

/** The earliest lapse among the four documents, or null when one is missing (a unit without it is lapsed). */
export function earliestLapse(documents: ComplianceDocuments): Date | null {
  let earliest: Date | null = null;
  for (const name of COMPLIANCE_DOCUMENTS) {
    const expiresOn = documents[name];
    if (!expiresOn) return null;
    const at = lapsesAt(expiresOn);
    if (!earliest || at < earliest) earliest = at;
  }
  return earliest;
}

export function stateAt(lapse: Date | null, now: Date): ComplianceState {
  if (!lapse || lapse.getTime() <= now.getTime()) return 'lapsed';
  return lapse.getTime() - now.getTime() <= EXPIRING_WINDOW_DAYS * DAY_MS ? 'expiring' : 'compliant';
}

export interface DocumentStatus {
  type: ComplianceDocument;
  expires_on: string | null;
  lapses_at: string | null;
  state: ComplianceState;
}

export interface Compliance {
  state: ComplianceState;
  /** The document that lapses first (or the first one missing), and when. */
  next_lapse: { document: ComplianceDocument; at: string | null } | null;
  documents: DocumentStatus[];
}

export function compliance(documents: ComplianceDocuments, now: Date): Compliance {
  const list: DocumentStatus[] = COMPLIANCE_DOCUMENTS.map((type) => {
    const expiresOn = documents[type] ?? null;
    const at = expiresOn ? lapsesAt(expiresOn) : null;
    return { type, expires_on: expiresOn, lapses_at: at?.toISOString() ?? null, state: stateAt(at, now) };
  });
  const missing = list.find((d) => !d.expires_on);
  const first = missing ?? [...list].sort((a, b) => a.lapses_at!.localeCompare(b.lapses_at!))[0]!;
  return {
    state: stateAt(earliestLapse(documents), now),
    next_lapse: { document: first.type, at: first.lapses_at },
    documents: list,
  };
}
