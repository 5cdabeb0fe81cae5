import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { buildOpenApiDocument } from '../../api/openapi';
import { OPERATIONS } from '../../api/operations';
import { renderFacturX } from '../../api/pdf-a3';
import { renderReceipt } from '../../api/receipts/pdf';
import type { Booking } from '../../db/entities';
import { ciiXml } from '../../domain/cii';
import { csvCell } from '../../domain/csv';
import { multiLinePaths } from '../../api/request-text';
import { describeCharacter, FORBIDDEN_CHARACTER_PATTERN, forbiddenCharacter, plainText, xmlEscape } from '../../domain/plain-text';
import { priceFare } from '../../domain/pricing';
import type { SepaBatch } from '../../domain/sepa';
import { ublXml, type UblDocument, type UblLine, type UblParty } from '../../domain/ubl';
import { PAIN_001, painXml, schemaErrors } from '../../infra/iso20022';
import { einvoiceDocument } from '../support/einvoice-fixtures';
import { readPdf } from '../support/pdf-read';

/** What a hostile client, or a row stored before the edge refused it, may hold. */
const SPECIALS = [
  ...['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\r\n', '\u000b', '\u000c', '\u001b', '\u001f'],
  ...['\u007f', '\u0080', '\u0085', '\u009f', '\u00a0', '\u200b', '\u200e', '\u200f', '\u202a', '\u202e', '\u2028', '\u2029'],
  ...['\ufeff', '\ufdd0', '\ufdef', '\ufffe', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff', '\u{1fffe}', '\u{10ffff}'],
  ...['\u{1f600}', '\u{20000}', 'é', 'ß', '中', 'ع', 'א'],
  ...['&', '<', '>', '"', "'", ']]>', '<![CDATA[', '-->', '<!--', '&amp;', '&#0;', '&#x1;', '<?xml', '</x>'],
];
const anyCodeUnitOrPoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((c) => (c >= 0xd800 && c <= 0xdfff ? String.fromCharCode(c) : String.fromCodePoint(c)));
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 2, arbitrary: anyCodeUnitOrPoint },
  { weight: 4, arbitrary: fc.constantFrom(...'Dupont Fils 12-rue.'.split('')) },
);
const hostile = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit, minLength: 5_000, maxLength: 10_000 }) },
);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

const party: fc.Arbitrary<UblParty> = fc.record({
  legalName: hostile,
  address: hostile,
  city: hostile,
  postalCode: hostile,
  country: hostile,
  taxId: maybe(hostile),
  endpoint: fc.record({ scheme: hostile, id: hostile }),
  siren: maybe(hostile),
  siret: maybe(hostile),
  taxRegistrationId: maybe(hostile),
});
const line: fc.Arbitrary<UblLine> = fc.record({
  description: hostile,
  itemDescription: maybe(hostile),
  note: maybe(hostile),
  accountingCost: maybe(hostile),
  net: fc.constantFrom(10_000n, 333n, -500n),
  category: fc.constantFrom('standard' as const, 'reduced' as const),
  ratePpm: fc.constant(100_000),
});
/** Every free-text field of the e-invoice model, random. */
const document: fc.Arbitrary<UblDocument> = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    number: hostile,
    buyerReference: hostile,
    orderReference: maybe(hostile),
    note: maybe(hostile),
    notes: maybe(fc.array(fc.record({ subjectCode: maybe(hostile), text: hostile }), { maxLength: 3 })),
    businessProcess: maybe(hostile),
    paymentUrl: maybe(hostile),
    seller: party,
    buyer: party,
    credit: fc.option(hostile, { nil: null }),
  })
  .map(({ lines, credit, ...text }) =>
    einvoiceDocument('EUR', lines, {
      ...text,
      ...(credit === null ? {} : { type: 'credit_note', preceding: { number: credit, issueDate: '2026-10-01' } }),
    }),
  );

/** A well-formedness check by a strict XML 1.0 parser with namespaces: its errors, and each element's text. */
function parseXml(xml: string) {
  const errors: string[] = [];
  const texts: Record<string, string[]> = {};
  const parser = new SaxesParser({ xmlns: true });
  let text = '';
  parser.on('error', (err) => errors.push(err.message));
  parser.on('opentag', () => (text = ''));
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag) => {
    (texts[tag.local] ??= []).push(text);
    text = '';
  });
  parser.write(xml).close();
  return { errors, texts };
}

/** What a parser reads back of a text the writer was given: the forbidden characters gone, line ends as XML reads them. */
const readBack = (text: string) => plainText(text).replace(/\r\n?/g, '\n');

function expectCleanXml(xml: string) {
  const { errors, texts } = parseXml(xml);
  expect(errors).toEqual([]);
  for (const values of Object.values(texts)) for (const value of values) expect(forbiddenCharacter(value, true)).toBeNull();
  return texts;
}

