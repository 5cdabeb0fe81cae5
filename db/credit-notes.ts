import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { creditLinesForAmount, documentTotals, type TaxBucket } from '../domain/invoice-math';
import type { TaxCategory } from '../domain/tax-rules';
import { newId } from '../infra/ids';
import type { IssuedDocument } from '../contracts/finance';
import { dbNow, DOCUMENT_LINE_COLUMNS, insertRows, nextNumber } from './finance';
import { queuePublicEvents } from './public-event-outbox';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { documentEventData } from '../domain/finance-events';
import { environmentOf, testOrLive } from '../domain/environment';

export const CREDIT_REASONS = ['refund', 'price_adjustment', 'cancellation', 'duplicate'] as const;
/** `chargeback`: a lost dispute took the money back (issued by the hub itself, never asked for by hand). */
export type CreditReason = (typeof CREDIT_REASONS)[number] | 'chargeback';

export class CreditRefusal extends Error {}

interface InvoiceLineRow {
  position: number;
  entry_id: string | null;
  booking_id: string | null;
  booking_ref: string | null;
  kind: string;
  description: string;
  net_minor: string;
  tax_minor: string;
  category: TaxCategory;
  rate_ppm: number;
  rule_id: string;
  tax_point: string | null;
  ride: unknown;
  reversed: boolean;
}

/**
 * Issues a credit note against an invoice, reversing the given lines (all when none are named) at their own net,
 * category and rate, in one transaction with the next number of the CN series. A line is reversed at most once (a
 * unique index), so a repeated credit is refused rather than doubled; the invoice itself never changes. Its
 * `credit_note.created` is queued in the same transaction (db/public-event-outbox.ts): the caller publishes it after the
 * commit (app/public-event-outbox.ts `publishQueued`), or the outbox sweep does.
 */
