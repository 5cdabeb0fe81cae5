import { randomUUID } from 'node:crypto';
import { createFinanceActivities } from '../../activities/finance';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { setBankAccount } from '../../app/bank-accounts';
import { consoleCsrfToken, createConsoleLink, openConsoleLink } from '../../app/console-logins';
import type { PeriodRef } from '../../contracts/finance';
import { closePeriod } from '../../db/finance';
import { issueSettlement, settlementTargets } from '../../db/settlements';
import type { AccountKind } from '../../db/entities';
import { API_KEY_SCOPES, PARTNER_SCOPES } from '../../infra/scopes';
import { appendBilledRide } from '../../stack/billed-rides';
import { eventually } from '../../stack/eventually';
import { bankStatement } from '../../stack/mock-bank';
import type { TestDatabase } from './db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from './fixtures';
import { CDG, createTestUnit, insertTestBooking, VENDOME } from './fleet';
import { TEST_SECRETS, type TestHub } from './hub';
import { issueTestInvoice } from './invoices';
import { testPayouts } from './payouts';
import { sqlOn } from './db';

/** The SEPA rail the hub of these tenants pays out on (a payout file and a bank statement need one). */
export const TENANT_DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: null };
export const TENANT_HUB_ENV = {
  PAYOUT_PROVIDER: 'sepa',
  PAYOUT_DEBTOR_IBAN: TENANT_DEBTOR.iban,
  PAYOUT_DEBTOR_NAME: TENANT_DEBTOR.name,
};

const ORIGIN = 'http://hub.test';
/** The customer reference of A's booking: another tenant's totals must never show it. */
export const TENANT_A_REFERENCE = 'A-REF-7f3c';

/** A console login standing in for a key: its cookie's value and CSRF token. */
export interface ConsoleLoginCredential {
  cookie: string;
  csrf: string;
}

/** A public API account's credentials in one environment. */
export interface AccountCredentials {
  /** Every scope. */
  key: string;
  /** A key with only `scope`: for each operation, one whose scope it is not. */
  narrowKeys: { scope: string; key: string }[];
  console: ConsoleLoginCredential;
  narrowConsoles: { scope: string; login: ConsoleLoginCredential }[];
}

export interface PublicAccount {
  id: string;
  test: AccountCredentials;
  live: AccountCredentials;
}

export interface PartnerTenant {
  id: string;
  sandbox: string;
  live: string;
  narrow: { scope: string; token: string }[];
}

/** Tenant A's objects, each made the way a client or the hub makes it, so that its id is real. */
export interface TenantObjects {
  /** Public booking of A (test), from a quote through the API. */
  bookingRef: string;
  /** The quote that booking was made from (used). */
  quoteId: string;
  /** A public event of A (test). */
  eventId: string;
  invoiceNumber: string;
  destinationId: string;
  /** A destination made for the matrix's delete. */
  doomedDestinationId: string;
  deliveryAttemptId: string;
  recoveryId: string;
  /** Keys of A (test) made for the matrix's revoke and roll. */
  doomedKeyId: string;
  rolledKeyId: string;
  keyIds: string[];
  requestLogIds: string[];
  /** Operator-owned (live): the platform's finance documents. */
  settlementNumber: string;
  payoutFileNumber: string;
  bankStatementId: string;
  bankStatementLineId: string;
  /** An open quote of partner A (sandbox), and a booking body that matches it. */
  partnerQuoteId: string;
  partnerQuoteBooking: ReturnType<typeof bookingBody>;
  /** Partner A's sandbox booking, its webhook attempt and event. */
  partnerBookingId: string;
  partnerAttemptId: string;
  partnerEventId: string;
  partnerWebhookUrl: string;
  /** A live ride allocated to unit A. */
  rideId: string;
}

