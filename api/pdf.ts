import PDFDocument from 'pdfkit';
import { plainText, xmlEscape } from '../domain/plain-text';

/**
 * An A4 PDF (pdfkit, built-in Helvetica: no font files, no network) drawn by `draw`, as one buffer. The receipts and
 * the finance documents are rendered with it.
 */
export function renderA4(
  info: { Title: string; Author: string; Subject: string },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return renderPdf(new PDFDocument({ size: 'A4', margin: 56, info }), draw);
}

/** The info strings pdfkit writes (Info dictionary and, for PDF/A, the XMP packet). */
const INFO_TEXT = ['Title', 'Author', 'Subject', 'Keywords'] as const;

/** What a page may print of stored text: no control characters (a missing glyph, which PDF/A forbids), line breaks as LF. */
const pageText = (text: string) => plainText(text).replace(/\r\n?/g, '\n');

interface PdfKitInternals {
  info: Record<string, unknown>;
  text(text: unknown, ...rest: unknown[]): PDFKit.PDFDocument;
  /** pdfkit 0.20 writes the info strings into the XMP packet here, as they are. */
  _addInfo(): void;
}

/**
 * Every PDF the hub draws passes here, so stored text (a name, an address, a reference, of any age) is printed without
 * the characters no document may hold (domain/plain-text.ts), and its metadata stays well-formed: pdfkit puts the
 * info strings into the XMP packet, which is XML, unescaped; the packet gets them escaped (`Dupont &amp; Fils`) and
 * the Info dictionary as they are, so both say the same thing (PDF/A wants them equal).
 */
function cleanTextOf(doc: PDFKit.PDFDocument): void {
  const pdf = doc as unknown as PdfKitInternals;
  for (const key of INFO_TEXT) {
    const value = pdf.info[key];
    if (typeof value === 'string') pdf.info[key] = plainText(value).replace(/\s+/g, ' ').trim();
  }
  const text = pdf.text.bind(pdf);
  pdf.text = (value, ...rest) => text(typeof value === 'string' ? pageText(value) : value, ...rest);
  const addInfo = pdf._addInfo.bind(pdf);
  pdf._addInfo = () => {
    const info = pdf.info;
    pdf.info = Object.fromEntries(Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? xmlEscape(value) : value]));
    try {
      addInfo();
    } finally {
      pdf.info = info;
    }
  };
}

/** Draws on `doc` and collects the whole file. */
export function renderPdf(doc: PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  cleanTextOf(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
