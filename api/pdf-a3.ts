import PDFDocument from 'pdfkit';
import { FACTURX_FILENAME, FACTURX_PROFILE, facturXmp } from '../domain/facturx';
import { renderPdf } from './pdf';

/**
 * Inter (OFL 1.1, from the pinned @expo-google-fonts/inter package): PDF/A embeds every font it draws with, and the
 * built-in Helvetica of api/pdf.ts is never embedded.
 */
const fontFile = (weight: string) => require.resolve(`@expo-google-fonts/inter/${weight}/Inter_${weight}.ttf`);
export const EMBEDDED_FONTS = { regular: fontFile('400Regular'), bold: fontFile('700Bold') } as const;

/** pdfkit 0.20 takes the associated file's relationship (AFRelationship); its types do not list it yet. */
type AttachmentOptions = PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' | 'Data' | 'Source' };

/**
 * A Factur-X invoice: an A4 PDF/A-3b (sRGB output intent, every font embedded) drawn by `draw` with EMBEDDED_FONTS,
 * carrying `xml` as `factur-x.xml` (the catalog's associated file, and the XMP that says so).
 */
export function renderFacturX(
  info: { Title: string; Author: string; Subject: string },
  invoice: { xml: string; issuedAt: Date },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    font: EMBEDDED_FONTS.regular,
    info, // renderPdf cleans them and escapes them in the XMP
  });
  doc.appendXML(facturXmp());
  const attachment: AttachmentOptions = {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: `Factur-X invoice (${FACTURX_PROFILE.conformanceLevel})`,
    relationship: FACTURX_PROFILE.relationship,
    creationDate: invoice.issuedAt,
    modifiedDate: invoice.issuedAt,
  };
  doc.file(Buffer.from(invoice.xml, 'utf8'), attachment);
  return renderPdf(doc, draw);
}
