import type { StoredDocument } from '../../app/einvoice';
import { renderFinanceDocument, type PdfLine } from '../../api/public/invoice-pdf';
import { FACTURX_FILENAME } from '../../domain/facturx';
import { readPdf } from '../support/pdf-read';

const invoice: StoredDocument = {
  number: 'INV-2026-000007',
  type: 'invoice',
  issued_at: '2026-11-01T00:00:00.000Z',
  due_at: '2026-12-01T00:00:00.000Z',
  currency: 'EUR',
  starts_at: '2026-10-01T00:00:00.000Z',
  ends_at: '2026-11-01T00:00:00.000Z',
  party_id: 'acct_paris',
  net_minor: '10000',
  tax_minor: '1000',
  gross_minor: '11000',
  tax_buckets: [{ category: 'reduced', rate_ppm: 100_000, net: '10000', tax: '1000' }],
  billing_details: {
    legal_name: 'Dupont & Fils SAS',
    address: '1 rue de la Paix',
    city: 'Paris',
    postal_code: '75002',
    country: 'FR',
    siren: '542065479',
    siret: '54206547900018',
  },
  credits: null,
};
const lines: PdfLine[] = [
  {
    position: 1,
    kind: 'fare',
    booking_ref: null,
    ride: null,
    description: 'Transfert Orly – Opéra',
    net_minor: '10000',
    rate_ppm: 100_000,
    tax_point: '2026-10-03T08:00:00.000Z',
  },
];
const seller = {
  legal_name: 'Dispatch SAS',
  address: '5 avenue Kléber',
  city: 'Paris',
  postal_code: '75116',
  country: 'FR',
  siren: '303265045',
};
const xml = '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:test">é</rsm:CrossIndustryInvoice>';
const notes = [{ subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' }];

// The raw file: pdfkit compresses page content, not the dictionaries these name.
const raw = (pdf: Buffer) => pdf.toString('latin1');

describe('the finance document PDF, plain and as Factur-X', () => {
  it('without Factur-X content stays the plain PDF: built-in Helvetica, nothing embedded, no PDF/A claim', async () => {
    const pdf = await renderFinanceDocument(invoice, lines, seller);
    expect(raw(pdf)).toContain('/BaseFont /Helvetica');
    expect(raw(pdf)).not.toMatch(/\/FontFile2|\/EmbeddedFiles|\/OutputIntents|\/AFRelationship/);
    const read = await readPdf(pdf);
    expect(read.attachments).toEqual({});
    expect(read.xmp).toBeNull();
    expect(read.pages[0]).toEqual(expect.arrayContaining(['Invoice INV-2026-000007', 'Total due', '110.00 EUR']));
    expect(read.pages[0]).not.toContain('Mentions');
    expect(read.pages[0].join('\n')).not.toContain('SIREN');
  });

  it('with it is a PDF/A-3b carrying factur-x.xml as the alternative representation, every font embedded', async () => {
    const pdf = await renderFinanceDocument(invoice, lines, seller, 'https://pay.example/inv', { xml, notes });
    const file = raw(pdf);
    expect(file).toContain('/AFRelationship /Alternative');
    expect(file).toContain('/Subtype /text#2Fxml');
    expect(file).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(file).toContain('/S /GTS_PDFA1');
    expect(file).toContain('/FontFile2');
    expect(file).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    const read = await readPdf(pdf);
    expect(read.attachments).toEqual({ [FACTURX_FILENAME]: xml });
    expect(read.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    for (const [name, value] of [
      ['DocumentType', 'INVOICE'],
      ['DocumentFileName', 'factur-x.xml'],
      ['Version', '1.0'],
      ['ConformanceLevel', 'EN 16931'],
    ])
      expect(read.xmp).toContain(`<fx:${name}>${value}</fx:${name}>`);
    // The same page as the plain PDF, plus the mentions the notes carry.
    expect(read.pages[0]).toEqual(
      expect.arrayContaining(['Invoice INV-2026-000007', 'Dupont & Fils SAS', 'Transfert Orly – Opéra', 'Total due', '110.00 EUR']),
    );
    expect(read.pages[0].slice(-2)).toEqual(['Mentions', notes[0].text]);
    expect(read.pages[0]).toEqual(expect.arrayContaining(['SIREN 303265045', 'SIREN 542065479', 'SIRET 54206547900018']));
  });
});