export interface Tenants {
  /** Corporate account A, whose objects are probed. */
  a: PublicAccount;
  /** Corporate account B: another tenant. */
  b: PublicAccount;
  /** The operator account that owns the platform's documents (settlements, payout files, bank statements). */
  operator: PublicAccount;
  partnerA: PartnerTenant;
  partnerB: PartnerTenant;
  unitA: { id: string; credential: string; iban: string };
  unitB: { id: string; credential: string };
  objects: TenantObjects;
}

/** Narrow credentials: two single scopes, so that every operation has one that lacks its scope. */
const NARROW_KEY_SCOPES = ['tracking.read', 'console.open'];
const NARROW_PARTNER_SCOPES = ['tracking.read', 'quotes.read'];

async function consoleLogin(db: TestDatabase, accountId: string, environment: 'test' | 'live', scopes: string[]) {
  const pepper = TEST_SECRETS.hashPepper;
  const grant = { accountId, environment, scopes, ratePerMinute: 100_000, apiKeyId: null };
  const link = await createConsoleLink(db.orm, pepper, ORIGIN, grant);
  const opened = await openConsoleLink(db.orm, pepper, link.url.split('/').pop()!);
  if (opened.outcome !== 'opened') throw new Error(`console link not opened: ${opened.outcome}`);
  return { cookie: opened.sessionToken, csrf: consoleCsrfToken(opened.sessionToken, pepper) };
}

async function publicAccount(db: TestDatabase, name: string, kind: AccountKind): Promise<PublicAccount> {
  const { accountId } = await createIntegratorAccount(db.orm, name, kind, {}, [...API_KEY_SCOPES]);
  const key = async (environment: 'sandbox' | 'live', scopes: string[]) =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment, label: name, scopes, ratePerMinute: 100_000 })).key;
  const credentials = async (env: 'test' | 'live'): Promise<AccountCredentials> => {
    const environment = env === 'test' ? 'sandbox' : 'live';
    return {
      key: await key(environment, [...API_KEY_SCOPES]),
      narrowKeys: await Promise.all(NARROW_KEY_SCOPES.map(async (scope) => ({ scope, key: await key(environment, [scope]) }))),
      console: await consoleLogin(db, accountId, env, [...API_KEY_SCOPES]),
      narrowConsoles: await Promise.all(
        NARROW_KEY_SCOPES.map(async (scope) => ({ scope, login: await consoleLogin(db, accountId, env, [scope]) })),
      ),
    };
  };
  return { id: accountId, test: await credentials('test'), live: await credentials('live') };
}

