import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DEFAULT_TERMS_DAYS, missingBillingDetails, type BillingDetails } from '../domain/billing-details';
import { billedLine, documentTotals } from '../domain/invoice-math';
import { lineDescription, lineRide } from '../domain/invoice-lines';
import { placeText } from '../domain/public-booking';
import { taxRuleAt, type LineKind } from '../domain/tax-rules';
import { newId } from '../infra/ids';
import type { BillingTarget, IssuedDocument, PeriodRef } from '../contracts/finance';

/** Closes a period once: its cut-off (`closed_at`) is fixed by the first close, so a re-run sees the same entries. */
export async function closePeriod(orm: MikroORM, period: PeriodRef): Promise<Date> {
  const em = orm.em.fork();
  const [row] = await em.execute<{ closed_at: string }[]>(
    `insert into finance_periods (id, starts_at, ends_at) values (?, ?, ?)
     on conflict (id) do update set id = excluded.id returning closed_at`,
    [period.id, new Date(period.start), new Date(period.end)],
  );
  return new Date(row.closed_at); // the driver answers timestamps as text here
}

/** Which of these periods the cycle has closed, with when and how many invoices each holds (a period not closed is absent). */
export async function closedPeriods(em: EntityManager, ids: string[]): Promise<{ id: string; closedAt: Date; invoices: number }[]> {
  const rows = await em.execute<{ id: string; closed_at: string; invoices: string }[]>(
    `select p.id, p.closed_at, (select count(*) from finance_documents d where d.period_id = p.id and d.type = 'invoice') as invoices
     from finance_periods p where p.id in (${ids.map(() => '?').join(',')})`,
    ids,
  );
  return rows.map((r) => ({ id: r.id, closedAt: new Date(r.closed_at), invoices: Number(r.invoices) }));
}

/**
 * Entries a period's invoices take: ended before the period's end, recorded by its close (by now, for a dry run of a
 * period not yet closed), not yet invoiced. A ride recorded after the close (a late arrival) falls into the next period.
 */
const OPEN_ENTRIES = `from billing_entries e
  where e.tax_point < ? and e.recorded_at <= coalesce((select closed_at from finance_periods where id = ?), now())
    and not exists (select 1 from finance_document_lines l where l.entry_id = e.id and l.document_type = 'invoice')`;

/** Who the period bills: one target per party, currency and environment. */
export async function billingTargets(orm: MikroORM, period: PeriodRef): Promise<BillingTarget[]> {
  const rows = await orm.em.fork().execute<{ party_kind: 'account' | 'partner'; party_id: string; currency: string; livemode: boolean }[]>(
    // Parties with something to bill, and those already billed for the period (a re-run answers their invoice).
    `select e.party_kind, e.party_id, e.currency, e.livemode ${OPEN_ENTRIES}
     union
     select party_kind, party_id, currency, livemode from finance_documents where type = 'invoice' and period_id = ?
     order by 1, 2, 3, 4`,
    [new Date(period.end), period.id, period.id],
  );
  return rows.map((r) => ({ partyKind: r.party_kind, partyId: r.party_id, currency: r.currency, livemode: r.livemode }));
}

interface EntryRow {
  /** The booking's facts (null where the ledger row has no booking row, as in benchmarks). */
  ride_pickup_at: string | null;
  ride_market: string | null;
  ride_pickup: { address?: string; lat: number; lng: number } | null;
  ride_dropoff: { address?: string; lat: number; lng: number } | null;
  ride_passenger: string | null;
  ride_reference: string | null;
  id: string;
  booking_id: string;
  booking_ref: string;
  kind: LineKind;
  gross_minor: string;
  commission_minor: string;
  jurisdiction: string;
  vehicle_class: string;
  tax_point: string;
}

/** The columns of an invoice line, in the order issuing code gives its values. */
export const DOCUMENT_LINE_COLUMNS = [
  'document_id',
  'position',
  'document_type',
  'entry_id',
  'booking_id',
  'booking_ref',
  'kind',
  'description',
  'net_minor',
  'tax_minor',
  'category',
  'rate_ppm',
  'rule_id',
  'tax_point',
  'ride',
];

/** An invoice issued (or found issued), a live one waiting for its account's billing details, or nothing to bill. */
export type IssueOutcome = IssuedDocument | { unbilled: string[] } | null;

