import { z } from 'zod';
import { fromMinor } from '../../domain/money';
import { SETTLEMENT_LINE_KINDS } from '../../domain/settlement';
import { ciiXml } from '../../domain/cii';
import { ublXml } from '../../domain/ubl';
import { selfBilledInvoice } from '../../app/self-billing';
import { defineOperation } from '../operation';
import { requireAccountKind } from './account-kind';
import { renderFinanceDocument } from './invoice-pdf';
import { getSettlement } from './settlements';

const Money = z.number().meta({ description: 'A decimal amount in the settlement currency.' });
const Party = z.object({
  legal_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});
const SelfBilledInvoice = z
  .object({
    number: z.string().meta({
      description: 'Numbered in the chauffeur’s own gapless series per year: `SB-<year>-<driver>-<seq>` (sandbox `SB-TEST-…`).',
      example: 'SB-2026-unit_01jd2k3m4n5p6q7r8s9t0v1w2x-000003',
    }),
    type_code: z.literal(389).meta({ description: 'UNTDID 1001 389: a self-billed invoice.' }),
    settlement: z.string().meta({ example: 'ST-2026-000042' }),
    issued_at: z.string(),
    currency: z.string(),
    seller: Party.extend({
      siren: z.string().nullable(),
      siret: z.string().nullable(),
      vat_id: z.string().nullable(),
      electronic_address: z.string().meta({ example: '0002:732829320' }),
      vat_regime: z.enum(['normal', 'franchise']),
    }).meta({ description: 'The chauffeur, as their billing identity stood at the settlement’s date.' }),
    buyer: Party.extend({ tax_id: z.string().nullable() }).meta({ description: 'The dispatch company (INVOICE_SELLER).' }),
    note: z
      .string()
      .meta({ description: 'The self-billing mention (and, under the franchise en base, `TVA non applicable, art. 293 B du CGI`).' }),
    net: Money,
    tax: Money,
    gross: Money,
    rounding: Money,
    amount_due: Money.meta({
      description: 'The settlement’s balance: its payable, plus any negative balance it carries out, less any it carried in.',
    }),
    lines: z.array(
      z.object({
        ref: z.string().nullable(),
        kind: z.enum(SETTLEMENT_LINE_KINDS),
        description: z.string(),
        net: Money,
        category: z.enum(['standard', 'reduced', 'zero', 'exempt', 'reverse_charge', 'out_of_scope']),
        rate: z.number().meta({ description: 'Percent.' }),
      }),
    ),
  })
  .meta({ id: 'SelfBilledInvoice' });

const ERRORS = [
  'invalid_api_key',
  'insufficient_scope',
  'account_kind_forbidden',
  'validation_failed',
  'rate_limited',
  'not_found',
  'conflict',
  'self_billing_identity_missing',
] as const;
const DESCRIPTION =
  'The settlement as the invoice the company issues in the chauffeur’s name (self-billing, UNTDID 1001 389): the chauffeur ' +
  'sells, the company buys, with the self-billing mention and VAT (or the franchise en base) per the chauffeur’s regime at the ' +
  'settlement’s date; amounts equal the settlement’s. Issued with the settlement, or by the first request once the chauffeur’s ' +
  'billing identity is on file (`409 self_billing_identity_missing` until then); an issued one never changes.';
const request = { params: getSettlement.request!.params! };

export const getSelfBilledInvoice = defineOperation({
  operationId: 'getSelfBilledInvoice',
  method: 'get',
  path: '/api/public/v1/settlements/:number/self-billed-invoice',
  summary: 'A settlement’s self-billed invoice (operator accounts)',
  description: DESCRIPTION,
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request,
  responses: { 200: { description: 'The self-billed invoice.', schema: SelfBilledInvoice } },
  errors: [...ERRORS],
  async handler({ params, principal, deps }) {
    requireAccountKind(principal, 'operator', 'Chauffeur settlements');
    const { invoice: i } = await selfBilledInvoice(deps.orm, params.number, principal.livemode, deps.invoiceSeller);
    const money = (minor: string) => fromMinor(Number(minor), i.currency);
    const party = (p: { legal_name?: string; address?: string; city?: string; postal_code?: string; country?: string }) => ({
      legal_name: p.legal_name ?? '',
      address: p.address ?? null,
      city: p.city ?? null,
      postal_code: p.postal_code ?? null,
      country: p.country ?? null,
    });
    return {
      status: 200,
      body: {
        number: i.number,
        type_code: 389 as const,
        settlement: params.number,
        issued_at: new Date(i.issued_at).toISOString(),
        currency: i.currency,
        seller: {
          ...party(i.seller),
          siren: i.seller.siren ?? null,
          siret: i.seller.siret ?? null,
          vat_id: i.seller.vat_id ?? null,
          electronic_address: i.seller.electronic_address!,
          vat_regime: i.seller.vat_regime,
        },
        buyer: { ...party(i.buyer), tax_id: i.buyer.tax_id ?? null },
        note: i.note,
        net: money(i.net_minor),
        tax: money(i.tax_minor),
        gross: money(i.gross_minor),
        rounding: money(i.rounding_minor),
        amount_due: money(i.amount_due_minor),
        lines: i.lines.map((l) => ({
          ref: l.ref,
          kind: l.kind,
          description: l.description,
          net: money(l.net),
          category: l.category,
          rate: l.rate_ppm / 10_000,
        })),
      },
    };
  },
});