export async function issueCreditNote(
  orm: MikroORM,
  input: {
    invoiceNumber: string;
    positions?: number[];
    reason: CreditReason;
    /** A gross amount to credit (a partial refund) instead of whole lines: one line per tax bucket of the invoice. */
    amountMinor?: bigint;
    /** Runs in the credit note's transaction (the refund that asked for it is recorded with it). */
    within?: (em: EntityManager, number: string) => Promise<void>;
  },
): Promise<IssuedDocument & { credits: string }> {
  return orm.em.fork().transactional(async (em) => {
    const [invoice] = await em.execute<
      {
        id: string;
        type: string;
        party_kind: 'account';
        party_id: string;
        livemode: boolean;
        currency: string;
        period_id: string;
        billing_details: unknown;
        seller_details: unknown;
      }[]
    >(`select * from finance_documents where number = ? for update`, [input.invoiceNumber]);
    if (!invoice || invoice.type !== 'invoice') throw new CreditRefusal(`no invoice ${input.invoiceNumber}`);
    const lines = await em.execute<InvoiceLineRow[]>(
      `select l.*, exists (select 1 from finance_document_lines r where r.reverses_document_id = l.document_id and r.reverses_position = l.position) as reversed
       from finance_document_lines l where l.document_id = ? order by l.position`,
      [invoice.id],
    );
    const chosen =
      input.amountMinor !== undefined ? await amountLines(em, invoice.id, input.amountMinor, lines) : chosenLines(input, lines);
    if (!chosen.length) throw new CreditRefusal(`every line of ${input.invoiceNumber} is already credited`);

    // A reversed line takes back the tax it was billed with, so the credit note's amount due mirrors the invoice's.
    const totals = documentTotals(
      chosen.map((l) => ({
        net: BigInt(l.net_minor),
        category: l.category,
        ratePpm: l.rate_ppm,
        ...(l.position ? { agreedTax: BigInt(l.tax_minor) } : {}),
      })),
    );
    const now = await dbNow(em);
    const number = await nextNumber(em, 'CN', invoice.livemode, now);
    const id = newId('doc');
    const buckets = totals.buckets.map((b) => ({ category: b.category, rate_ppm: b.ratePpm, net: String(b.net), tax: String(b.tax) }));
    await em.execute(
      `insert into finance_documents (id, number, type, party_kind, party_id, livemode, currency, period_id, status, issued_at,
         net_minor, tax_minor, gross_minor, rounding_minor, tax_buckets, credits_document_id, reason, billing_details, seller_details)
       values (?, ?, 'credit_note', ?, ?, ?, ?, ?, 'issued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        number,
        invoice.party_kind,
        invoice.party_id,
        invoice.livemode,
        invoice.currency,
        invoice.period_id,
        now,
        String(totals.net),
        String(totals.tax),
        String(totals.gross),
        String(totals.rounding),
        JSON.stringify(buckets),
        invoice.id,
        input.reason,
        JSON.stringify(invoice.billing_details),
        // The seller of the invoice it corrects.
        invoice.seller_details === null ? null : JSON.stringify(invoice.seller_details),
      ],
    );
    await insertRows(
      em,
      'finance_document_lines',
      [...DOCUMENT_LINE_COLUMNS, 'reverses_document_id', 'reverses_position'],
      chosen.map((l, i) => [
        id,
        i + 1,
        'credit_note',
        l.entry_id,
        l.booking_id,
        l.booking_ref,
        l.kind,
        l.position ? `Credit of line ${l.position}: ${l.description}` : l.description,
        l.net_minor,
        String(totals.lineTax[i]),
        l.category,
        l.rate_ppm,
        l.rule_id,
        l.tax_point ? new Date(l.tax_point) : null,
        l.ride ? JSON.stringify(l.ride) : null,
        invoice.id,
        l.position || null,
      ]),
    );
    await input.within?.(em, number);
    const note = {
      id,
      number,
      type: 'credit_note' as const,
      partyKind: invoice.party_kind,
      partyId: invoice.party_id,
      livemode: invoice.livemode,
      currency: invoice.currency,
      net: String(totals.net),
      tax: String(totals.tax),
      gross: String(totals.gross),
      amountDue: String(totals.amountDue),
      lines: chosen.length,
      credits: input.invoiceNumber,
    };
    // Announced from the outbox, committed with the note: a crash after the commit cannot lose its event.
    await queuePublicEvents(em, [creditNoteCreatedEvent(note)]);
    return note;
  });
}

/** `credit_note.created` of an issued credit note (published once per number). */
export function creditNoteCreatedEvent(note: IssuedDocument): PublishPublicEventInput {
  return {
    type: 'credit_note.created',
    dedupeKey: `credit_note:${note.number}`,
    accountId: note.partyId,
    environment: testOrLive(environmentOf(note.livemode)),
    data: documentEventData(note),
  };
}

function chosenLines(input: { invoiceNumber: string; positions?: number[] }, lines: InvoiceLineRow[]): InvoiceLineRow[] {
  const wanted = input.positions?.length ? input.positions : lines.filter((l) => !l.reversed).map((l) => l.position);
  return wanted.map((p) => {
    const line = lines.find((l) => l.position === p);
    if (!line) throw new CreditRefusal(`${input.invoiceNumber} has no line ${p} (lines 1–${lines.length})`);
    if (line.reversed) throw new CreditRefusal(`line ${p} of ${input.invoiceNumber} is already credited`);
    return line;
  });
}

/** Lines crediting a gross amount, one per tax bucket (position 0: they reverse no single line). */
async function amountLines(em: EntityManager, invoiceId: string, amount: bigint, lines: InvoiceLineRow[]): Promise<InvoiceLineRow[]> {
  const [doc] = await em.execute<{ tax_buckets: { category: TaxCategory; rate_ppm: number; net: string; tax: string }[]; left: string }[]>(
    `select d.tax_buckets, d.amount_due_minor - coalesce((select sum(c.amount_due_minor) from finance_documents c where c.credits_document_id = d.id), 0) as left
     from finance_documents d where d.id = ?`,
    [invoiceId],
  );
  if (amount <= 0n || amount > BigInt(doc!.left))
    throw new CreditRefusal(`an amount from 0 to ${doc!.left} (minor units) is left to credit`);
  const buckets: TaxBucket[] = doc!.tax_buckets.map((b) => ({
    category: b.category,
    ratePpm: b.rate_ppm,
    net: BigInt(b.net),
    tax: BigInt(b.tax),
  }));
  const credit = creditLinesForAmount(amount, buckets);
  if (!credit)
    throw new CreditRefusal(`${amount} (minor units) cannot be split exactly at the invoice's rates: credit one minor unit more or less`);
  return credit.map((c) => {
    const like = lines.find((l) => l.category === c.category && l.rate_ppm === c.ratePpm)!;
    return {
      ...like,
      position: 0,
      entry_id: null,
      booking_id: null,
      booking_ref: null,
      kind: 'refund',
      description: `Refund (${c.category} ${c.ratePpm / 10_000}%)`,
      net_minor: String(c.net),
      tax_point: null,
      ride: null,
      reversed: false,
    };
  });
}

/** Refuses (CreditRefusal) an amount a credit note against the invoice could not carry exactly; writes nothing. */
export async function checkCreditAmount(orm: MikroORM, invoiceNumber: string, amount: bigint): Promise<void> {
  const em = orm.em.fork();
  const [invoice] = await em.execute<{ id: string }[]>(`select id from finance_documents where number = ? and type = 'invoice'`, [
    invoiceNumber,
  ]);
  if (!invoice) throw new CreditRefusal(`no invoice ${invoiceNumber}`);
  const lines = await em.execute<InvoiceLineRow[]>('select l.*, false as reversed from finance_document_lines l where l.document_id = ?', [
    invoice.id,
  ]);
  await amountLines(em, invoice.id, amount, lines);
}
