import type { FacturXContent } from '../../domain/facturx';
import { renderA4 } from '../pdf';
import { EMBEDDED_FONTS, renderFacturX } from '../pdf-a3';
import type { StoredDocument } from '../../app/einvoice';
import type { BillingDetails } from '../../domain/billing-details';
import { commonReference, lineName, pickupText, type LineRide } from '../../domain/invoice-lines';
import { fromMinor, minorUnits } from '../../domain/money';

export interface PdfLine {
  position: number;
  kind: string;
  booking_ref: string | null;
  ride: LineRide | null;
  description: string;
  net_minor: string;
  rate_ppm: number;
  tax_point: string | null;
}

const money = (minor: string, currency: string) => `${fromMinor(Number(minor), currency).toFixed(minorUnits(currency))} ${currency}`;
const day = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : '-');
const rate = (ppm: number) => `${ppm / 10_000}%`;
const CATEGORY_LABEL: Record<string, string> = {
  standard: 'VAT',
  reduced: 'VAT (reduced)',
  zero: 'VAT (zero-rated)',
  exempt: 'Exempt',
  reverse_charge: 'Reverse charge',
  out_of_scope: 'Not subject to VAT',
};

const HELVETICA = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** A party's block; a Factur-X also states the French identifiers (SIREN, SIRET) French invoices must show. */
function partyLines(name: string, d: BillingDetails & { name?: string | null }, french: boolean): string[] {
  return [
    name,
    d.address,
    [d.postal_code, d.city].filter(Boolean).join(' '),
    d.country,
    d.tax_id ? `VAT ${d.tax_id}` : undefined,
    french && d.siren ? `SIREN ${d.siren}` : undefined,
    french && d.siret ? `SIRET ${d.siret}` : undefined,
    d.email,
  ].filter((s): s is string => Boolean(s));
}

/**
 * An issued invoice or credit note as a PDF (pdfkit, built-in Helvetica, as the receipts): seller and buyer, dates,
 * one row per line with its rate and net, the tax buckets and the totals, exactly as the document stores them. With
 * `facturX`, the same page as a Factur-X PDF/A-3b (embedded fonts, the CII attached) that also prints the notes.
 */