async function partnerTenant(hub: TestHub, db: TestDatabase, name: string, webhookUrl?: string): Promise<PartnerTenant> {
  // The live endpoint has no URL: the sandbox one is what the other environment must not see.
  const partner = await createTestPartner(db.orm, { name, webhookUrl, liveWebhookUrl: null, rateLimitPerMinute: 100_000 });
  return {
    id: partner.partnerId,
    sandbox: await requestToken(hub.baseUrl, partner.sandbox, PARTNER_SCOPES.join(' ')),
    live: await requestToken(hub.baseUrl, partner.live, PARTNER_SCOPES.join(' ')),
    narrow: await Promise.all(
      NARROW_PARTNER_SCOPES.map(async (scope) => ({ scope, token: await requestToken(hub.baseUrl, partner.sandbox, scope) })),
    ),
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A public booking of `key`'s account from a quote, through the API: its ref and the quote. */
async function publicBooking(hub: TestHub, key: string) {
  const quote = await postJson(`${hub.baseUrl}/api/public/v1/quotes`, key, {
    pickup_lat: CDG.lat,
    pickup_lng: CDG.lng,
    dropoff_lat: VENDOME.lat,
    dropoff_lng: VENDOME.lng,
    pickup_place: { iata: 'CDG', terminal: '2E' },
    dropoff_address: VENDOME.address,
    datetime: inDays(3),
    vehicle_class: 'executive',
    pax: 2,
  });
  if (quote.status !== 201) throw new Error(`quote: ${quote.status} ${quote.text}`);
  const booked = await postJson(
    `${hub.baseUrl}/api/public/v1/bookings`,
    key,
    { quote_id: quote.json.quote_id, passenger: { name: 'Ada Lovelace', phone: '+33612345678' }, customer_reference: TENANT_A_REFERENCE },
    { 'idempotency-key': randomUUID() },
  );
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${booked.text}`);
  return { ref: booked.json.ref as string, quoteId: quote.json.quote_id as string };
}

/** The first item of a list read by `key` once it has one. */
async function firstOf(url: string, key: string, what: string): Promise<Record<string, string>> {
  const listed = await eventually(
    () => getJson(url, key),
    (r) => r.status === 200 && r.json.data.length > 0,
    what,
  );
  return listed.json.data[0];
}

/**
 * Operator-owned documents (live): a settlement of a chauffeur's ride, its SEPA payout file, and a bank statement with
 * a line to review, imported through the API.
 */
async function platformDocuments(hub: TestHub, db: TestDatabase, operatorLiveKey: string) {
  const period: PeriodRef = { id: '2026-04-01', start: '2026-04-01T00:00:00.000Z', end: '2026-04-01T23:59:59.999Z' };
  const unit = await createTestUnit(db.orm, { name: 'Ana Settled' });
  await setBankAccount(db, TEST_SECRETS, { driverId: unit.id, holder: 'Ana Settled', iban: 'DE89370400440532013000', changedBy: 'ops' });
  await appendBilledRide(db.orm, {
    bookingId: 'bkg_authz_settled_1',
    accountId: 'acct_rider',
    grossMinor: 10_000,
    at: '2026-04-01T08:00:00Z',
    unit: { id: unit.id, driverName: 'Ana Settled' },
  });
  await closePeriod(db.orm, period);
  for (const target of await settlementTargets(db.orm, period)) await issueSettlement(db.orm, period, target);
  await createFinanceActivities({
    orm: db.orm,
    payouts: testPayouts(db.orm, { provider: 'sepa', debtor: TENANT_DEBTOR }),
  }).payOutSettlements(period);
  const sql = sqlOn(() => db);
  const [{ number: settlementNumber }] = await sql<{ number: string }>('select number from settlements order by number desc limit 1');
  const [{ number: payoutFileNumber }] = await sql<{ number: string }>('select number from payout_files order by number desc limit 1');
  const statement = await fetch(`${hub.baseUrl}/api/public/v1/bank-statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorLiveKey}`, 'content-type': 'application/xml' },
    body: bankStatement({
      messageId: 'STMT-AUTHZ',
      iban: TENANT_DEBTOR.iban,
      entries: [{ endToEndId: 'NO-SUCH-PAYOUT', amountMinor: 1234n, outcome: 'booked' }],
    }),
  });
  const imported = (await statement.json()) as { statement: { id: string } };
  if (statement.status !== 200) throw new Error(`bank statement: ${statement.status} ${JSON.stringify(imported)}`);
  const bankStatementId = imported.statement.id;
  const [line] = (await getJson(`${hub.baseUrl}/api/public/v1/bank-statements/${bankStatementId}`, operatorLiveKey)).json.lines;
  return { settlementNumber, payoutFileNumber, bankStatementId, bankStatementLineId: line.id as string };
}

/** Two corporate accounts, an operator, two partners and two fleet units, and tenant A's objects. */
export async function buildTenants(hub: TestHub, db: TestDatabase, receiverUrl: string): Promise<Tenants> {
  const [a, b, operator] = [
    await publicAccount(db, 'Tenant A', 'corporate'),
    await publicAccount(db, 'Tenant B', 'corporate'),
    await publicAccount(db, 'Platform operator', 'operator'),
  ];
  const partnerA = await partnerTenant(hub, db, 'Partner A', receiverUrl);
  const partnerB = await partnerTenant(hub, db, 'Partner B');
  const unitA = await createTestUnit(db.orm, { name: 'Unit A' });
  const unitB = await createTestUnit(db.orm, { name: 'Unit B' });
  const iban = 'FR7630006000011234567890189';
  await setBankAccount(db, TEST_SECRETS, { driverId: unitA.id, holder: 'Unit A', iban, changedBy: 'ops' });

  const base = `${hub.baseUrl}/api/public/v1`;
  const key = a.test.key;
  const destination = await postJson(`${base}/webhook-destinations`, key, {
    url: receiverUrl,
    events: ['booking.status_changed', 'booking.cancelled', 'booking.rescheduled'],
  });
  if (destination.status !== 201) throw new Error(`destination: ${destination.status} ${destination.text}`);
  const doomed = await postJson(`${base}/webhook-destinations`, key, { url: receiverUrl, events: ['booking.cancelled'] });
  const booking = await publicBooking(hub, key);
  const event = await firstOf(`${base}/events`, key, "A's first event");
  const attempt = await firstOf(`${base}/webhook-deliveries`, key, "A's first delivery attempt");
  const recovery = await postJson(`${base}/webhook-destinations/${destination.json.id}/recover`, key, { since: inDays(-1) });
  if (recovery.status !== 202) throw new Error(`recovery: ${recovery.status} ${recovery.text}`);
  const doomedKey = await postJson(`${base}/api-keys`, key, { label: 'to revoke', scopes: ['bookings.read'] });
  const rolledKey = await postJson(`${base}/api-keys`, key, { label: 'to roll', scopes: ['bookings.read'] });
  const keys = await getJson(`${base}/api-keys`, key);
  const requestLog = await firstOf(`${base}/request-logs`, key, "A's request log");

  const partnerBooking = await postJson(`${hub.baseUrl}/v1/bookings`, partnerA.sandbox, bookingBody());
  if (partnerBooking.status !== 201) throw new Error(`partner booking: ${partnerBooking.status} ${partnerBooking.text}`);
  const partnerAttempt = await firstOf(`${hub.baseUrl}/v1/webhook-deliveries`, partnerA.sandbox, "partner A's first attempt");

  const quoted = bookingBody({ pickup: { ...CDG, datetime: inDays(2) } });
  const quoteQuery = new URLSearchParams({
    pickup_lat: String(CDG.lat),
    pickup_lng: String(CDG.lng),
    dropoff_lat: String(quoted.dropoff.lat),
    dropoff_lng: String(quoted.dropoff.lng),
    datetime: quoted.pickup.datetime,
    vehicle_class: quoted.vehicle_class,
  });
  const partnerQuote = await getJson(`${hub.baseUrl}/v1/quotes?${quoteQuery}`, partnerA.sandbox);
  if (partnerQuote.status !== 200) throw new Error(`partner quote: ${partnerQuote.status} ${partnerQuote.text}`);

  const ride = await insertTestBooking(db.orm, { partnerId: partnerA.id, status: 'assigned' });
  await sqlOn(() => db)('update bookings set unit_id = ? where id = ?', [unitA.id, ride.id]);

  return {
    a,
    b,
    operator,
    partnerA,
    partnerB,
    unitA: { ...unitA, iban },
    unitB,
    objects: {
      bookingRef: booking.ref,
      quoteId: booking.quoteId,
      eventId: event.id,
      invoiceNumber: (await issueTestInvoice(db, { accountId: a.id })).number,
      destinationId: destination.json.id,
      doomedDestinationId: doomed.json.id,
      deliveryAttemptId: attempt.id,
      recoveryId: recovery.json.id,
      doomedKeyId: doomedKey.json.id,
      rolledKeyId: rolledKey.json.id,
      keyIds: keys.json.data.map((k: { id: string }) => k.id),
      requestLogIds: [requestLog.request_id],
      ...(await platformDocuments(hub, db, operator.live.key)),
      partnerQuoteId: partnerQuote.json.quote_id,
      partnerQuoteBooking: quoted,
      partnerBookingId: partnerBooking.json.id,
      partnerAttemptId: partnerAttempt.id,
      partnerEventId: partnerAttempt.event_id,
      partnerWebhookUrl: receiverUrl,
      rideId: ride.id,
    },
  };
}
