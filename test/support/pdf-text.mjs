// Prints the text of a PDF (path in argv[2]) as JSON lines per page, read with pdfjs-dist (Mozilla's PDF.js), with its
// title, its embedded files (name → UTF-8 text) and its raw XMP metadata (null when it has none).
// A separate process because pdfjs-dist is an ES module and jest runs CommonJS.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(readFileSync(process.argv[2]));
const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const content = await (await pdf.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => item.str).filter((s) => s.trim() !== ''));
}
const meta = await pdf.getMetadata();
const attachments = Object.fromEntries(
  Object.values((await pdf.getAttachments()) ?? {}).map((a) => [a.filename, new TextDecoder().decode(a.content)]),
);
process.stdout.write(JSON.stringify({ pages, title: meta.info?.Title ?? null, attachments, xmp: meta.metadata?.getRaw() ?? null }));