export function renderFinanceDocument(
  doc: StoredDocument,
  lines: PdfLine[],
  seller: BillingDetails,
  paymentUrl: string | null = null,
  facturX: FacturXContent | null = null,
): Promise<Buffer> {
  const credit = doc.type === 'credit_note';
  const title = `${credit ? 'Credit note' : 'Invoice'} ${doc.number}`;
  const info = { Title: title, Author: seller.legal_name ?? 'Dispatch Integration Hub', Subject: title };
  const fonts = facturX ? EMBEDDED_FONTS : HELVETICA;
  const draw = (pdf: PDFKit.PDFDocument) => {
    const left = 56;
    const right = pdf.page.width - 56;
    const row = (cells: [string, number, 'left' | 'right'][], bold = false, size = 10) => {
      // A row never splits over two pages: a long invoice continues on the next.
      if (pdf.y > pdf.page.height - 110) pdf.addPage();
      const y = pdf.y;
      pdf.font(bold ? fonts.bold : fonts.regular).fontSize(size);
      let x = left;
      let bottom = y;
      for (const [text, width, align] of cells) {
        pdf.text(text, x, y, { width, align });
        bottom = Math.max(bottom, pdf.y);
        x += width;
      }
      pdf.y = bottom + 3;
    };
    const width = right - left;

    pdf.font(fonts.bold).fontSize(20).text(title, left, 56);
    if (credit && doc.credits) pdf.font(fonts.regular).fontSize(10).text(`Corrects invoice ${doc.credits}`);
    pdf.moveDown(1);
    const top = pdf.y;
    pdf.font(fonts.bold).fontSize(10).text('From', left, top);
    pdf.font(fonts.regular).text(partyLines(seller.legal_name ?? '', seller, Boolean(facturX)).join('\n'), left, pdf.y);
    const afterSeller = pdf.y;
    pdf.font(fonts.bold).text('Bill to', left + width / 2, top);
    const buyer = doc.billing_details;
    pdf
      .font(fonts.regular)
      .text(partyLines(buyer.legal_name ?? buyer.name ?? doc.party_id, buyer, Boolean(facturX)).join('\n'), left + width / 2, pdf.y);
    pdf.y = Math.max(afterSeller, pdf.y) + 12;

    row([
      ['Issued', 120, 'left'],
      [day(doc.issued_at), 150, 'left'],
    ]);
    if (!credit)
      row([
        ['Due', 120, 'left'],
        [day(doc.due_at), 150, 'left'],
      ]);
    row([
      ['Period', 120, 'left'],
      [`${day(doc.starts_at)} – ${day(new Date(Date.parse(doc.ends_at) - 1).toISOString())}`, 250, 'left'],
    ]);
    row([
      ['Account', 120, 'left'],
      [doc.party_id, 300, 'left'],
    ]);
    const order = commonReference(lines.map((l) => l.ride));
    if (order)
      row([
        ['Purchase order', 120, 'left'],
        [order, 300, 'left'],
      ]);
    pdf.moveDown(1);

    // One row per line: what and when, the route, for whom and on which reference, then its rate and amounts.
    const ridesShown = lines.some((l) => l.ride);
    const cols = ridesShown
      ? ([
          ['#', 16],
          ['Ride', 150],
          ['Route', width - 16 - 150 - 72 - 36 - 70],
          ['Reference', 72],
          ['Rate', 36],
          ['Net', 70],
        ] as const)
      : ([
          ['#', 24],
          ['Description', width - 24 - 80 - 60 - 100],
          ['Date', 80],
          ['Rate', 60],
          ['Net', 100],
        ] as const);
    const align = (i: number) => (i >= cols.length - 2 ? 'right' : 'left') as 'left' | 'right';
    row(
      cols.map(([label, w], i) => [label, w, align(i)]),
      true,
      ridesShown ? 9 : 10,
    );
    for (const l of lines) {
      const cells = ridesShown
        ? [
            String(l.position),
            l.ride && l.booking_ref
              ? `${lineName(l.kind, l.booking_ref)}\n${pickupText(l.ride)}\n${l.ride.vehicle_class}`
              : `${l.description}\n${day(l.tax_point)}`,
            // Helvetica (WinAnsi) has no arrow: "to" reads as well.
            l.ride ? `${l.ride.from}\nto ${l.ride.to}${l.ride.passenger_name ? `\nPassenger: ${l.ride.passenger_name}` : ''}` : '',
            l.ride?.customer_reference ?? '',
            rate(l.rate_ppm),
            money(l.net_minor, doc.currency),
          ]
        : [String(l.position), l.description, day(l.tax_point), rate(l.rate_ppm), money(l.net_minor, doc.currency)];
      row(
        cells.map((text, i) => [text, cols[i][1], align(i)]),
        false,
        ridesShown ? 8.5 : 10,
      );
      if (ridesShown) pdf.y += 4;
    }
    pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).strokeColor('#999').stroke();
    pdf.moveDown(0.5);
    for (const b of doc.tax_buckets) {
      row([
        [`${CATEGORY_LABEL[b.category] ?? b.category} ${rate(b.rate_ppm)} on ${money(b.net, doc.currency)}`, width - 100, 'right'],
        [money(b.tax, doc.currency), 100, 'right'],
      ]);
    }
    row([
      ['Net', width - 100, 'right'],
      [money(doc.net_minor, doc.currency), 100, 'right'],
    ]);
    row([
      ['Tax', width - 100, 'right'],
      [money(doc.tax_minor, doc.currency), 100, 'right'],
    ]);
    const rounding = BigInt(doc.rounding_minor ?? 0);
    if (rounding) {
      row([
        ['Total with tax', width - 100, 'right'],
        [money(doc.gross_minor, doc.currency), 100, 'right'],
      ]);
      row([
        ['Rounding to the agreed prices', width - 100, 'right'],
        [money(String(rounding), doc.currency), 100, 'right'],
      ]);
    }
    row(
      [
        [credit ? 'Total credited' : 'Total due', width - 100, 'right'],
        [money(doc.amount_due_minor ?? doc.gross_minor, doc.currency), 100, 'right'],
      ],
      true,
    );
    if (paymentUrl) {
      pdf.moveDown(1.5);
      pdf.font(fonts.bold).fontSize(10).text('Pay by card', left);
      pdf.font(fonts.regular).fontSize(9).text(paymentUrl, left, pdf.y, { width, link: paymentUrl });
    }
    if (facturX?.notes.length) {
      pdf.moveDown(1.5);
      pdf.font(fonts.bold).fontSize(10).text('Mentions', left);
      for (const note of facturX.notes) pdf.font(fonts.regular).fontSize(8.5).text(note.text, left, pdf.y, { width });
    }
  };
  return facturX ? renderFacturX(info, { xml: facturX.xml, issuedAt: new Date(doc.issued_at) }, draw) : renderA4(info, draw);
}
