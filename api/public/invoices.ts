import { paymentUrl } from '../../infra/passenger-links';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { Instant } from '../wire-schemas';
import { fromMinor } from '../../domain/money';
import { documentSeller, einvoiceOf, type EinvoiceSyntax, type StoredDocument, type StoredLine } from '../../app/einvoice';
import type { ApiDeps } from '../deps';
import { readFinanceDocuments, visibleFinanceDocument, type DocumentVisibility, type FinanceDocumentRow } from '../../db/finance';
import { renderFinanceDocument, type PdfLine } from './invoice-pdf';
import { facturXOf } from '../../app/facturx';

const Cursor = keysetCursor((id) => /^doc_[a-z0-9]{26}$/.test(id));
const Money = z.number().meta({ description: 'A decimal amount in the document currency (minor units / 10^exponent).' });
const TaxBucket = z
  .object({
    category: z.enum(['standard', 'reduced', 'zero', 'exempt', 'reverse_charge', 'out_of_scope']),
    rate: z.number().meta({ description: 'Percent, e.g. 10 or 8.875.' }),
    net: Money,
    tax: Money,
  })
  .meta({ id: 'TaxBucket' });
const Invoice = z
  .object({
    number: z.string().meta({ example: 'INV-2026-000042' }),
    type: z.enum(['invoice', 'credit_note']),
    account: z.string().meta({ description: 'The billed account (a partner is billed through its linked account).' }),
    status: z.enum(['open', 'paid', 'disputed', 'void', 'uncollectible', 'issued']),
    issued_at: z.string(),
    due_at: z.string().nullable(),
    period: z.object({ id: z.string(), start: z.string(), end: z.string() }),
    currency: z.string(),
    net: Money,
    tax: Money,
    gross: Money,
    rounding: Money.meta({
      description:
        'The EN 16931 rounding amount (BT-114): VAT is rounded once per bucket, so the gross can land a minor unit or so away from the sum of the prices the rides were agreed at; this brings it back. Zero on documents issued before it existed.',
    }),
    amount_due: Money.meta({
      description: 'Gross plus rounding (BT-115): what the account pays, the sum of the agreed prices (what the payment page charges).',
    }),
    tax_buckets: z.array(TaxBucket),
    credits: z.string().nullable().meta({ description: 'On a credit note: the number of the invoice it reverses.' }),
    hosted_payment_url: z
      .string()
      .nullable()
      .meta({ description: "An invoice's payment page (card, 3-D Secure): null on a credit note. A paid invoice's page says so." }),
    livemode: z.boolean(),
  })
  .meta({ id: 'Invoice' });
const InvoiceLine = z
  .object({
    position: z.number().int(),
    ref: z.string().nullable().meta({ description: 'The booking the line bills.' }),
    kind: z.enum(['fare', 'waiting', 'cancellation_fee', 'no_show_fee', 'commission', 'refund']),
    description: z.string(),
    net: Money,
    tax: Money.meta({
      description:
        "For information: the tax the line's booking was agreed with (on lines issued before 2026-11-26 and refund lines, the line's share of its bucket's tax); the buckets are what is owed, and the document's `rounding` reconciles the two.",
    }),
    category: TaxBucket.shape.category,
    rate: z.number(),
    tax_point: z.string().nullable(),
    ride: z
      .object({
        pickup_at: z.string().meta({ description: 'The booked pickup, ISO 8601 UTC.', example: '2026-10-03T08:00:00.000Z' }),
        time_zone: z.string().meta({ description: "The market's IANA time zone.", example: 'Europe/Paris' }),
        pickup_local: z.string().meta({ description: 'The pickup in that time zone, with its offset.', example: '2026-10-03T10:00+02:00' }),
        from: z.string().meta({
          description: 'The pickup address (coordinates for bookings made without one).',
          example: '10 rue de Rivoli, 75001 Paris',
        }),
        to: z.string().meta({ example: 'CDG Terminal 2E' }),
        vehicle_class: z.string().meta({ example: 'business' }),
        passenger_name: z
          .string()
          .nullable()
          .meta({ description: 'Only where the account asked for passenger names on its invoices (off by default).' }),
        customer_reference: z
          .string()
          .nullable()
          .meta({ description: "The booking's `customer_reference` (the line's BT-133).", example: 'PO-771' }),
      })
      .nullable()
      .meta({
        id: 'InvoiceLineRide',
        description: 'The ride the line bills, as it stood at issue; null on refund lines and on lines issued before 2026-11-26.',
      }),
  })
  .meta({ id: 'InvoiceLine' });

