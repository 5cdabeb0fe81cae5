import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { SaxesParser } from 'saxes';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import type { IssuedDocument, PeriodRef } from '../../contracts/finance';
import { closePeriod, issueInvoice } from '../../db/finance';
import { appendBilledRide } from '../../stack/billed-rides';
import { localEnvironment } from '../../stack/temporal';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, putJson, requestToken } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { readPdf } from '../support/pdf-read';

const CDG = { lat: 49.0097, lng: 2.5479 };
const VENDOME = { lat: 48.8674, lng: 2.3294 };

/** The XML's well-formedness errors as a strict XML 1.0 parser with namespaces finds them (none: well-formed). */
function xmlErrors(xml: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (err) => errors.push(err.message));
  parser.write(xml).close();
  return errors;
}

/**
 * Issue 49: a control character in a request broke an issued invoice for ever, and a NUL in a query was a 500. Every
 * operation of every API now refuses the characters no text may hold, naming the field; and documents rendered from
 * rows stored before that (inserted here as they were) stay well-formed.
 */
describe('hostile characters: refused at the edge, harmless in stored rows', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let key: string;
  let partnerToken: string;
  let partnerBasic: string;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    const { accountId } = await createIntegratorAccount(db.orm, 'Hygiene Corp', 'operator');
    key = (
      await createApiKey(db.orm, TEST_SECRETS, {
        accountId,
        environment: 'sandbox',
        label: 'hygiene',
        scopes: ['bookings.read', 'bookings.write', 'webhooks.manage', 'payouts.write'],
      })
    ).key;
    const partner = await createTestPartner(db.orm, { name: 'Hygiene Partner' });
    partnerToken = await requestToken(hub.baseUrl, partner.sandbox);
    partnerBasic = `Basic ${Buffer.from(`${partner.sandbox.clientId}:${partner.sandbox.clientSecret}`).toString('base64')}`;
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const quote = async () => {
    const reply = await postJson(`${hub.baseUrl}/api/public/v1/quotes`, key, {
      pickup_lat: CDG.lat,
      pickup_lng: CDG.lng,
      dropoff_lat: VENDOME.lat,
      dropoff_lng: VENDOME.lng,
      pickup_place: { iata: 'CDG', terminal: '2E' },
      dropoff_address: '8 rue de la Paix, 75002 Paris',
      datetime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      vehicle_class: 'executive',
      pax: 1,
    });
    expect(reply.status).toBe(201);
    return reply.json.quote_id as string;
  };
  const book = (body: Record<string, unknown>) =>
    postJson(`${hub.baseUrl}/api/public/v1/bookings`, key, body, { 'idempotency-key': randomUUID() });
  const passenger = { name: 'Ada Lovelace', phone: '+33612345678' };

  /** A 422 `validation_failed` naming exactly `param`, with the character in its detail. */
  const refused = (reply: { status: number; json: unknown }, param: string, character: string) =>
    expect(reply).toMatchObject({
      status: 422,
      json: {
        code: 'validation_failed',
        param,
        errors: [{ param, code: 'forbidden_character', detail: expect.stringContaining(character) }],
      },
    });

  it.each([
    ['a control character in customer_reference', { customer_reference: 'PO-\u0001-X' }, 'customer_reference', 'U+0001'],
    ['a bell in the passenger name', { passenger: { ...passenger, name: 'Ada\u0007Lovelace' } }, 'passenger.name', 'U+0007'],
    ['a lone surrogate in the notes', { notes: 'Gate \ud800 12' }, 'notes', 'U+D800'],
    ['U+FFFE in customer_reference', { customer_reference: 'CC-\ufffe' }, 'customer_reference', 'U+FFFE'],
    ['a C1 control in customer_reference', { customer_reference: 'CC\u0085' }, 'customer_reference', 'U+0085'],
    ['a tab in customer_reference, a one-line field', { customer_reference: 'CC\t4711' }, 'customer_reference', 'U+0009'],
    ['a line break in the passenger name', { passenger: { ...passenger, name: 'Ada\nLovelace' } }, 'passenger.name', 'U+000A'],
    ['a NUL in the notes, which may span lines', { notes: 'Gate 12\n\u0000' }, 'notes', 'U+0000'],
  ])('POST /api/public/v1/bookings refuses %s: 422 naming the field', async (_name, fields, param, character) => {
    const reply = await book({ quote_id: 'qt_01jd2k3m4n5p6q7r8s9t0v1w2x', passenger, ...fields });
    refused(reply, param, character);
  });

  it('takes tab and line breaks in a multi-line field: the notes are booked as sent', async () => {
    const notes = 'Meet at gate 12\n\twith a name board\r\nCall on arrival';
    const reply = await book({ quote_id: await quote(), passenger, notes, customer_reference: 'PO-771 (Zoë) 😀' });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ customer_reference: 'PO-771 (Zoë) 😀' });
    const [stored] = await sql('select notes from bookings where id = ?', [reply.json.ref]);
    expect(stored.notes).toBe(notes);
  });

  it('the Partner API refuses a DEL in an address, and the token endpoint a NUL in its form body', async () => {
    const body = bookingBody();
    const reply = await postJson(`${hub.baseUrl}/v1/bookings`, partnerToken, {
      ...body,
      pickup: { ...body.pickup, address: 'Terminal 2E\u007f' },
    });
    refused(reply, 'pickup.address', 'U+007F');
    const token = await fetch(`${hub.baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=cli%00x&client_secret=s',
    });
    expect(token.status).toBe(422);
    expect(await token.json()).toMatchObject({ param: 'client_id' });
    // A parameter the endpoint does not read (OAuth ignores unknown ones) never reaches it: its characters do not matter.
    const ignored = await fetch(`${hub.baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { authorization: partnerBasic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&x-extra=%00%01&=%03',
    });
    expect(ignored.status).toBe(200);
  });

  it('the driver API refuses a C1 control in the account holder', async () => {
    const unit = await createTestUnit(db.orm);
    const reply = await putJson(`${hub.baseUrl}/driver/v1/bank-account`, unit.credential, {
      holder: 'Zoë\u0085Müller',
      iban: 'DE89370400440532013000',
    });
    refused(reply, 'holder', 'U+0085');
  });

  it('a NUL and controls in a query parameter: 422 naming it, never a 5xx', async () => {
    // Schemathesis's case from issue 49, and a plain NUL.
    for (const type of ['%F2%BF%A6%A3%19%00%1F', 'booking.created%00']) {
      const reply = await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?type=${type}`, key);
      refused(reply, 'query.type', type.includes('%19') ? 'U+0019' : 'U+0000');
    }
    refused(await getJson(`${hub.baseUrl}/api/public/v1/bookings?customer_reference=PO%01`, key), 'query.customer_reference', 'U+0001');
    // A repeated parameter is one field: one error.
    refused(await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?type=a&type=b%7F&type=c%00`, key), 'query.type', 'U+007F');
    refused(await getJson(`${hub.baseUrl}/api/public/v1/places?q=Gare%0Adu%20Nord`, key), 'query.q', 'U+000A');
    // An undecodable byte reads as U+FFFD, which is text: answered, not refused for its characters.
    const replaced = await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?type=%F2%BF`, key);
    expect(replaced.status).toBe(200);
  });

  it('an XML body may span lines but holds no control character', async () => {
    const send = (xml: string) =>
      fetch(`${hub.baseUrl}/api/public/v1/bank-statements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
        body: xml,
      });
    const broken = await send('<?xml version="1.0"?>\n<Document>\u0001</Document>\n');
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ code: 'validation_failed', param: 'body' });
    // Lines and tabs are fine: the file goes on to the schema, which finds it is no bank file.
    const lines = await send('<?xml version="1.0"?>\n<Document>\r\n\t</Document>\n');
    expect(await lines.json()).toMatchObject({ code: 'bank_file_invalid' });
  });

  it('an invoice of rows stored before the edge refused them still renders well-formed UBL, CII and Factur-X', async () => {
    const billing = {
      legal_name: 'Dupont & Fils\u0001 SARL',
      address: '2 place de la Concorde\u007f',
      city: 'Paris',
      postal_code: '75008',
      country: 'FR',
      tax_id: 'FR98765432109',
      siren: '542065479',
      email: 'ap@dupont.example',
      invoice_passengers: true,
    };
    const { accountId } = await createIntegratorAccount(db.orm, 'Dupont', 'corporate', billing);
    // As the issue's rows were stored: the account's billing details written before any check.
    await sql(`update integrator_accounts set billing = billing || ?::jsonb where id = ?`, [
      JSON.stringify({ legal_name: billing.legal_name, address: billing.address }),
      accountId,
    ]);
    const invoicesKey = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'live', label: 't', scopes: ['invoices.read'] })
    ).key;
    const id = 'bkg_01hygiene000000000000000a';
    await sql(
      `insert into bookings (id, account_id, environment, status, vehicle_class, market, pickup, dropoff, passenger, pickup_at, currency,
         fare, fare_total_minor, free_until, late_cancellation_fee_minor, customer_reference, created_at, updated_at)
       values (?, ?, 'live', 'completed', 'executive', 'PAR', ?, ?, ?, '2026-08-03T08:00:00Z', 'EUR', '{}', 12170,
         '2026-08-03T08:00:00Z', 0, ?, now(), now())`,
      [
        id,
        accountId,
        JSON.stringify({ address: '10 rue de Rivoli\u007f ]]> & <b>', lat: 48.8556, lng: 2.3592 }),
        JSON.stringify({ address: 'CDG \ufffe Terminal 2E', lat: 49.0097, lng: 2.5479 }),
        JSON.stringify({ name: 'Ada\u0007 Lovelace', phone: '+33612345678' }),
        'PO-\u0001-X',
      ],
    );
    await appendBilledRide(db.orm, { bookingId: id, accountId, grossMinor: 12_170, at: new Date('2026-08-03T09:00:00Z') });
    const august: PeriodRef = { id: '2026-08', start: '2026-08-01T00:00:00.000Z', end: '2026-09-01T00:00:00.000Z' };
    await closePeriod(db.orm, august);
    const issued = (await issueInvoice(db.orm, august, {
      partyKind: 'account',
      partyId: accountId,
      currency: 'EUR',
      livemode: true,
    })) as IssuedDocument;

    const download = async (path: string) => {
      const response = await fetch(`${hub.baseUrl}/api/public/v1/invoices/${issued.number}${path}`, {
        headers: { authorization: `Bearer ${invoicesKey}` },
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    for (const path of ['/einvoice', '/cii']) {
      const xml = (await download(path)).toString('utf8');
      expect(xmlErrors(xml)).toEqual([]);
      expect(xml).toContain('PO--X');
      expect(xml).toContain('Dupont &amp; Fils SARL');
    }
    const pdf = await readPdf(await download('/pdf'));
    const facturX = pdf.attachments['factur-x.xml'];
    expect(xmlErrors(facturX)).toEqual([]);
    expect(facturX).toContain('<ram:Name>Dupont &amp; Fils SARL</ram:Name>');
    expect(xmlErrors(pdf.xmp!)).toEqual([]);
    expect(pdf.pages.flat().join('\n')).toContain('Dupont & Fils SARL');
  });
});
