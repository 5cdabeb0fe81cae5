import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { appendBilledRide } from '../../stack/billed-rides';
import { billingTargets, closePeriod, issueInvoice } from '../../db/finance';
import { issueCreditNote } from '../../db/credit-notes';
import type { IssuedDocument, PeriodRef } from '../../contracts/finance';
import { RULE_SETS, validateEinvoices } from '../support/einvoice-validator';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { environmentOfTestOrLive } from '../../domain/environment';
import { DEMO_SELLER } from '../../infra/config';
import { createFinanceActivities } from '../../activities/finance';
import { testPayouts } from '../support/payouts';

const run = promisify(execFile);
const OCTOBER: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };

describe('Public Integration API: invoices', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  const keys: Record<'corporate' | 'other' | 'operator' | 'corporateTest' | 'noScope', string> = {} as never;
  let corporate: string;
  let other: string;

  async function ride(accountId: string, o: { gross: number; at: string; market?: string; live?: boolean }) {
    const at = new Date(o.at);
    await appendBilledRide(db.orm, {
      bookingId: `bkg_${accountId.slice(-6)}_${at.getTime()}_${o.gross}`,
      accountId,
      grossMinor: o.gross,
      at,
      live: o.live,
      market: o.market,
    });
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const billing = {
      legal_name: 'Acme Travel SAS',
      address: '1 rue de la Paix',
      city: 'Paris',
      postal_code: '75002',
      country: 'FR',
      tax_id: 'FR12345678901',
      email: 'ap@acme.example',
    };
    corporate = (await createIntegratorAccount(db.orm, 'Acme Travel', 'corporate', billing)).accountId;
    other = (await createIntegratorAccount(db.orm, 'Globex', 'corporate', { ...billing, legal_name: 'Globex GmbH' })).accountId;
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    const key = async (accountId: string, environment: 'live' | 'test', scopes: string[]) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive(environment), label: 'test', scopes }))
        .key;
    keys.corporate = await key(corporate, 'live', ['invoices.read']);
    keys.corporateTest = await key(corporate, 'test', ['invoices.read']);
    keys.other = await key(other, 'live', ['invoices.read']);
    keys.operator = await key(operator, 'live', ['invoices.read']);
    keys.noScope = await key(corporate, 'live', ['bookings.read']);

    await ride(corporate, { gross: 11_000, at: '2026-10-03T08:00:00Z' });
    await ride(corporate, { gross: 12_000, at: '2026-10-04T08:00:00Z', market: 'LON' });
    await ride(corporate, { gross: 2_000, at: '2026-10-05T08:00:00Z', live: false });
    await ride(other, { gross: 5_000, at: '2026-10-06T08:00:00Z' });
    await closePeriod(db.orm, OCTOBER);
    for (const target of await billingTargets(db.orm, OCTOBER)) await issueInvoice(db.orm, OCTOBER, target);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const list = (key: string, query = '') => getJson(`${hub.baseUrl}/api/public/v1/invoices${query ? `?${query}` : ''}`, key);

  it("lists a corporate key's own documents of its environment, with buckets that add up", async () => {
    const live = await list(keys.corporate);
    expect(live.status).toBe(200);
    expect(live.json.data).toHaveLength(1);
    const [invoice] = live.json.data;
    expect(invoice).toMatchObject({
      type: 'invoice',
      account: corporate,
      status: 'open',
      currency: 'EUR',
      period: { id: '2026-10', start: OCTOBER.start, end: OCTOBER.end },
      credits: null,
      livemode: true,
    });
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    // Paris 110.00 at 10 % and London 120.00 at 20 %, tax-inclusive: nets 100.00 and 100.00.
    expect(invoice.tax_buckets).toEqual([
      { category: 'reduced', rate: 10, net: 100, tax: 10 },
      { category: 'standard', rate: 20, net: 100, tax: 20 },
    ]);
    expect(invoice).toMatchObject({ net: 200, tax: 30, gross: 230 });

    const sandbox = await list(keys.corporateTest);
    expect(sandbox.json.data.map((d: { number: string; livemode: boolean }) => [d.number.startsWith('INV-TEST-'), d.livemode])).toEqual([
      [true, false],
    ]);
    expect((await list(keys.other)).json.data.map((d: { account: string }) => d.account)).toEqual([other]);
  });

  it("lets an operator key see every account's documents and filter them", async () => {
    const all = await list(keys.operator);
    expect(all.json.data.map((d: { account: string }) => d.account).sort()).toEqual([corporate, other].sort());
    expect((await list(keys.operator, `account=${other}`)).json.data.map((d: { account: string }) => d.account)).toEqual([other]);
    expect((await list(keys.operator, 'period=2026-09')).json.data).toEqual([]);
    expect((await list(keys.operator, 'type=credit_note')).json.data).toEqual([]);
    const page = await list(keys.operator, 'limit=1');
    expect(page.json).toMatchObject({ has_more: true });
    const next = await list(keys.operator, `limit=1&cursor=${page.json.next_cursor}`);
    expect(next.json.data[0].number).not.toBe(page.json.data[0].number);
  });

  it('reads one document with its lines; another account or environment gets 404, a key without the scope 403', async () => {
    const [invoice] = (await list(keys.corporate)).json.data;
    const one = await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}`, keys.corporate);
    expect(one.status).toBe(200);
    expect(one.json.lines.map((l: { kind: string; rate: number; net: number; tax: number }) => [l.kind, l.rate, l.net, l.tax])).toEqual([
      ['fare', 10, 100, 10],
      ['fare', 20, 100, 20],
    ]);
    expect(one.json.lines[0].ref).toMatch(/^bkg_/);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}`, keys.other)).status).toBe(404);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}`, keys.corporateTest)).status).toBe(404);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}`, keys.operator)).status).toBe(200);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/invoices/nope`, keys.corporate)).status).toBe(422);
    expect((await list(keys.noScope)).status).toBe(403);
    expect((await list(keys.corporate, 'status=bogus')).status).toBe(422);
  });

  it('serves a document as an EN 16931 e-invoice the published rules accept, and says why when it cannot', async () => {
    const [invoice] = (await list(keys.corporate)).json.data;
    const response = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}/einvoice`, {
      headers: { authorization: `Bearer ${keys.corporate}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">230.00</cbc:PayableAmount>');
    const [failures] = validateEinvoices([xml]);
    expect(failures.filter((f) => f.flag === 'fatal')).toEqual([]);

    // A sandbox invoice issued while the account's details were incomplete has no e-invoice.
    const bare = (await createIntegratorAccount(db.orm, 'Bare')).accountId;
    const bareKey = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: bare, environment: 'sandbox', label: 't', scopes: ['invoices.read'] })
    ).key;
    await ride(bare, { gross: 1_000, at: '2026-09-07T08:00:00Z', live: false });
    const september: PeriodRef = { id: '2026-09', start: '2026-09-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' };
    await closePeriod(db.orm, september);
    const issued = await issueInvoice(db.orm, september, { partyKind: 'account', partyId: bare, currency: 'EUR', livemode: false });
    const number = (issued as IssuedDocument).number;
    const refused = await getJson(`${hub.baseUrl}/api/public/v1/invoices/${number}/einvoice`, bareKey);
    expect(refused).toMatchObject({ status: 409, json: { detail: expect.stringContaining('legal_name') } });
  });

  it('serves invoices and credit notes as CII; for a French buyer under the French rules, which the published BR-FR schematron accepts', async () => {
    const french = (
      await createIntegratorAccount(db.orm, 'Lumière', 'corporate', {
        legal_name: 'Voyages Lumière SA',
        address: '8 avenue Foch',
        city: 'Paris',
        postal_code: '75016',
        country: 'FR',
        tax_id: 'FR82542065479',
        email: 'compta@lumiere.example',
        siren: '542065479',
        siret: '54206547900017',
      })
    ).accountId;
    const frenchKey = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: french, environment: 'live', label: 't', scopes: ['invoices.read'] })
    ).key;
    await ride(french, { gross: 5_500, at: '2026-08-10T08:00:00Z' });
    const august: PeriodRef = { id: '2026-08', start: '2026-08-01T00:00:00.000Z', end: '2026-09-01T00:00:00.000Z' };
    await closePeriod(db.orm, august);
    // The invoice keeps the seller as configured when it was issued (here another name than the hub's current one).
    const sellerAtIssue = { ...DEMO_SELLER, legal_name: 'Paris Chauffeurs SAS', siret: '30326504500029' };
    const target = { partyKind: 'account' as const, partyId: french, currency: 'EUR', livemode: true };
    const invoice = (await issueInvoice(db.orm, august, target, sellerAtIssue)) as IssuedDocument;
    const note = await issueCreditNote(db.orm, { invoiceNumber: invoice.number, positions: [1], reason: 'price_adjustment' });
    const get = (number: string, path: string) =>
      fetch(`${hub.baseUrl}/api/public/v1/invoices/${number}/${path}`, { headers: { authorization: `Bearer ${frenchKey}` } });

    const response = await get(invoice.number, 'cii');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const cii = await response.text();
    expect(cii).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(cii).toContain('<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>S1</ram:ID>');
    expect(cii).toContain('<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">542065479</ram:ID>');
    expect(cii).toContain('<ram:URIID schemeID="0225">542065479</ram:URIID>');
    for (const code of ['PMT', 'PMD', 'AAB', 'BAR']) expect(cii).toContain(`<ram:SubjectCode>${code}</ram:SubjectCode>`);
    expect(cii).toContain('<ram:DuePayableAmount>55.00</ram:DuePayableAmount>');
    expect(cii).toContain('<ram:GlobalID schemeID="0009">30326504500029</ram:GlobalID><ram:Name>Paris Chauffeurs SAS</ram:Name>');
    const noteCii = await (await get(note.number, 'cii')).text();
    expect(noteCii).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(noteCii).toContain(`<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(noteCii).toContain('<ram:Name>Paris Chauffeurs SAS</ram:Name>'); // the credit note keeps its invoice's seller
    const ubl = await (await get(invoice.number, 'einvoice')).text();
    expect(ubl).toContain('<cbc:CompanyID schemeID="0002">542065479</cbc:CompanyID>');
    expect(ubl).toMatch(/<cbc:Note>Pay by card: [^<#]+#PMT#[^<]+#PMD#[^<]+#AAB#[^<]+#BAR#B2B<\/cbc:Note>/);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}/cii`, keys.corporate)).status).toBe(404);

    // EN 16931 (CII) and the French rules: no failed assertion of any flag on either document.
    const failures = [...validateEinvoices([cii, noteCii], RULE_SETS.cii), ...validateEinvoices([cii, noteCii], RULE_SETS.ciiFrance)];
    expect(failures.map((f) => f.map((x) => `${x.flag} ${x.rule}`))).toEqual([[], [], [], []]);
    // The UBL keeps passing EN 16931 and Peppol BIS 3.
    expect(validateEinvoices([ubl]).map((f) => f.filter((x) => x.flag === 'fatal'))).toEqual([[]]);
  });

  it("the settlement cycle's issuing step keeps the configured seller on each invoice it issues", async () => {
    const july: PeriodRef = { id: '2026-07', start: '2026-07-01T00:00:00.000Z', end: '2026-08-01T00:00:00.000Z' };
    await ride(other, { gross: 3_300, at: '2026-07-09T08:00:00Z' });
    await closePeriod(db.orm, july);
    const seller = { ...DEMO_SELLER, legal_name: 'Configured Seller SAS' };
    const activities = createFinanceActivities({ orm: db.orm, payouts: testPayouts(db.orm), seller });
    const [issued] = await activities.issuePeriodInvoices({ period: july, targets: await billingTargets(db.orm, july) });
    const cii = await (
      await fetch(`${hub.baseUrl}/api/public/v1/invoices/${(issued as IssuedDocument).number}/cii`, {
        headers: { authorization: `Bearer ${keys.other}` },
      })
    ).text();
    expect(cii).toContain('<ram:Name>Configured Seller SAS</ram:Name>');
  });

  it('lists a credit note with the invoice it corrects, and serves it as a valid UBL CreditNote', async () => {
    const [invoice] = (await list(keys.corporate, 'type=invoice')).json.data;
    const note = await issueCreditNote(db.orm, { invoiceNumber: invoice.number, positions: [2], reason: 'price_adjustment' });
    const [listed] = (await list(keys.corporate, 'type=credit_note')).json.data;
    expect(listed).toMatchObject({
      number: note.number,
      type: 'credit_note',
      status: 'issued',
      credits: invoice.number,
      net: 100,
      tax: 20,
      gross: 120,
    });
    expect(listed.tax_buckets).toEqual([{ category: 'standard', rate: 20, net: 100, tax: 20 }]);
    const invoiceAfter = await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}`, keys.corporate);
    expect(invoiceAfter.json).toMatchObject({ net: 200, tax: 30, gross: 230 }); // the invoice itself never changes

    const response = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${note.number}/einvoice`, {
      headers: { authorization: `Bearer ${keys.corporate}` },
    });
    const xml = await response.text();
    expect(xml).toContain('<CreditNote ');
    expect(xml).toContain(`<cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID>`);
    const [failures] = validateEinvoices([xml]);
    expect(failures.filter((f) => f.flag === 'fatal')).toEqual([]);
  });

  it('serves each document as a PDF showing its lines, buckets and totals as issued', async () => {
    const [invoice] = (await list(keys.corporate, 'type=invoice')).json.data;
    const response = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}/pdf`, {
      headers: { authorization: `Bearer ${keys.corporate}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
    writeFileSync(join(dir, 'i.pdf'), Buffer.from(await response.arrayBuffer()));
    const { stdout } = await run(process.execPath, [join(__dirname, '..', 'support', 'pdf-text.mjs'), join(dir, 'i.pdf')]);
    const parsed = JSON.parse(stdout) as { pages: string[][]; title: string };
    expect(parsed.title).toBe(`Invoice ${invoice.number}`);
    const text = parsed.pages[0]!;
    const after = (label: string) => text[text.lastIndexOf(label) + 1]; // the totals come last
    expect(after('Total due')).toBe('230.00 EUR');
    expect(after('Net')).toBe('200.00 EUR');
    expect(after('Tax')).toBe('30.00 EUR');
    expect(text).toEqual(
      expect.arrayContaining(['VAT (reduced) 10% on 100.00 EUR', '10.00 EUR', 'VAT 20% on 100.00 EUR', '20.00 EUR', 'Acme Travel SAS']),
    );
    expect((await getJson(`${hub.baseUrl}/api/public/v1/invoices/${invoice.number}/pdf`, keys.other)).status).toBe(404);
  });

  it('totals what was agreed and says which ride each line is, for whom and on which purchase order', async () => {
    // The issue's case: two Paris rides agreed at 121.70 each on PO-771, billed together: 243.40, not 243.41.
    const billing = {
      legal_name: 'Paris Corp SAS',
      address: '2 place de la Concorde',
      city: 'Paris',
      postal_code: '75008',
      country: 'FR',
      tax_id: 'FR98765432109',
      email: 'ap@pariscorp.example',
      invoice_passengers: true,
    };
    const account = (await createIntegratorAccount(db.orm, 'Paris Corp', 'corporate', billing)).accountId;
    const key = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: account, environment: 'live', label: 't', scopes: ['invoices.read'] })
    ).key;
    const booked = async (id: string, pickupAt: string, dropoff: Record<string, unknown>) => {
      await db.orm.em.fork().execute(
        `insert into bookings (id, account_id, environment, status, vehicle_class, market, pickup, dropoff, passenger, pickup_at, currency,
           fare, fare_total_minor, free_until, late_cancellation_fee_minor, customer_reference, created_at, updated_at)
         values (?, ?, 'live', 'completed', 'executive', 'PAR', ?, ?, ?, ?, 'EUR', '{}', 12170, ?, 0, 'PO-771', now(), now())`,
        [
          id,
          account,
          JSON.stringify({ address: '10 rue de Rivoli, 75001 Paris', lat: 48.8556, lng: 2.3592 }),
          JSON.stringify(dropoff),
          JSON.stringify({ name: 'Ada Lovelace', phone: '+33612345678' }),
          pickupAt,
          pickupAt,
        ],
      );
      await appendBilledRide(db.orm, {
        bookingId: id,
        accountId: account,
        grossMinor: 12_170,
        at: new Date(Date.parse(pickupAt) + 3600_000),
      });
    };
    await booked('bkg_01paris00000000000000000a', '2026-11-03T08:00:00Z', { address: 'CDG Terminal 2E', lat: 49.0097, lng: 2.5479 });
    // A booking made before addresses were taken: its coordinates stand in.
    await booked('bkg_01paris00000000000000000b', '2026-11-04T17:30:00Z', { lat: 48.8566, lng: 2.3522 });
    const november: PeriodRef = { id: '2026-11', start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
    await closePeriod(db.orm, november);
    const issued = (await issueInvoice(db.orm, november, {
      partyKind: 'account',
      partyId: account,
      currency: 'EUR',
      livemode: true,
    })) as IssuedDocument;
    expect(issued).toMatchObject({ gross: '24341', amountDue: '24340' });

    const one = await getJson(`${hub.baseUrl}/api/public/v1/invoices/${issued.number}`, key);
    expect(one.json).toMatchObject({ net: 221.28, tax: 22.13, gross: 243.41, rounding: -0.01, amount_due: 243.4 });
    expect(one.json.tax_buckets).toEqual([{ category: 'reduced', rate: 10, net: 221.28, tax: 22.13 }]);
    expect(one.json.lines.map((l: { net: number; tax: number }) => [l.net, l.tax])).toEqual([
      [110.64, 11.06],
      [110.64, 11.06],
    ]);
    expect(one.json.lines[0].ride).toEqual({
      pickup_at: '2026-11-03T08:00:00.000Z',
      time_zone: 'Europe/Paris',
      pickup_local: '2026-11-03T09:00+01:00',
      from: '10 rue de Rivoli, 75001 Paris',
      to: 'CDG Terminal 2E',
      vehicle_class: 'executive',
      passenger_name: 'Ada Lovelace',
      customer_reference: 'PO-771',
    });
    expect(one.json.lines[1].ride.to).toBe('48.8566,2.3522');
    expect(one.json.lines[0].description).toBe(
      'Ride bkg_01paris00000000000000000a: 2026-11-03 09:00 (Europe/Paris), 10 rue de Rivoli, 75001 Paris → CDG Terminal 2E, executive',
    );

    const xml = await (
      await fetch(`${hub.baseUrl}/api/public/v1/invoices/${issued.number}/einvoice`, { headers: { authorization: `Bearer ${key}` } })
    ).text();
    expect(xml).toContain('<cbc:PayableRoundingAmount currencyID="EUR">-0.01</cbc:PayableRoundingAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">243.40</cbc:PayableAmount>');
    expect(xml).toContain('<cac:OrderReference><cbc:ID>PO-771</cbc:ID></cac:OrderReference>');
    expect(xml).toContain('<cbc:AccountingCost>PO-771</cbc:AccountingCost>');
    expect(xml).toContain('<cbc:Note>Passenger: Ada Lovelace; Your reference: PO-771</cbc:Note>');
    expect(xml).toContain(
      '<cbc:Description>2026-11-03 09:00 (Europe/Paris), 10 rue de Rivoli, 75001 Paris → CDG Terminal 2E, executive</cbc:Description>',
    );

    // The payment page charges the amount due and says who asks for it, from whom, and for which rides.
    const pageUrl = one.json.hosted_payment_url.replace('http://hub.test', hub.baseUrl);
    const page = await (await fetch(pageUrl)).text();
    expect(page).toMatch(/id="total">€243\.40</);
    expect(page).toContain('Pay €243.40');
    expect(page).toMatch(/id="seller"><h2>From<\/h2><p>Dispatch Hub Demo SAS<\/p><p>10 rue de Rivoli<\/p>.*<p>VAT FR40303265045<\/p>/);
    expect(page).toMatch(/id="buyer"><h2>Bill to<\/h2><p>Paris Corp SAS<\/p><p>2 place de la Concorde<\/p>.*<p>VAT FR98765432109<\/p>/);
    expect(page).toContain('This invoice covers 2 rides, 2026-11-03 to 2026-11-04, purchase order PO-771.');
    expect(page).toContain('Your reference: PO-771');
    expect(page).toContain('2026-11-03 09:00 (Europe/Paris), 10 rue de Rivoli, 75001 Paris → CDG Terminal 2E, executive');

    // A credit of one line gives back what that ride was agreed at; the two notes together give back the whole.
    const first = await issueCreditNote(db.orm, { invoiceNumber: issued.number, positions: [1], reason: 'price_adjustment' });
    const second = await issueCreditNote(db.orm, { invoiceNumber: issued.number, positions: [2], reason: 'price_adjustment' });
    expect([first.amountDue, second.amountDue]).toEqual(['12170', '12170']);
    const noteXml = await (
      await fetch(`${hub.baseUrl}/api/public/v1/invoices/${first.number}/einvoice`, { headers: { authorization: `Bearer ${key}` } })
    ).text();
    expect(noteXml).toContain('<cbc:PayableAmount currencyID="EUR">121.70</cbc:PayableAmount>');

    const pdf = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${issued.number}/pdf`, { headers: { authorization: `Bearer ${key}` } });
    const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
    writeFileSync(join(dir, 'i.pdf'), Buffer.from(await pdf.arrayBuffer()));
    const { stdout } = await run(process.execPath, [join(__dirname, '..', 'support', 'pdf-text.mjs'), join(dir, 'i.pdf')]);
    const text = (JSON.parse(stdout) as { pages: string[][] }).pages.flat();
    const after = (label: string) => text[text.lastIndexOf(label) + 1];
    expect(after('Total due')).toBe('243.40 EUR');
    expect(after('Rounding to the agreed prices')).toBe('-0.01 EUR');
    expect(after('Purchase order')).toBe('PO-771');
    expect(text).toEqual(
      expect.arrayContaining([
        'bkg_01paris00000000000000000a',
        '2026-11-03 09:00 (Europe/Paris)',
        'to CDG Terminal 2E',
        'Passenger: Ada Lovelace',
        'PO-771',
        '110.64 EUR',
      ]),
    );
    // Last: the validator runs synchronously for seconds, longer than the server keeps an idle connection open.
    const results = validateEinvoices([xml, noteXml]);
    expect(results.map((failures) => failures.filter((f) => f.flag === 'fatal'))).toEqual([[], []]);
  });
});