/** The invoice as one XML syntax, under `…/self-billed-invoice/<format>`. */
function xmlOperation(spec: { operationId: string; format: 'ubl' | 'cii'; syntax: string; description: string; render: typeof ublXml }) {
  return defineOperation({
    operationId: spec.operationId,
    method: 'get',
    path: `/api/public/v1/settlements/:number/self-billed-invoice/${spec.format}`,
    summary: `A settlement’s self-billed invoice as ${spec.syntax} (operator accounts)`,
    description: `${DESCRIPTION} ${spec.description}`,
    tags: ['Settlements'],
    security: { kind: 'apiKey', scope: 'payments.read' },
    request,
    responses: { 200: { description: `The ${spec.syntax} document.`, schema: z.string(), contentType: 'application/xml' } },
    errors: [...ERRORS],
    async handler({ params, principal, deps }) {
      requireAccountKind(principal, 'operator', 'Chauffeur settlements');
      const { invoice, document } = await selfBilledInvoice(deps.orm, params.number, principal.livemode, deps.invoiceSeller);
      return {
        status: 200,
        headers: {
          'content-type': 'application/xml; charset=utf-8',
          'content-disposition': `inline; filename="${invoice.number}.${spec.format}.xml"`,
        },
        body: spec.render(document),
      };
    },
  });
}

export const getSelfBilledInvoiceUbl = xmlOperation({
  operationId: 'getSelfBilledInvoiceUbl',
  format: 'ubl',
  syntax: 'UBL 2.1',
  description:
    "As a UBL 2.1 `Invoice` with `InvoiceTypeCode` 389 under EN 16931, identified as Peppol's self-billing profile " +
    '(`urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0`).',
  render: ublXml,
});

export const getSelfBilledInvoiceCii = xmlOperation({
  operationId: 'getSelfBilledInvoiceCii',
  format: 'cii',
  syntax: 'UN/CEFACT CII',
  description: 'As a Cross Industry Invoice D16B under EN 16931 with `TypeCode` 389.',
  render: ciiXml,
});

/** Rendered PDFs by invoice number: an issued invoice never changes, so each is rendered once per process. */
const pdfs = new Map<string, Buffer>();
const PDFS_KEPT = 200;

/** The issued invoice on the invoices' page layout: the chauffeur as seller, the company billed, the mentions printed. */
function renderSelfBilledPdf({ invoice: i, settlement, document }: Awaited<ReturnType<typeof selfBilledInvoice>>): Promise<Buffer> {
  const seller = {
    ...i.seller,
    tax_id: i.seller.vat_id ?? undefined,
    siren: i.seller.siren ?? undefined,
    siret: i.seller.siret ?? undefined,
  };
  // Factur-X for every chauffeur (for a German one it is ZUGFeRD): the hybrid prints the mentions the invoice must carry.
  const facturX = { xml: ciiXml(document), notes: [{ text: document.note! }, ...(document.notes ?? [])] };
  return renderFinanceDocument(
    {
      number: i.number,
      type: 'invoice',
      issued_at: i.issued_at,
      due_at: i.issued_at,
      currency: i.currency,
      starts_at: settlement.starts_at,
      ends_at: settlement.ends_at,
      party_id: settlement.number,
      net_minor: i.net_minor,
      tax_minor: i.tax_minor,
      gross_minor: i.gross_minor,
      rounding_minor: i.rounding_minor,
      amount_due_minor: i.amount_due_minor,
      tax_buckets: i.tax_buckets,
      billing_details: i.buyer,
      credits: null,
    },
    i.lines.map((l, n) => ({ ...l, position: n + 1, booking_ref: l.ref, ride: null, net_minor: l.net, tax_point: null })),
    seller,
    null,
    facturX,
  );
}

export const getSelfBilledInvoicePdf = defineOperation({
  operationId: 'getSelfBilledInvoicePdf',
  method: 'get',
  path: '/api/public/v1/settlements/:number/self-billed-invoice/pdf',
  summary: 'A settlement’s self-billed invoice as a Factur-X PDF (operator accounts)',
  description:
    `${DESCRIPTION} As a Factur-X 1.09 PDF/A-3b (EN 16931 profile; the same file is a ZUGFeRD 2.4 for a German chauffeur) that ` +
    'prints the mentions and carries the CII as `factur-x.xml`.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request,
  responses: { 200: { description: 'The PDF.', schema: z.string(), contentType: 'application/pdf' } },
  errors: [...ERRORS],
  async handler({ params, principal, deps }) {
    requireAccountKind(principal, 'operator', 'Chauffeur settlements');
    const found = await selfBilledInvoice(deps.orm, params.number, principal.livemode, deps.invoiceSeller);
    let pdf = pdfs.get(found.invoice.number);
    if (!pdf) {
      pdf = await renderSelfBilledPdf(found);
      if (pdfs.size >= PDFS_KEPT) pdfs.delete(pdfs.keys().next().value!);
      pdfs.set(found.invoice.number, pdf);
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${found.invoice.number}.pdf"` },
      body: pdf,
    };
  },
});
