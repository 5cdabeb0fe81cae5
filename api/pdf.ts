import PDFDocument from 'pdfkit';

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

/** Draws on `doc` and collects the whole file. */
export function renderPdf(doc: PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
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