/**
 * Issues the invoice of one party, currency and environment for a period, in one transaction: its lines (one per
 * ride and fee, net, taxed by the rule in force at the line's tax point), its buckets and totals, and the next number
 * of its series, so a crash neither burns nor repeats a number. Issued once: a second call answers the first invoice.
 */
export async function issueInvoice(
  orm: MikroORM,
  period: PeriodRef,
  target: BillingTarget,
  /** The seller (INVOICE_SELLER) the document keeps; null: rendered with the configured one. */
  seller: BillingDetails | null = null,
): Promise<IssueOutcome> {
  const existing = await findInvoice(orm.em.fork(), period.id, target);
  if (existing) return existing;
  try {
    return await orm.em.fork().transactional((em) => insertInvoice(em, period, target, seller));
  } catch (err) {
    // A concurrent run issued it first (the unique index on period and party): its transaction, number included, won.
    if ((err as { code?: string }).code !== '23505') throw err;
    return findInvoice(orm.em.fork(), period.id, target);
  }
}

/**
 * What the invoice of a party would hold now: its lines taxed by the rule at each line's tax point and its totals, or
 * the billing details a live invoice still lacks; null when there is nothing to bill. Reads only.
 */
export async function draftInvoice(em: EntityManager, period: PeriodRef, target: BillingTarget) {
  // Each line states its ride as the booking holds it at issue (the document keeps that copy for good).
  const entries = await em.execute<EntryRow[]>(
    `select e.*, b.pickup_at as ride_pickup_at, b.market as ride_market, b.pickup as ride_pickup, b.dropoff as ride_dropoff,
       b.passenger ->> 'name' as ride_passenger, b.customer_reference as ride_reference
     ${OPEN_ENTRIES.replace('from billing_entries e', 'from billing_entries e left join bookings b on b.id = e.booking_id')}
       and e.party_kind = ? and e.party_id = ? and e.currency = ? and e.livemode = ? order by e.tax_point, e.id`,
    [new Date(period.end), period.id, target.partyKind, target.partyId, target.currency, target.livemode],
  );
  if (!entries.length) return null;
  const [account] = await em.execute<{ name: string; billing: BillingDetails }[]>(
    'select name, billing from integrator_accounts where id = ?',
    [target.partyId],
  );
  const billing: BillingDetails = account?.billing ?? {};
  const missing = missingBillingDetails(billing);
  // A live invoice is a tax document: without its buyer's details it waits (the next run bills it once complete).
  if (target.livemode && missing.length) return { unbilled: missing };
  const lines = entries.map((e) => {
    const rule = taxRuleAt({ jurisdiction: e.jurisdiction, kind: e.kind, vehicleClass: e.vehicle_class, at: new Date(e.tax_point) });
    // Prices are agreed tax-inclusive; a partner is billed the net fare less its commission (taken on the net).
    const { net, agreedTax } = billedLine(BigInt(e.gross_minor), BigInt(e.commission_minor), rule.ratePpm);
    const ride = e.ride_pickup_at
      ? lineRide(
          {
            pickupAt: new Date(e.ride_pickup_at),
            market: e.ride_market ?? e.jurisdiction,
            from: placeText(e.ride_pickup!),
            to: placeText(e.ride_dropoff!),
            vehicleClass: e.vehicle_class,
            passengerName: e.ride_passenger,
            customerReference: e.ride_reference,
          },
          billing.invoice_passengers === true,
        )
      : null;
    return { entry: e, rule, net, agreedTax, category: rule.category, ratePpm: rule.ratePpm, ride };
  });
  const totals = documentTotals(lines);
  return { account, billing, missing, lines, totals };
}