describe('the characters text may hold (domain/plain-text.ts)', () => {
  it('finds controls, unpaired surrogates and noncharacters; tab and line breaks only outside multi-line text', () => {
    for (const bad of ['\u0000', '\u0001', '\u0007', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff', '\ufdd0', '\ufffe', '\u{10ffff}']) {
      expect(forbiddenCharacter(`a${bad}b`)).toBe(bad);
      expect(forbiddenCharacter(`a${bad}b`, true)).toBe(bad);
    }
    for (const lineBreak of ['\t', '\n', '\r']) {
      expect(forbiddenCharacter(`a${lineBreak}b`)).toBe(lineBreak);
      expect(forbiddenCharacter(`a${lineBreak}b`, true)).toBeNull();
    }
    // A surrogate pair is one astral character, RTL marks and the BOM are text.
    expect(forbiddenCharacter('Zoë 😀 \u{20000} \u200f\u202e \ufeff \ufdcf \ufdf0')).toBeNull();
    expect(describeCharacter('\u0001')).toBe('U+0001 (a control character)');
    expect(describeCharacter('\ud800')).toBe('U+D800 (an unpaired surrogate)');
    expect(describeCharacter('\u{1fffe}')).toBe('U+1FFFE (a noncharacter)');
    expect(plainText('PO-\u0001-X\t\r\n\ud800😀\ufffe')).toBe('PO--X\t\r\n😀');
    expect(xmlEscape('Dupont & Fils <"\'> \u0007')).toBe('Dupont &amp; Fils &lt;&quot;&apos;&gt; ');
  });

  it('a CSV cell drops them, then still defuses a formula they hid', () => {
    expect(csvCell('\u0001=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('PO-\u0000-X')).toBe('PO--X');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('which request strings may span lines', () => {
  it('the notes, the comments and the bank file: every other string of every operation is one line', () => {
    const multiLine = OPERATIONS.flatMap((op) =>
      (['body', 'query', 'params', 'headers'] as const).flatMap((part) =>
        multiLinePaths(op.request?.[part]).map((path) => `${op.operationId} ${part} ${path}`),
      ),
    );
    expect(multiLine.sort()).toEqual([
      'cancelPublicBooking body note',
      'createPublicBooking body notes',
      'importBankStatement body ',
      'resolveBankStatementLine body note',
    ]);
  });

  it('the OpenAPI document says so: a free-text request string matches no forbidden character', () => {
    const document = buildOpenApiDocument() as {
      components: { schemas: Record<string, { properties: Record<string, { not?: unknown }> }> };
    };
    const { PublicBookingRequest, Passenger } = document.components.schemas;
    expect(PublicBookingRequest.properties.notes.not).toEqual({ pattern: FORBIDDEN_CHARACTER_PATTERN.multiLine });
    expect(PublicBookingRequest.properties.customer_reference.not).toEqual({ pattern: FORBIDDEN_CHARACTER_PATTERN.singleLine });
    expect(Passenger.properties.name.not).toEqual({ pattern: FORBIDDEN_CHARACTER_PATTERN.singleLine });
    // The same classes as the edge, read by the document's dialect (no `u` flag).
    const single = new RegExp(FORBIDDEN_CHARACTER_PATTERN.singleLine);
    const multi = new RegExp(FORBIDDEN_CHARACTER_PATTERN.multiLine);
    for (const code of [0, 1, 9, 10, 13, 0x1f, 0x7f, 0x85, 0x9f, 0xfdd0, 0xfffe, 0xffff, 0x20, 0xa0, 0xfeff, 0xfffd]) {
      const ch = String.fromCharCode(code);
      expect([code, single.test(ch), multi.test(ch)]).toEqual([
        code,
        forbiddenCharacter(ch) !== null,
        forbiddenCharacter(ch, true) !== null,
      ]);
    }
  });
});

describe('every XML the hub writes stays well-formed whatever its text (property)', () => {
  it('UBL and CII of random documents: well-formed, text read back without the forbidden characters', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const ubl = expectCleanXml(ublXml(doc));
        expect(ubl.BuyerReference).toEqual([readBack(doc.buyerReference)]);
        expect(ubl.RegistrationName).toEqual([readBack(doc.seller.legalName), readBack(doc.buyer.legalName)]);
        const cii = expectCleanXml(ciiXml(doc));
        // CII leaves out an element with nothing in it.
        expect(cii.BuyerReference).toEqual(readBack(doc.buyerReference) ? [readBack(doc.buyerReference)] : undefined);
        expect(cii.LineTotalAmount).toBeDefined();
      }),
      { numRuns: 100 },
    );
  });

  it('the Factur-X PDF: its CII and XMP metadata well-formed, `&` kept as `&amp;`', async () => {
    /** The XMP packet pdfkit writes uncompressed, as UTF-8. */
    const xmpOf = (pdf: Buffer) => {
      const file = pdf.toString('latin1');
      const packet = file.slice(file.indexOf('<x:xmpmeta'), file.indexOf('</x:xmpmeta>') + '</x:xmpmeta>'.length);
      return Buffer.from(packet, 'latin1').toString('utf8');
    };
    const oneLine = (text: string) => plainText(text).replace(/\s+/g, ' ').trim();
    await fc.assert(
      fc.asyncProperty(document, fc.record({ Title: hostile, Author: hostile, Subject: hostile }), async (doc, info) => {
        const pdf = await renderFacturX(info, { xml: ciiXml(doc), issuedAt: new Date('2026-11-01T00:00:00Z') }, (page) => {
          page.text(doc.seller.legalName.slice(0, 300)).text(doc.buyerReference.slice(0, 300));
        });
        const texts = expectCleanXml(xmpOf(pdf));
        // dc:title and dc:description are rdf:Alt, dc:creator an rdf:Seq: each one rdf:li, in that order.
        const written = [info.Title, info.Author, info.Subject].map(oneLine).filter(Boolean);
        expect(texts.li.slice(-written.length)).toEqual(written);
      }),
      { numRuns: 12 },
    );
    const pdf = await renderFacturX(
      { Title: 'Invoice 1', Author: 'Dupont & Fils <SARL>\u0001', Subject: 'Invoice 1' },
      {
        xml: '<x/>',
        issuedAt: new Date(),
      },
      () => undefined,
    );
    const read = await readPdf(pdf);
    expect(read.xmp).toContain('<rdf:li>Dupont &amp; Fils &lt;SARL&gt;</rdf:li>');
    expect(parseXml(read.xmp!).errors).toEqual([]);
  });

  it('pain.001 of random names, remittances and addresses: well-formed and valid against the ISO 20022 XSD', async () => {
    const address = fc.record({
      street: maybe(hostile),
      building_number: maybe(hostile),
      post_code: maybe(hostile),
      town: hostile,
      country: fc.constant('FR'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: hostile, remittance: hostile, address: maybe(address) }), { minLength: 1, maxLength: 5 }),
        hostile,
        async (payouts, debtorName) => {
          const batch: SepaBatch = {
            messageId: 'PF-2026-000001',
            createdAt: '2026-12-01T06:00:05Z',
            executionDate: '2026-12-02',
            debtor: { name: debtorName, iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', address: { town: 'Paris', country: 'FR' } },
            transfers: payouts.map((p, i) => ({
              endToEndId: `ST-2026-${String(i + 1).padStart(6, '0')}:1`,
              amountMinor: 1_000n + BigInt(i),
              creditor: { name: p.name, iban: 'DE89370400440532013000', bic: null, address: p.address },
              remittance: p.remittance,
            })),
          };
          const xml = painXml(batch);
          expectCleanXml(xml);
          expect(await schemaErrors(xml, PAIN_001)).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a ride receipt of hostile addresses and names renders, and PDF.js reads it', async () => {
    const pickup = { lat: 48.8566, lng: 2.3522 };
    const dropoff = { lat: 49.0097, lng: 2.5479 };
    const fare = priceFare({ pickup, dropoff, pickupAt: new Date('2026-11-03T08:00:00Z'), vehicleClass: 'executive', currency: 'EUR' });
    const receipt = (text: { from: string; to: string; driver: string; make: string; ref: string }) =>
      renderReceipt({
        id: 'bkg_01receipt000000000000000a',
        externalId: text.ref,
        pickup: { ...pickup, address: `Gare ${text.from}` },
        dropoff: { ...dropoff, address: text.to },
        vehicleClass: 'executive',
        vehicle: { make: text.make, model: text.make, plate: text.ref },
        driver: { name: text.driver },
        fare,
        trip: null,
        pickupAt: new Date('2026-11-03T08:00:00Z'),
        startedAt: null,
        completedAt: null,
      } as unknown as Booking);
    const fields = fc.record({ from: hostile, to: hostile, driver: hostile, make: hostile, ref: hostile });
    await fc.assert(
      fc.asyncProperty(fields, async (text) => {
        expect((await receipt(text)).subarray(0, 5).toString()).toBe('%PDF-');
      }),
      { numRuns: 40 },
    );
    const read = await readPdf(
      await receipt({ from: 'du\u0001 Nord\u0000', to: ']]>&<', driver: '\ud800Ada', make: '\u202eTesla', ref: 'PO-\u0007-X' }),
    );
    expect(read.pages[0]).toEqual(expect.arrayContaining(['Gare du Nord', ']]>&<']));
    expect(read.pages[0].join('\n')).toContain('PO--X');
  });
});