const ListInvoicesQuery = z
  .object({
    type: z.enum(['invoice', 'credit_note']).optional(),
    status: Invoice.shape.status.optional(),
    period: z.string().max(32).optional().meta({ description: 'A period id, e.g. 2026-10.' }),
    account: z.string().max(64).optional().meta({ description: 'Operator keys only: one account (or partner).' }),
    from: Instant.optional().meta({ description: 'Issued at or after, RFC 3339.' }),
    to: Instant.optional().meta({ description: 'Issued before, RFC 3339.' }),
    limit: PageLimit,
    cursor: Cursor.optional(),
  })
  .strict();

/** A document row as this API states it: the narrower words of its schema. */
interface DocumentRow extends FinanceDocumentRow {
  type: 'invoice' | 'credit_note';
  status: 'open';
  tax_buckets: { category: 'standard'; rate_ppm: number; net: string; tax: string }[];
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
const percent = (ppm: number) => ppm / 10_000;

/** The payment page of an invoice; none for a credit note. */
const paymentPage = (deps: ApiDeps, d: Pick<DocumentRow, 'id' | 'type' | 'issued_at'>) =>
  d.type === 'invoice' ? paymentUrl(deps.publicBaseUrl, deps.encryptionKey, { id: d.id, issuedAt: d.issued_at }) : null;

function invoiceView(d: DocumentRow, deps: ApiDeps): z.infer<typeof Invoice> {
  const money = (minor: string) => fromMinor(Number(minor), d.currency);
  return {
    number: d.number,
    type: d.type,
    account: d.party_id,
    status: d.status,
    issued_at: iso(d.issued_at)!,
    due_at: iso(d.due_at),
    period: { id: d.period_id, start: iso(d.starts_at)!, end: iso(d.ends_at)! },
    currency: d.currency,
    net: money(d.net_minor),
    tax: money(d.tax_minor),
    gross: money(d.gross_minor),
    rounding: money(d.rounding_minor),
    amount_due: money(d.amount_due_minor),
    tax_buckets: d.tax_buckets.map((b) => ({ category: b.category, rate: percent(b.rate_ppm), net: money(b.net), tax: money(b.tax) })),
    credits: d.credits,
    hosted_payment_url: paymentPage(deps, d),
    livemode: d.livemode,
  };
}

/** What a key sees: its environment's documents; a corporate account its own, an operator every account's. */
function visibility(principal: Principal): DocumentVisibility {
  return principal.accountKind === 'operator'
    ? { livemode: principal.livemode }
    : { livemode: principal.livemode, accountId: principal.ownerId };
}

const ERRORS = ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'] as const;

export const listInvoices = defineOperation({
  operationId: 'listInvoices',
  method: 'get',
  path: '/api/public/v1/invoices',
  summary: 'List invoices and credit notes',
  description:
    "Documents of the calling account in the key's environment (a live key: live documents; a test key: the sandbox series), newest first; an operator account's key sees every account's and may filter by `account`. Amounts are decimals in the document currency; `tax_buckets` hold what is owed per category and rate.",
  tags: ['Invoices'],
  security: { kind: 'apiKey', scope: 'invoices.read' },
  request: { query: ListInvoicesQuery },
  responses: {
    200: {
      description: 'One page of documents.',
      schema: z.object({ data: z.array(Invoice), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id: 'InvoiceList' }),
    },
  },
  errors: [...ERRORS],
  async handler({ query, principal, deps, ctx }) {
    const rows = await readFinanceDocuments<DocumentRow>(deps.orm, visibility(principal), {
      type: query.type,
      status: query.status,
      periodId: query.period,
      partyId: principal.accountKind === 'operator' ? query.account : undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor,
      limit: query.limit + 1,
    });
    return {
      status: 200,
      ...keysetPage(
        ctx,
        deps.publicBaseUrl,
        rows,
        query.limit,
        (d) => d.id,
        (d) => invoiceView(d, deps),
      ),
    };
  },
});

export const getInvoice = defineOperation({
  operationId: 'getInvoice',
  method: 'get',
  path: '/api/public/v1/invoices/:number',
  summary: 'Retrieve an invoice or credit note with its lines',
  description: "Another account's document (unless the key is an operator's) or one of the other environment answers 404.",
  tags: ['Invoices'],
  security: { kind: 'apiKey', scope: 'invoices.read' },
  request: {
    params: z.object({ number: z.string().regex(/^[A-Z]+(-TEST)?-\d{4}-\d{6}$/, 'expected a document number such as INV-2026-000042') }),
  },
  responses: {
    200: {
      description: 'The document with its lines.',
      schema: Invoice.extend({ lines: z.array(InvoiceLine) }).meta({ id: 'InvoiceWithLines' }),
    },
  },
  errors: [...ERRORS, 'not_found'],
  async handler({ params, principal, deps }) {
    const { doc, lines } = await visibleDocument(deps, principal, params.number);
    const money = (minor: string) => fromMinor(Number(minor), doc.currency);
    return {
      status: 200,
      body: {
        ...invoiceView(doc, deps),
        lines: lines.map((l) => ({
          position: l.position,
          ref: l.booking_ref,
          kind: l.kind,
          description: l.description,
          net: money(l.net_minor),
          tax: money(l.tax_minor),
          category: l.category,
          rate: percent(l.rate_ppm),
          tax_point: iso(l.tax_point),
          ride: l.ride ?? null,
        })),
      },
    };
  },
});

interface LineRow {
  booking_ref: string | null;
  kind: z.infer<typeof InvoiceLine>['kind'];
  tax_minor: string;
  category: z.infer<typeof TaxBucket>['category'];
}

/** A document the key may see, with its lines; 404 otherwise. */
async function visibleDocument(deps: ApiDeps, principal: Principal, number: string) {
  const found = await visibleFinanceDocument<DocumentRow & StoredDocument, StoredLine & PdfLine & LineRow>(
    deps.orm,
    visibility(principal),
    number,
  );
  if (!found) throw new ProblemError('not_found', { detail: `No document ${number}.`, param: 'number' });
  return found;
}

/** Rendered PDFs by document number: an issued document never changes, so each is rendered once per process. */
const pdfs = new Map<string, Buffer>();
const PDFS_KEPT = 200;

export const getInvoicePdf = defineOperation({
  operationId: 'getInvoicePdf',
  method: 'get',
  path: '/api/public/v1/invoices/:number/pdf',
  summary: 'Download a document as a PDF',
  description:
    'The invoice or credit note as a PDF: seller and buyer, dates, lines, tax buckets and totals, as issued. ' +
    "For a buyer billed in France (billing country `FR`) it is a Factur-X 1.09 hybrid invoice, profile EN 16931: a PDF/A-3b (fonts embedded, sRGB output intent) that also prints the parties' SIREN/SIRET and the document's legal mentions, and carries the document's UN/CEFACT CII XML as the attachment `factur-x.xml` (AFRelationship `Alternative`), which a French approved platform (PA) takes as the e-invoice. " +
    'Other buyers, and a document whose billing details lacked what an e-invoice needs when it was issued, get the plain PDF.',
  tags: ['Invoices'],
  security: { kind: 'apiKey', scope: 'invoices.read' },
  request: { params: getInvoice.request!.params! },
  responses: {
    200: { description: 'The PDF (for a French buyer, the Factur-X PDF/A-3b).', schema: z.string(), contentType: 'application/pdf' },
  },
  errors: [...ERRORS, 'not_found'],
  async handler({ params, principal, deps }) {
    const { doc, lines } = await visibleDocument(deps, principal, params.number);
    let pdf = pdfs.get(doc.number);
    if (!pdf) {
      const seller = documentSeller(doc, deps.invoiceSeller);
      const payment = paymentPage(deps, doc);
      pdf = await renderFinanceDocument(doc, lines, seller, payment, facturXOf(doc, lines, seller, payment));
      if (pdfs.size >= PDFS_KEPT) pdfs.delete(pdfs.keys().next().value!);
      pdfs.set(doc.number, pdf);
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${doc.number}.pdf"` },
      body: pdf,
    };
  },
});

export const getInvoiceEinvoice = defineOperation({
  operationId: 'getInvoiceEinvoice',
  method: 'get',
  path: '/api/public/v1/invoices/:number/einvoice',
  summary: 'Download a document as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0)',
  description:
    'The invoice (`Invoice`) or credit note (`CreditNote`, referencing the invoice it corrects) as UBL 2.1 XML following Peppol BIS Billing 3.0, with the VAT breakdown and totals of the issued document. ' +
    "For a French buyer it also carries the French rules' data UBL can hold (SIRENs, SIRETs, 0225 addresses, the PMT/PMD/AAB notes as one `#CODE#text` note); the CII (`/cii`) carries all of them. " +
    "A document whose buyer's billing details were incomplete when it was issued (sandbox) has no e-invoice: `409`.",
  tags: ['Invoices'],
  security: { kind: 'apiKey', scope: 'invoices.read' },
  request: { params: getInvoice.request!.params! },
  responses: { 200: { description: 'The UBL document.', schema: z.string(), contentType: 'application/xml' } },
  errors: [...ERRORS, 'not_found', 'conflict'],
  handler: ({ params, principal, deps }) => einvoiceResponse(deps, principal, params.number, 'ubl'),
});

export const getInvoiceCii = defineOperation({
  operationId: 'getInvoiceCii',
  method: 'get',
  path: '/api/public/v1/invoices/:number/cii',
  summary: 'Download a document as an EN 16931 e-invoice (UN/CEFACT CII D16B)',
  description:
    'The invoice (type code 380) or credit note (381, referencing the invoice it corrects) as UN/CEFACT Cross Industry Invoice D16B XML under EN 16931 (guideline `urn:cen.eu:en16931:2017`, the XML of Factur-X’s EN 16931 profile), with the same content as the UBL. ' +
    "For a French buyer it follows the French rules (FNFE-MPE BR-FR): seller's and buyer's SIRENs and electronic addresses, the PMT, PMD and AAB notes, the billing frame S1 (services) in BT-23, VAT on debits when the seller opted for it. " +
    "A document whose buyer's billing details were incomplete when it was issued (sandbox) has no e-invoice: `409`.",
  tags: ['Invoices'],
  security: { kind: 'apiKey', scope: 'invoices.read' },
  request: { params: getInvoice.request!.params! },
  responses: { 200: { description: 'The CII document.', schema: z.string(), contentType: 'application/xml' } },
  errors: [...ERRORS, 'not_found', 'conflict'],
  handler: ({ params, principal, deps }) => einvoiceResponse(deps, principal, params.number, 'cii'),
});

async function einvoiceResponse(deps: ApiDeps, principal: Principal, number: string, syntax: EinvoiceSyntax) {
  const { doc, lines } = await visibleDocument(deps, principal, number);
  const einvoice = einvoiceOf(doc, lines, deps.invoiceSeller, paymentPage(deps, doc), syntax);
  if ('missing' in einvoice) {
    throw new ProblemError('conflict', {
      detail: `No e-invoice for ${doc.number}: its billing details lacked ${einvoice.missing.join(', ')} when it was issued.`,
    });
  }
  return { status: 200 as const, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: einvoice.xml };
}
