import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { renderA4 } from '../../api/pdf';
import { issueCreditNote } from '../../db/credit-notes';
import { billingTargets, closePeriod, issueInvoice } from '../../db/finance';
import type { IssuedDocument, PeriodRef } from '../../contracts/finance';
import { appendBilledRide } from '../../stack/billed-rides';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { validateWithMustang, type MustangReport } from '../support/mustang-validator';

const OCTOBER: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };

/** A French corporate buyer, as a French finance department fills in its billing details. */
const FRENCH_BUYER = {
  legal_name: 'Voyages Lumière & Associés SA',
  address: '8 avenue Foch',
  city: 'Paris',
  postal_code: '75016',
  country: 'FR',
  tax_id: 'FR82542065479',
  siren: '542065479',
  siret: '54206547900018',
  email: 'factures@lumiere.example',
};

const SELLER = {
  legal_name: 'Chauffeurs Élysée & Cie SAS',
  address: '5 avenue Kléber',
  city: 'Paris',
  postal_code: '75116',
  country: 'FR',
  tax_id: 'FR40303265045',
  siren: '303265045',
  email: 'facturation@elysee.example',
};

/** Why Mustang refused a file, short enough to read in a failed expectation. */
const refusals = (r: MustangReport) => ({
  file: r.file,
  failures: r.failures.map((f) => `${f.part} ${f.type ?? ''} ${f.criterion ?? ''} ${f.message}`),
});

describe("Factur-X: Mustang's validator accepts every PDF the hub serves a French buyer (slow tier)", () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let key: string;
  const documents: string[] = [];

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    // A seller whose name needs escaping and is not ASCII: PDF/A wants the same name in the info dictionary and the XMP.
    hub = await startTestHub(db, env, { workers: false, env: { INVOICE_SELLER: JSON.stringify(SELLER) } });
    const account = (await createIntegratorAccount(db.orm, 'Lumière', 'corporate', FRENCH_BUYER)).accountId;
    key = (await createApiKey(db.orm, TEST_SECRETS, { accountId: account, environment: 'live', label: 'fx', scopes: ['invoices.read'] }))
      .key;
    // Rides in several markets and currencies: reduced and standard VAT, zero-rated, exempt, US sales tax.
    const rides: [market: string, currency: string, grossMinor: number][] = [
      ['PAR', 'EUR', 12_170],
      ['PAR', 'EUR', 4_480],
      ['BER', 'EUR', 9_990],
      ['MAD', 'EUR', 3_300],
      ['LON', 'GBP', 8_400],
      ['ZRH', 'CHF', 15_000],
      ['DXB', 'AED', 20_000],
      ['NYC', 'USD', 11_297],
    ];
    for (const [i, [market, currency, grossMinor]] of rides.entries()) {
      const at = new Date(Date.parse('2026-10-03T08:00:00Z') + i * 86_400_000);
      await appendBilledRide(db.orm, { bookingId: `bkg_fx_${i}`, accountId: account, grossMinor, at, market, currency });
    }
    await closePeriod(db.orm, OCTOBER);
    const invoices: IssuedDocument[] = [];
    for (const target of await billingTargets(db.orm, OCTOBER))
      invoices.push((await issueInvoice(db.orm, OCTOBER, target)) as IssuedDocument);
    documents.push(...invoices.map((i) => i.number));
    const eur = invoices.find((i) => i.currency === 'EUR')!;
    documents.push((await issueCreditNote(db.orm, { invoiceNumber: eur.number, positions: [1], reason: 'price_adjustment' })).number);
    documents.push((await issueCreditNote(db.orm, { invoiceNumber: eur.number, amountMinor: 1_000n, reason: 'refund' })).number);
    const gbp = invoices.find((i) => i.currency === 'GBP')!;
    documents.push((await issueCreditNote(db.orm, { invoiceNumber: gbp.number, positions: [1], reason: 'price_adjustment' })).number);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('finds no error in any invoice or credit note, as Factur-X PDF or as CII: PDF/A-3b, XMP, CII schema, EN 16931 rules', async () => {
    const download = async (number: string, format: 'pdf' | 'cii') => {
      const response = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${number}/${format}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const content = Buffer.from(await response.arrayBuffer());
      expect({ number, format, status: response.status }).toEqual({ number, format, status: 200 });
      return { name: `${number}.${format === 'pdf' ? 'pdf' : 'xml'}`, content };
    };
    // One at a time: a PDF is rendered on the API's event loop, and the machine is shared.
    const pdfs: { name: string; content: Buffer }[] = [];
    const ciis: { name: string; content: Buffer }[] = [];
    for (const number of documents) {
      pdfs.push(await download(number, 'pdf'));
      ciis.push(await download(number, 'cii'));
    }
    expect(pdfs.length).toBeGreaterThanOrEqual(8); // five currencies' invoices and three credit notes
    const files = [...pdfs, ...ciis];
    const reports = await validateWithMustang(files);
    expect(reports.map(refusals)).toEqual(files.map((f) => ({ file: f.name, failures: [] })));
    expect(reports.map((r) => [r.file, r.pdfa, r.valid])).toEqual([
      ...pdfs.map((f) => [f.name, 'valid', true]),
      ...ciis.map((f) => [f.name, 'absent', true]),
    ]);
  }, 180_000);

  it("is a validator that refuses: today's plain PDF is no PDF/A-3, and a CII without lines breaks its rules", async () => {
    const [plain, broken] = await validateWithMustang([
      { name: 'plain.pdf', content: await plainPdf() },
      {
        name: 'broken.xml',
        content:
          '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"></rsm:CrossIndustryInvoice>',
      },
    ]);
    expect(plain).toMatchObject({ valid: false, pdfa: 'invalid' });
    expect(plain.failures.map((f) => f.message)).toEqual(expect.arrayContaining([expect.stringMatching(/font programs .* embedded/)]));
    expect(broken).toMatchObject({ valid: false, pdfa: 'absent' });
    expect(broken.failures.length).toBeGreaterThan(0);
  }, 120_000);
});

/** A receipt-style PDF from the plain renderer (built-in Helvetica). */
function plainPdf(): Promise<Buffer> {
  return renderA4({ Title: 'Plain', Author: 'Hub', Subject: 'Plain' }, (doc) => doc.text('Not a Factur-X'));
}