async function insertInvoice(
  em: EntityManager,
  period: PeriodRef,
  target: BillingTarget,
  seller: BillingDetails | null,
): Promise<IssueOutcome> {
  // Issuers of the same invoice queue here; the second finds the first's document.
  const key = [period.id, target.partyKind, target.partyId, target.currency, target.livemode].join('|');
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
  const issued = await findInvoice(em, period.id, target);
  if (issued) return issued;
  const draft = await draftInvoice(em, period, target);
  if (!draft) return null;
  if (draft.unbilled) return { unbilled: draft.unbilled };
  const { account, billing, missing, lines, totals } = draft;
  const now = await dbNow(em);
  const number = await nextNumber(em, 'INV', target.livemode, now);
  const id = newId('doc');
  const buckets = totals.buckets.map((b) => ({ category: b.category, rate_ppm: b.ratePpm, net: String(b.net), tax: String(b.tax) }));
  await em.execute(
    `insert into finance_documents (id, number, type, party_kind, party_id, livemode, currency, period_id, status, issued_at, due_at,
       net_minor, tax_minor, gross_minor, rounding_minor, tax_buckets, billing_details, seller_details)
     values (?, ?, 'invoice', ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      number,
      target.partyKind,
      target.partyId,
      target.livemode,
      target.currency,
      period.id,
      now,
      new Date(now.getTime() + (billing.terms_days ?? DEFAULT_TERMS_DAYS) * 86_400_000),
      String(totals.net),
      String(totals.tax),
      String(totals.gross),
      String(totals.rounding),
      JSON.stringify(buckets),
      // What the document says of its buyer, as it stood; a sandbox invoice says which details were missing.
      JSON.stringify({ name: account?.name ?? null, ...billing, ...(missing.length ? { incomplete: missing } : {}) }),
      seller && JSON.stringify(seller),
    ],
  );
  await insertRows(
    em,
    'finance_document_lines',
    DOCUMENT_LINE_COLUMNS,
    lines.map((l, i) => [
      id,
      i + 1,
      'invoice',
      l.entry.id,
      l.entry.booking_id,
      l.entry.booking_ref,
      l.entry.kind,
      lineDescription(l.entry.kind, l.entry.booking_ref, l.ride),
      String(l.net),
      String(totals.lineTax[i]),
      l.category,
      l.ratePpm,
      l.rule.id,
      new Date(l.entry.tax_point),
      l.ride ? JSON.stringify(l.ride) : null,
    ]),
  );
  return {
    id,
    number,
    type: 'invoice',
    ...target,
    net: String(totals.net),
    tax: String(totals.tax),
    gross: String(totals.gross),
    amountDue: String(totals.amountDue),
    lines: lines.length,
  };
}

async function findInvoice(em: EntityManager, periodId: string, t: BillingTarget): Promise<IssuedDocument | null> {
  const [row] = await em.execute<
    { id: string; number: string; net_minor: string; tax_minor: string; gross_minor: string; amount_due_minor: string; lines: string }[]
  >(
    `select d.id, d.number, d.net_minor, d.tax_minor, d.gross_minor, d.amount_due_minor, (select count(*) from finance_document_lines l where l.document_id = d.id) as lines
     from finance_documents d where d.type = 'invoice' and d.period_id = ? and d.party_kind = ? and d.party_id = ? and d.currency = ? and d.livemode = ?`,
    [periodId, t.partyKind, t.partyId, t.currency, t.livemode],
  );
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    type: 'invoice',
    ...t,
    net: String(row.net_minor),
    tax: String(row.tax_minor),
    gross: String(row.gross_minor),
    amountDue: String(row.amount_due_minor),
    lines: Number(row.lines),
  };
}

/**
 * The next number of a series (`INV-2026-000042`, sandbox `INV-TEST-2026-000001`), taken in the caller's transaction:
 * the series row stays locked until it commits, and a rollback gives the number back, so numbers have no gaps.
 */
export async function nextNumber(em: EntityManager, prefix: 'INV' | 'CN' | 'ST' | 'PF', livemode: boolean, now: Date): Promise<string> {
  const series = `${prefix}${livemode ? '' : '-TEST'}-${now.getUTCFullYear()}`;
  const [{ seq }] = await em.execute<{ seq: string }[]>(
    `insert into document_series (series, last_seq) values (?, 1)
     on conflict (series) do update set last_seq = document_series.last_seq + 1 returning last_seq as seq`,
    [series],
  );
  return `${series}-${String(seq).padStart(6, '0')}`;
}

/** Inserts many rows in few statements (PostgreSQL takes at most 65,535 parameters per statement). */
export async function insertRows(em: EntityManager, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const perStatement = Math.floor(60_000 / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await em.execute(`insert into ${table} (${columns.join(', ')}) values ${values}`, chunk.flat());
  }
}

/**
 * The database's clock: ledger rows, cut-offs and issue dates are all dated by it (a worker's clock, or a workflow's
 * on a time-skipping server, may differ).
 */
export async function dbNow(em: EntityManager): Promise<Date> {
  const [{ now }] = await em.execute<{ now: string }[]>('select now() as now');
  return new Date(now); // the driver answers timestamps as text here
}

/** When each of these finance documents was issued, by id. */
export async function issueTimes(orm: MikroORM, ids: string[]): Promise<Map<string, Date>> {
  const issued = await orm.em
    .fork()
    .execute<{ id: string; issued_at: Date }[]>(
      `select id, issued_at from finance_documents where id in (${ids.map(() => '?').join(', ') || 'null'})`,
      ids,
    );
  return new Map(issued.map((d) => [d.id, d.issued_at]));
}

/**
 * A finance document (invoice or credit note) as the public API reads it: every column of `finance_documents` (`d.*`;
 * the ones named here are those every reader uses), its period's bounds and the number of the document it credits.
 */
/** A finance document's figures, in minor units as `finance_documents` keeps them (bigint columns read as text). */
export interface DocumentFiguresRow {
  currency: string;
  net_minor: string;
  tax_minor: string;
  gross_minor: string;
  rounding_minor: string;
  amount_due_minor: string;
  tax_buckets: { category: string; rate_ppm: number; net: string; tax: string }[];
}

export interface FinanceDocumentRow extends DocumentFiguresRow {
  id: string;
  number: string;
  type: string;
  party_id: string;
  status: string;
  issued_at: string;
  due_at: string | null;
  period_id: string;
  starts_at: string;
  ends_at: string;
  credits: string | null;
  livemode: boolean;
}

/** Whose documents a key sees: its environment's; a corporate account's key only its own (`accountId`). */
export interface DocumentVisibility {
  livemode: boolean;
  /** Only documents billed to this account; absent: every account's (an operator's key). */
  accountId?: string;
}

const FINANCE_DOCUMENT = `select d.*, p.starts_at, p.ends_at, c.number as credits, c.issued_at as credits_issued_at
  from finance_documents d join finance_periods p on p.id = d.period_id left join finance_documents c on c.id = d.credits_document_id`;

function visibleDocuments(seen: DocumentVisibility): { sql: string; params: unknown[] } {
  if (seen.accountId === undefined) return { sql: 'd.livemode = ?', params: [seen.livemode] };
  return { sql: `d.livemode = ? and d.party_kind = 'account' and d.party_id = ?`, params: [seen.livemode, seen.accountId] };
}

export interface FinanceDocumentQuery {
  type?: string;
  status?: string;
  periodId?: string;
  /** One billed account or partner (an operator's filter). */
  partyId?: string;
  /** Issued at or after. */
  from?: Date;
  /** Issued before. */
  to?: Date;
  /** The last document id of the previous page. */
  before?: string;
  limit: number;
}

/** One page of the documents `seen` allows, newest first; `Row` names the columns the caller reads. */
export async function readFinanceDocuments<Row extends FinanceDocumentRow = FinanceDocumentRow>(
  orm: MikroORM,
  seen: DocumentVisibility,
  q: FinanceDocumentQuery,
): Promise<Row[]> {
  const visible = visibleDocuments(seen);
  const where = [visible.sql];
  const params = [...visible.params];
  const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
  if (q.type) add('d.type = ?', q.type);
  if (q.status) add('d.status = ?', q.status);
  if (q.periodId) add('d.period_id = ?', q.periodId);
  if (q.partyId) add('d.party_id = ?', q.partyId);
  if (q.from) add('d.issued_at >= ?', q.from);
  if (q.to) add('d.issued_at < ?', q.to);
  if (q.before) add('d.id < ?', q.before);
  return orm.em.fork().execute<Row[]>(`${FINANCE_DOCUMENT} where ${where.join(' and ')} order by d.id desc limit ?`, [...params, q.limit]);
}

/**
 * A document by number if `seen` allows it, with all its lines (`select *`) in their order; null otherwise. `Doc` and
 * `Line` name the columns the caller reads.
 */
export async function visibleFinanceDocument<Doc extends FinanceDocumentRow = FinanceDocumentRow, Line = Record<string, unknown>>(
  orm: MikroORM,
  seen: DocumentVisibility,
  number: string,
): Promise<{ doc: Doc; lines: Line[] } | null> {
  const visible = visibleDocuments(seen);
  const em = orm.em.fork();
  const [doc] = await em.execute<Doc[]>(`${FINANCE_DOCUMENT} where d.number = ? and ${visible.sql}`, [number, ...visible.params]);
  if (!doc) return null;
  const lines = await em.execute<Line[]>('select * from finance_document_lines where document_id = ? order by position', [doc.id]);
  return { doc, lines };
}
