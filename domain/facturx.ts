/**
 * Factur-X 1.09 (= ZUGFeRD 2.4): a PDF/A-3 invoice carrying its UN/CEFACT CII XML. The rules here are the standard's
 * fixed names; api/pdf-a3.ts builds the PDF around them.
 */

/** What makes an invoice PDF a Factur-X: the CII to embed, and its notes, which French law wants readable on the page. */
export interface FacturXContent {
  xml: string;
  notes: { subjectCode?: string; text: string }[];
}

/** The one name the embedded CII may have. */
export const FACTURX_FILENAME = 'factur-x.xml';

/**
 * The hub issues the EN 16931 profile (BT-24 `urn:cen.eu:en16931:2017`): its XML is the complete invoice, so it is the
 * PDF's `Alternative` representation (MINIMUM and BASIC WL, which are not invoices in France, would be `Data`).
 */
export const FACTURX_PROFILE = { conformanceLevel: 'EN 16931', relationship: 'Alternative' } as const;

const NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The Factur-X properties and the PDF/A extension schema that declares them (PDF/A allows only declared XMP). */
const PROPERTIES: [name: string, value: string, description: string][] = [
  ['DocumentType', 'INVOICE', 'Type of the hybrid document (INVOICE for invoices and credit notes)'],
  ['DocumentFileName', FACTURX_FILENAME, 'Name of the embedded XML invoice file'],
  ['Version', '1.0', 'Version of the Factur-X XML schema'],
  ['ConformanceLevel', FACTURX_PROFILE.conformanceLevel, 'Factur-X profile of the embedded XML'],
];

/** The XMP descriptions a Factur-X PDF adds to its metadata packet (inside `rdf:RDF`). */
export function facturXmp(): string {
  const values = PROPERTIES.map(([name, value]) => `<fx:${name}>${value}</fx:${name}>`).join('');
  const declared = PROPERTIES.map(
    ([name, , description]) =>
      '<rdf:li rdf:parseType="Resource">' +
      `<pdfaProperty:name>${name}</pdfaProperty:name>` +
      '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
      '<pdfaProperty:category>external</pdfaProperty:category>' +
      `<pdfaProperty:description>${description}</pdfaProperty:description>` +
      '</rdf:li>',
  ).join('');
  return (
    `<rdf:Description rdf:about="" xmlns:fx="${NAMESPACE}">${values}</rdf:Description>` +
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"' +
    ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>' +
    `<pdfaSchema:namespaceURI>${NAMESPACE}</pdfaSchema:namespaceURI>` +
    '<pdfaSchema:prefix>fx</pdfaSchema:prefix>' +
    `<pdfaSchema:property><rdf:Seq>${declared}</rdf:Seq></pdfaSchema:property>` +
    '</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>'
  );
}
