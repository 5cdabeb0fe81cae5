import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import type { IssuedDocument, PeriodRef } from '../../contracts/finance';
import { issueCreditNote } from '../../db/credit-notes';
import { billingTargets, closePeriod, issueInvoice } from '../../db/finance';
import { appendBilledRide } from '../../stack/billed-rides';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { readPdf } from '../support/pdf-read';

const OCTOBER: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };
const FRENCH = {
  legal_name: 'Voyages Lumière SA',
  address: '8 avenue Foch',
  city: 'Paris',
  postal_code: '75016',
  country: 'FR',
  tax_id: 'FR82542065479',
  siren: '542065479',
  email: 'factures@lumiere.example',
};
const GERMAN = {
  legal_name: 'Acme Travel GmbH',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  tax_id: 'DE123456789',
  email: 'ap@acme.example',
};

describe('GET /api/public/v1/invoices/{number}/pdf: Factur-X for a French buyer, the plain PDF for others', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  const buyers: Record<'french' | 'german', { key: string; invoice: string }> = {} as never;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const accounts: Record<string, 'french' | 'german'> = {};
    for (const [who, billing] of [
      ['french', FRENCH],
      ['german', GERMAN],
    ] as const) {
      const { accountId } = await createIntegratorAccount(db.orm, billing.legal_name, 'corporate', billing);
      accounts[accountId] = who;
      const { key } = await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'live', label: 'pdf', scopes: ['invoices.read'] });
      buyers[who] = { key, invoice: '' };
      await appendBilledRide(db.orm, { bookingId: `bkg_${who}`, accountId, grossMinor: 12_170, at: '2026-10-03T08:00:00Z' });
    }
    await closePeriod(db.orm, OCTOBER);
    for (const target of await billingTargets(db.orm, OCTOBER)) {
      const issued = (await issueInvoice(db.orm, OCTOBER, target)) as IssuedDocument;
      buyers[accounts[target.partyId]].invoice = issued.number;
    }
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const pdfOf = async (number: string, key: string) => {
    const response = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${number}/pdf`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await response.arrayBuffer());
  };

  it("serves a non-French buyer today's PDF: built-in Helvetica, nothing embedded, no PDF/A metadata", async () => {
    const pdf = await pdfOf(buyers.german.invoice, buyers.german.key);
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica');
    expect(pdf.toString('latin1')).not.toMatch(/\/EmbeddedFiles|\/FontFile2|\/OutputIntents/);
    const read = await readPdf(pdf);
    expect(read).toMatchObject({ title: `Invoice ${buyers.german.invoice}`, attachments: {}, xmp: null });
    expect(read.pages[0]).toEqual(expect.arrayContaining(['Acme Travel GmbH', 'Total due', '121.70 EUR']));
  });

  it('serves a French buyer a Factur-X: its CII embedded as factur-x.xml, the same totals on the page', async () => {
    const { invoice, key } = buyers.french;
    const read = await readPdf(await pdfOf(invoice, key));
    const xml = read.attachments['factur-x.xml'];
    expect(Object.keys(read.attachments)).toEqual(['factur-x.xml']);
    // The very CII the hub serves at /cii.
    const cii = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${invoice}/cii`, { headers: { authorization: `Bearer ${key}` } });
    expect(await cii.text()).toBe(xml);
    expect(xml).toContain('<rsm:CrossIndustryInvoice');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${invoice}</ram:ID><ram:TypeCode>380</ram:TypeCode>`);
    expect(xml).toContain('<ram:DuePayableAmount>121.70</ram:DuePayableAmount>');
    expect(xml).toContain('<ram:ID schemeID="0002">542065479</ram:ID>');
    expect(read.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(read.pages[0]).toEqual(expect.arrayContaining(['Voyages Lumière SA', 'SIREN 542065479', 'Total due', '121.70 EUR']));
    // The French notes of the CII (BR-FR-05) are printed too, after the totals.
    expect(xml).toContain('<ram:SubjectCode>AAB</ram:SubjectCode>');
    const page = read.pages[0].join('\n');
    expect(page.indexOf('Mentions')).toBeGreaterThan(page.indexOf('Total due'));
    expect(page).toContain('Escompte pour paiement anticipé : néant.');
    expect(page).toContain('Indemnité forfaitaire pour frais de recouvrement');
  });

  it("serves a French buyer's credit note as a Factur-X of type 381 naming the invoice it corrects", async () => {
    const { invoice, key } = buyers.french;
    const note = await issueCreditNote(db.orm, { invoiceNumber: invoice, positions: [1], reason: 'price_adjustment' });
    const read = await readPdf(await pdfOf(note.number, key));
    const xml = read.attachments['factur-x.xml'];
    expect(xml).toContain(`<ram:ID>${note.number}</ram:ID><ram:TypeCode>381</ram:TypeCode>`);
    expect(xml).toContain(`<ram:IssuerAssignedID>${invoice}</ram:IssuerAssignedID>`);
    expect(read.pages[0]).toEqual(expect.arrayContaining([`Credit note ${note.number}`, `Corrects invoice ${invoice}`]));
  });
});
