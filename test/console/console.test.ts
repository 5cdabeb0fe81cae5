import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { newId } from '../../infra/ids';
import { API_KEY_SCOPES } from '../../infra/scopes';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { launchBrowser } from '../support/browser';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson, postJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';
import { readModelBookings } from '../support/public-bookings';
import { until } from '../support/until';

/**
 * The web console in headless Chromium against a real hub (PostgreSQL, Temporal dev server, workers): each page's main
 * flow as a person does it, the login's isolation, accessibility (axe-core, WCAG 2.2 AA) and user text shown as text.
 * With HUB_CONSOLE_SCREENSHOTS=<dir> (`npm run console:screenshots`) it also saves the main pages at 1280 and 390 px.
 */
const SCREENSHOTS = process.env.HUB_CONSOLE_SCREENSHOTS;
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const XSS = '<script>window.__xss = 1</script>';
const BILLING = {
  legal_name: 'Acme Travel SAS',
  address: '1 rue de la Paix',
  city: 'Paris',
  postal_code: '75002',
  country: 'FR',
  tax_id: 'FR12345678901',
  email: 'ap@acme.example',
};

describe('Web console (headless Chromium)', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let browser: Browser;
  const browsers: Browser[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let failing = false;
  let accountA: string;
  let keyA: string;
  let keyB: string;
  let keyOperator: string;
  let operatorAccount: string;
  let invoiceNumber: string;
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];

  /** An event of the account (A unless said) created `hoursAgo`, whose delivery to `destination` failed for good. */
  async function failedDelivery(destination: string, hoursAgo: number, accountId = accountA): Promise<string> {
    const at = new Date(Date.now() - hoursAgo * 3_600_000);
    const eventId = newId('evt', at.getTime());
    const sql = (text: string, params: unknown[]) => db.orm.em.getConnection().execute(text, params);
    await sql(
      `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at) values (?, ?, 'test', 'booking.cancelled', ?, ?, ?)`,
      [eventId, accountId, eventId, JSON.stringify({ id: eventId, type: 'booking.cancelled' }), at],
    );
    await sql(
      `insert into public_deliveries (id, event_id, destination_id, state, attempts, redelivery, last_status, created_at, updated_at)
       values (?, ?, ?, 'failed', 8, false, 500, ?, ?)`,
      [newId('dlv'), eventId, destination, at, at],
    );
    return eventId;
  }

  const key = async (accountId: string, scopes: string[] = [...API_KEY_SCOPES]) =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'sandbox', label: 'console test', scopes })).key;

  /** A one-time sign-in link minted over the public API, on the test hub's own address. */
  async function signInLink(apiKey: string, body: Record<string, unknown> = {}): Promise<string> {
    const answer = await postJson(`${hub.baseUrl}/api/public/v1/console-links`, apiKey, body);
    expect(answer.status).toBe(201);
    const { pathname } = new URL(answer.json.url as string);
    return `${hub.baseUrl}${pathname}`;
  }

  /**
   * A browser of its own signed in with the key's login. The npm Chromium runs single-process: its contexts do not keep
   * their cookies apart reliably (and closing one ends the browser), so each login gets a browser, closed after the test.
   */
  async function signedIn(apiKey: string): Promise<{ context: BrowserContext; page: Page }> {
    browser = await launchBrowser();
    browsers.push(browser);
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => void dialog.dismiss()); // an alert() would be injected script: fail below instead
    await page.goto(await signInLink(apiKey));
    await page.getByRole('button', { name: 'Sign in' }).click(); // the link's page: only this click uses the link
    await page.waitForURL(`${hub.baseUrl}/console/`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    return { context, page };
  }

  /** Goes to a console page by its address, as a bookmark would, and waits for its heading. */
  async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
    await page.goto(`${hub.baseUrl}/console${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  /** axe-core's serious and critical violations of WCAG 2.0–2.2 A/AA on the current page (run over CDP: no inline script). */
  async function accessibilityProblems(page: Page): Promise<string[]> {
    await page.evaluate(AXE);
    const result = (await page.evaluate(
      "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })",
    )) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** The text that a control's aria-describedby points to: the reason it is off. */
  const reasonOf = async (page: Page, control: ReturnType<Page['locator']>) =>
    page.locator(`[id="${await control.getAttribute('aria-describedby')}"]`).textContent();
  /**
   * Waits until the list shown is the answer to the address's own query (ListTable's `data-loaded-for`): after a
   * filter is applied, the rows then read are the filtered ones, however slow the answer.
   */
  const listShown = (page: Page) =>
    page
      .locator(`main .list-state[aria-busy=false][data-loaded-for="${new URL(page.url()).searchParams.toString()}"]`)
      .first()
      .waitFor();

  const noHorizontalScroll = (page: Page) =>
    page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth') as Promise<boolean>;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    // The browser's Origin is the test hub's own address: the console's writes must come from the hub's origin.
    hub.deps.publicBaseUrl = hub.baseUrl;
    receiver = await startReceiver(() => (failing ? 500 : 200));
    // Every scope, passengers.read too: ops grant it (the scope ceiling), and the console shows passengers to it.
    accountA = (await createIntegratorAccount(db.orm, 'Acme Travel', 'corporate', BILLING, API_KEY_SCOPES)).accountId;
    const accountB = (
      await createIntegratorAccount(db.orm, 'Globex', 'corporate', { ...BILLING, legal_name: 'Globex GmbH' }, API_KEY_SCOPES)
    ).accountId;
    operatorAccount = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    [keyA, keyB, keyOperator] = await Promise.all([key(accountA), key(accountB), key(operatorAccount)]);
    invoiceNumber = (await issueTestInvoice(db, { accountId: accountA })).number;
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  afterEach(async () => {
    for (const open of browsers.splice(0)) await open.close();
    expect(pageErrors.splice(0)).toEqual([]);
    expect(cspViolations.splice(0)).toEqual([]);
  });

  it('signs in by a one-time link, shows the account in test mode, and refuses the link a second time', async () => {
    const link = await signInLink(keyA);
    browser = await launchBrowser();
    browsers.push(browser);
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
    const page = await context.newPage();
    // A mail scanner's HEAD and a chat preview's GET come first: the link is still there for the person.
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(link)).status).toBe(200);
    await page.goto(link);
    expect(await page.locator('h1').textContent()).toBe('Sign in to Acme Travel');
    expect(await page.locator('main').textContent()).toContain('test mode');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.getByRole('note').textContent()).toContain('TEST MODE');
    expect(await page.locator('header').textContent()).toContain('Acme Travel');
    const again = await (await browser.newContext()).newPage();
    const response = await again.goto(link);
    expect(response?.status()).toBe(410);
    expect(await again.locator('h1').textContent()).toMatch(/already used/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'You are not signed in' }).waitFor();
    await page.goto(`${hub.baseUrl}/console/webhooks`);
    await page.getByRole('heading', { name: 'You are not signed in' }).waitFor();
  });

  it('creates an API key with chosen scopes, shows its secret once, and revokes it after a confirmation', async () => {
    const { page } = await signedIn(keyA);
    await open(page, '/api-keys', 'API keys');
    await page.getByLabel('Label').fill('ERP sync');
    await page.getByRole('checkbox', { name: 'bookings.read' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.locator('.secret-value').textContent())!;
    expect(secret).toMatch(/^hub_test_/);
    expect((await getJson(`${hub.baseUrl}/api/public/v1/bookings`, secret)).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Revoke ERP sync' }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(secret);
    await page.getByRole('button', { name: 'Revoke ERP sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').filter({ hasText: 'ERP sync revoked' }).waitFor();
    expect((await getJson(`${hub.baseUrl}/api/public/v1/bookings`, secret)).status).toBe(401);
  });

  it('creates a destination for a local receiver, reveals and rotates its secret, sends a test event and shows it delivered, then failing, filtered by type, paused, resumed and recovered', async () => {
    const { page } = await signedIn(keyA);
    await open(page, '/webhooks', 'Webhook destinations');
    await page.getByText('No destination yet').waitFor();
    await page.getByRole('link', { name: 'Add a destination' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Add a webhook destination' }).waitFor();
    const url = `${receiver.url}?via=${XSS}`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel(/Description/).fill(`ERP ${XSS}`);
    await page.getByRole('checkbox', { name: 'booking.status_changed' }).check();
    await page.getByText('Example payload of booking.status_changed').click();
    expect(await page.locator('details[open] pre').textContent()).toContain('"type": "booking.status_changed"');
    await page.getByRole('button', { name: 'Add destination' }).click();
    await page.getByRole('heading', { name: 'Destination added' }).waitFor();
    const secret = await page.locator('.secret-value').textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('link', { name: 'Open the destination' }).click();
    await page.getByRole('heading', { level: 1, name: url }).waitFor(); // the URL, <script> and all, as text
    expect(await page.locator('body').textContent()).not.toContain(secret!); // shown once, then masked
    expect(await page.locator('main').textContent()).toContain(`ERP ${XSS}`);
    await screenshot(page, 'webhook-destination');

    // Reveal reads the secret again from the API; after a rotation it shows the previous one with its overlap.
    await page.getByRole('button', { name: 'Reveal' }).click();
    const revealed = page.locator('#revealed-secret');
    await revealed.waitFor();
    expect(await revealed.locator('.secret-value').allTextContents()).toEqual([secret]);
    expect(await revealed.textContent()).toContain('No rotation under way');
    await page.getByRole('button', { name: 'Hide' }).click();
    await revealed.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    const newSecret = await page.getByRole('region', { name: 'New signing secret' }).locator('.secret-value').textContent();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await page.getByRole('button', { name: 'Reveal' }).click();
    await revealed.waitFor();
    expect(await revealed.locator('.secret-value').allTextContents()).toEqual([newSecret, secret]);
    expect(await revealed.textContent()).toMatch(/Rotation overlap: the previous secret signs beside it until /);

    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByRole('status').filter({ hasText: 'Test event' }).waitFor();
    await until('the test event at the receiver', async () => (receiver.requests.length >= 1 ? true : undefined));
    await page.getByRole('link', { name: 'see the deliveries' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    await page.getByText('Live: new attempts appear here').waitFor();
    await page.locator('.badge.good', { hasText: '200' }).waitFor(); // already logged, or arriving by the stream
    expect(await page.locator('main table').textContent()).toContain('webhook.test');
    await page
      .getByRole('button', { name: /^Payload of attempt 1/ })
      .first()
      .click();
    await page.locator('.attempt-detail pre.payload').waitFor();
    expect(await page.locator('.attempt-detail pre.payload').textContent()).toContain('"type": "webhook.test"');
    await screenshot(page, 'deliveries');

    // A new attempt appears by itself (the stream of new attempts), with no reload or click.
    failing = true;
    const destinationId = new URL(page.url()).searchParams.get('destination')!;
    const sent = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations/${destinationId}/test`, keyA, {});
    expect(sent.status).toBe(202);
    await page.locator('.badge.bad', { hasText: '500' }).waitFor();
    await page.getByLabel('Outcome').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=failed/);
    await until('only failed attempts listed', async () =>
      (await page.locator('.badge.good').count()) === 0 && (await page.locator('.badge.bad').count()) > 0 ? true : undefined,
    );

    // The type filter: kept in the URL beside the others, and the live stream asks for the same type.
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/webhook-deliveries/stream')) streams.push(request.url());
    });
    await page.getByLabel('Event type').selectOption('booking.cancelled');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=failed.*type=booking\.cancelled|type=booking\.cancelled.*status=failed/);
    await page.getByText('No attempt matches these filters').waitFor();
    await until('the stream asked for the type', async () =>
      streams.some((url) => new URL(url).searchParams.get('type') === 'booking.cancelled') ? true : undefined,
    );
    await page.getByLabel('Event type').selectOption('webhook.test');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/type=webhook\.test/);
    await page.locator('.badge.bad', { hasText: '500' }).first().waitFor();
    expect(await page.locator('main table').textContent()).toContain('webhook.test');

    await page.goto(`${hub.baseUrl}/console/webhooks/${destinationId}`);
    await page.getByRole('heading', { level: 1, name: url }).waitFor();
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await page.getByRole('dialog').textContent()).toContain('nothing is lost');
    await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
    await page.locator('.badge', { hasText: 'Paused' }).waitFor();
    expect(await page.locator('main').textContent()).toMatch(/Since .*: paused by request\. New events wait/);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.locator('.badge', { hasText: 'Active' }).waitFor();

    // Two deliveries that failed for good two hours ago: the recovery job sends them again, and the page follows it.
    failing = false;
    const failedForGood = await Promise.all([1, 2].map(() => failedDelivery(destinationId, 2)));
    await open(page, `/deliveries?destination=${destinationId}`, 'Deliveries');
    await page.getByRole('button', { name: 'Recover' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'Recovery done' });
    await progress.waitFor();
    const [, redelivered, counted] = /Recovery done: (\d+) of (\d+) failed deliveries sent again/.exec((await progress.textContent())!)!;
    expect(Number(counted)).toBeGreaterThanOrEqual(2);
    expect(redelivered).toBe(counted);
    expect(await progress.textContent()).toMatch(/job webhook-recovery:rcv_/);
    await until('the recovered events at the receiver', async () =>
      failedForGood.every((eventId) => receiver.requests.some((request) => request.body.includes(eventId))) ? true : undefined,
    );

    // The overview's webhook figures come from the stats endpoint: delivered / failed / pending of 24 h, the chart's
    // hours as text too; accessible and without sideways scroll with the chart drawn.
    await open(page, '/', 'Overview');
    const figures = page.locator('ul.bars li').first();
    await figures.getByText(/\d+ delivered · \d+ failed · \d+ pending/).waitFor();
    await figures.getByText(/Attempts per hour: [1-9]\d* succeeded/).click();
    expect(await figures.locator('details').textContent()).toMatch(/From .+: \d+ succeeded, \d+ failed/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'overview');
    expect(await page.evaluate('window.__xss')).toBeUndefined();
  });

  it("books a sandbox ride from a quote, reschedules and cancels it (the hub's fee shown before confirming), shows its timeline, and finds it by reference", async () => {
    // A destination for the booking's reschedule and cancellation: the booking page lists their deliveries.
    const hooked = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, keyA, {
      url: receiver.url,
      events: ['booking.rescheduled', 'booking.cancelled'],
    });
    expect(hooked.status).toBe(201);
    const { page } = await signedIn(keyA);
    await open(page, '/bookings', 'Bookings');
    await page.getByText('No booking yet').waitFor();
    await page.getByRole('link', { name: 'Book a ride' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Book a ride' }).waitFor();
    // No coordinates until the person picks a place for each address; the quote is asked with those of the picks.
    const quoteButton = page.getByRole('button', { name: 'Get a quote' });
    expect(await quoteButton.isDisabled()).toBe(true);
    expect(await page.locator('main').textContent()).not.toMatch(/Latitude|48\.8674/);
    const pickup = page.getByRole('group', { name: 'Pickup', exact: true });
    await pickup.getByLabel('Address').fill('8 rue de la Paix, Paris');
    await pickup.getByRole('radio', { name: /^Paris — France \(city\)/ }).check();
    await pickup.getByRole('status').filter({ hasText: 'Pickup: Paris, France' }).waitFor();
    expect(await quoteButton.isDisabled()).toBe(true);
    expect(await page.locator('#quote-reason').textContent()).toBe('Choose the drop-off among the places found first.');
    const dropoff = page.getByRole('group', { name: 'Drop-off', exact: true });
    // Editing the text after a pick drops the pick: the place must be confirmed for the text the booking will read.
    await dropoff.getByLabel('Address').fill('cdg');
    await dropoff.getByRole('radio', { name: /^Paris Charles de Gaulle Airport — Paris, France/ }).check();
    await dropoff.getByRole('status').filter({ hasText: 'Drop-off: Paris Charles de Gaulle Airport' }).waitFor();
    expect(await quoteButton.isDisabled()).toBe(false);
    await dropoff.getByLabel('Address').fill('cdg terminal 2e');
    await dropoff.getByRole('status').filter({ hasText: 'No place chosen yet' }).waitFor();
    expect(await quoteButton.isDisabled()).toBe(true);
    await dropoff.getByRole('radio', { name: /^Charles de Gaulle Terminal 2 — Paris, France \(airport\)/ }).check();
    await dropoff.getByRole('status').filter({ hasText: 'Drop-off: Charles de Gaulle Terminal 2, Paris, France' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The browser's clock is UTC; the pickup is in Paris: 14:00 typed is 14:00 at the pickup's clock, the zone named.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const pickupTime = page.getByLabel(/^Pickup time/);
    await pickupTime.fill(`${day}T14:00`);
    expect(await page.locator('label', { has: pickupTime }).textContent()).toMatch(/^Pickup time \(Paris, CES?T\)$/);
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/public/v1/quotes'));
    await quoteButton.click();
    expect((await asked).postDataJSON()).toMatchObject({
      pickup_address: '8 rue de la Paix, Paris',
      pickup_lat: 48.8566,
      pickup_lng: 2.3522,
      dropoff_address: 'Charles de Gaulle Terminal 2, Paris, France',
      dropoff_lat: 49.0039,
      dropoff_lng: 2.5711,
    });
    await page.getByRole('heading', { name: 'Quote' }).waitFor();
    const parisClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', dateStyle: 'medium', timeStyle: 'short' });
    const parisDay = parisClock.format(new Date(`${day}T12:00:00Z`)).split(',')[0];
    expect(await page.locator('dl.facts').first().textContent()).toMatch(new RegExp(`Pickup${parisDay}, 14:00 CES?T \\(Paris\\)`));
    await page.getByLabel('Passenger name').fill('Ada Lovelace');
    await page.getByLabel(/Passenger phone/).fill('+33612345678');
    await page.getByLabel(/Your reference/).fill(XSS);
    await page.getByRole('button', { name: /^Book for/ }).click();
    await page.waitForURL(/\/console\/bookings\/bkg_/);
    await page.getByRole('heading', { level: 1, name: /Ride on/ }).waitFor();
    const booked = (await getJson(`${hub.baseUrl}/api/public/v1/bookings/${page.url().split('/').pop()}`, keyA)).json;
    expect(booked.time_zone).toBe('Europe/Paris');
    expect(parisClock.format(new Date(booked.pickup_at))).toBe(`${parisDay}, 14:00`);
    expect(await page.locator('dl.facts').first().textContent()).toContain(XSS);
    await screenshot(page, 'booking');

    const newPickup = new Date(Date.now() + 5 * 3600 * 1000);
    await page.getByLabel('New pickup time').fill(newPickup.toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('status').filter({ hasText: 'Rescheduled' }).waitFor();

    // The timeline: the booking's events from the event log, the reschedule among them.
    const timeline = page.locator('ol.timeline');
    await until('the reschedule in the timeline', async () => {
      await page.getByRole('button', { name: /Check for newer events|Later events/ }).click();
      return (await timeline.textContent())?.includes('booking.rescheduled') ? true : undefined;
    });
    expect(await timeline.textContent()).toMatch(/booking\.rescheduled.*Pickup moved from .* to /);

    // The fee the confirmation shows is the hub's own (the booking read's cancellation_policy), not a browser sum.
    const ref = page.url().split('/').pop()!;
    const terms = (await getJson(`${hub.baseUrl}/api/public/v1/bookings/${ref}`, keyA)).json.cancellation_policy;
    expect(terms).toMatchObject({ cancellable: true, fee_now: { gross: 0 } });
    await page.getByRole('button', { name: 'Cancel the ride' }).click();
    expect(await page.getByRole('dialog').textContent()).toMatch(/Free: cancelling before .* costs nothing/);
    expect(await page.getByRole('dialog').textContent()).toContain(`after that the fee is €${terms.fee_after.gross.toFixed(2)}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel for free' }).click();
    await page.getByRole('status').filter({ hasText: 'Cancelled. Fee charged: €0.00' }).waitFor();
    await page.locator('h1 .badge', { hasText: 'Cancelled' }).waitFor();

    await until('the cancellation in the timeline', async () => {
      await page.getByRole('button', { name: /Check for newer events|Later events/ }).click();
      return (await timeline.textContent())?.includes('booking.cancelled') ? true : undefined;
    });

    // The booking's webhook deliveries: its reschedule and cancellation, each delivered to the destination above.
    await until("the booking's deliveries", async () => {
      await page.reload();
      const table = page.getByRole('table', { name: 'Webhook deliveries' });
      await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
      const text = (await table.count()) ? await table.textContent() : '';
      return text?.includes('booking.rescheduled') && text.includes('booking.cancelled') ? true : undefined;
    });
    expect(await page.getByRole('table', { name: 'Webhook deliveries' }).textContent()).toContain('Delivered');
    // One of them opened: the event's page, its envelope from the event log above its deliveries.
    await page.getByRole('table', { name: 'Webhook deliveries' }).getByRole('link', { name: 'booking.cancelled' }).first().click();
    await page.getByRole('heading', { level: 1, name: /^Event evt_/ }).waitFor();
    await page.getByText('Envelope').click();
    expect(await page.locator('details pre').textContent()).toContain('"type": "booking.cancelled"');
    expect(await page.getByRole('table', { name: 'Webhook deliveries' }).textContent()).toContain(receiver.url);
    await page.goBack();

    await open(page, '/bookings', 'Bookings');
    expect(await page.locator('main table').textContent()).toContain(XSS);
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    await screenshot(page, 'bookings');

    // The reference filter: exact match, kept in the URL.
    await page.getByLabel(/Your reference/).fill(XSS);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/customer_reference=/);
    expect(new URL(page.url()).searchParams.get('customer_reference')).toBe(XSS);
    await listShown(page);
    expect(await page.locator('main table tbody tr').count()).toBe(1);
    await page.getByLabel(/Your reference/).fill(XSS.slice(0, 8));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No booking matches these filters').waitFor();
  });

  it("offers only what the login's scopes allow, each control off with its reason; the opening key is not revocable; the ride's state is the API's", async () => {
    // A booking of account A, made over the API with a full key; then a login that reads bookings but may not write them or track.
    const quote = await postJson(`${hub.baseUrl}/api/public/v1/quotes`, keyA, {
      pickup_lat: 48.8809,
      pickup_lng: 2.3553,
      pickup_address: 'Gare du Nord',
      dropoff_lat: 49.0097,
      dropoff_lng: 2.5479,
      dropoff_address: 'CDG',
      datetime: new Date(Date.now() + 6 * 3600 * 1000).toISOString(),
      vehicle_class: 'standard',
    });
    expect(quote.status).toBe(201);
    const booked = await postJson(
      `${hub.baseUrl}/api/public/v1/bookings`,
      keyA,
      { quote_id: quote.json.quote_id, passenger: { name: 'Grace Hopper', phone: '+33612345678' } },
      { 'idempotency-key': newId('idk') },
    );
    expect(booked.status).toBe(201);
    const readerKey = await key(accountA, ['console.open', 'bookings.read', 'keys.manage']);
    const { page } = await signedIn(readerKey);

    await open(page, '/bookings', 'Bookings');
    const book = page.getByRole('button', { name: 'Book a ride' });
    expect(await book.isDisabled()).toBe(true);
    expect(await reasonOf(page, book)).toBe('Needs the bookings.write scope, which this login does not hold.');
    await open(page, '/bookings/new', 'Book a ride');
    await page.getByRole('note').filter({ hasText: 'Booking needs the bookings.write scope' }).waitFor();
    expect(await page.getByRole('form', { name: 'Quote' }).count()).toBe(0);

    await open(page, `/bookings/${booked.json.ref}`, /Ride on/);
    expect(await page.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
    const cancel = page.getByRole('button', { name: 'Cancel the ride' });
    expect(await cancel.isDisabled()).toBe(true);
    expect(await reasonOf(page, cancel)).toContain('bookings.write');
    const live = page.getByRole('region', { name: 'Live position' });
    await live.getByText('The live position needs the tracking.read scope, which this login does not hold.').waitFor();
    expect(await live.textContent()).toMatch(/The ride is (confirmed|chauffeur allocated)\./);
    expect(await live.textContent()).not.toContain('The ride is over');
    expect(await accessibilityProblems(page)).toEqual([]);

    // A bookmarked page of a section the login may not read says which scope it needs, and asks the API nothing.
    await open(page, '/webhooks', 'Webhooks');
    await page
      .getByRole('note')
      .filter({ hasText: 'This page needs the scope webhooks.manage, which this login does not hold.' })
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await open(page, '/api-keys', 'API keys');
    await page.getByRole('button', { name: 'Revoke console test' }).first().waitFor();
    const ownRow = page.locator('tr', { hasText: readerKey.split('_')[2] });
    const revokeOwn = ownRow.getByRole('button', { name: /^Revoke/ });
    expect(await revokeOwn.isDisabled()).toBe(true);
    expect(await ownRow.textContent()).toContain('This key opened your login');
    // The API refuses it too, from this login.
    const refused = (await page.evaluate(`(async () => {
      const session = await (await fetch('/console/session')).json();
      const answer = await fetch('/api/public/v1/api-keys/' + session.api_key_id, { method: 'DELETE', headers: { 'X-CSRF-Token': session.csrf_token } });
      return { status: answer.status, body: await answer.json() };
    })()`)) as { status: number; body: { code: string } };
    expect(refused).toMatchObject({ status: 409, body: { code: 'api_key_in_use' } });
  });

  it('keeps the deliveries page within 390 px when a destination URL is long', async () => {
    const longUrl = `${receiver.url}/hooks/${'very-long-path-segment-'.repeat(12)}?tenant=${'x'.repeat(120)}`;
    const created = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, keyA, {
      url: longUrl,
      events: ['booking.cancelled'],
    });
    expect(created.status).toBe(201);
    expect((await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations/${created.json.id}/test`, keyA, {})).status).toBe(202);
    await until('the long URL attempt logged', async () =>
      (await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?destination=${created.json.id}`, keyA)).json.data.length
        ? true
        : undefined,
    );
    const { page } = await signedIn(keyA);
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, '/deliveries', 'Deliveries');
    await page.locator('main table').getByText(longUrl).first().waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await open(page, `/webhooks/${created.json.id}`, longUrl);
    expect(await noHorizontalScroll(page)).toBe(true);
  });

  it('finds rides by the next 24 hours, passenger and reference prefix, in their pickup’s time zone, and exports them and their totals', async () => {
    const insert = readModelBookings(
      () => db,
      () => null,
    );
    const sandbox = { accountId: accountA, environment: 'sandbox' as const, status: 'confirmed' as const };
    const paris = { address: 'Paris Charles de Gaulle, Terminal 2E', lat: 49.0097, lng: 2.5479 };
    const london = { address: 'Heathrow Terminal 5', lat: 51.47, lng: -0.4543 };
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000); // on the hour, 2–3 h ahead
    const zoe = await insert({
      ...sandbox,
      pickup: paris,
      dropoff: london,
      pickupAt: soon,
      ride: { passenger: { name: 'Zoë Ångström', phone: '+33612345678' }, customerReference: 'CC-4711' },
    });
    const grace = await insert({
      ...sandbox,
      pickup: london,
      dropoff: paris,
      pickupAt: new Date(soon.getTime() + 3 * 86_400_000),
      ride: { passenger: { name: 'Grace Hopper' }, customerReference: 'CC-12' },
    });
    const { page } = await signedIn(keyA);
    await open(page, '/bookings', 'Bookings');
    await page.getByRole('link', { name: 'Next 24 hours' }).click();
    await page.waitForURL(/sort=pickup_at/);
    await listShown(page);
    const rows = page.locator('main table tbody tr');
    expect(await page.locator('main table').textContent()).toContain(zoe);
    expect(await page.locator('main table').textContent()).not.toContain(grace);
    // The pickup at Paris's clock, the zone named, in a browser whose clock is UTC.
    const parisTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(soon);
    expect(await rows.filter({ hasText: zoe }).textContent()).toMatch(new RegExp(`${parisTime} CES?T \\(Paris\\)`));

    await page.getByRole('link', { name: 'Clear' }).click();
    await listShown(page);
    await page.getByRole('textbox', { name: /Passenger/ }).fill('angstrom');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/passenger_name=angstrom/);
    await listShown(page);
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Zoë Ångström');
    expect(await rows.first().textContent()).toContain('+33 6•• •• •• 78');

    await page.getByRole('link', { name: 'Clear' }).click();
    await listShown(page);
    await page.getByLabel(/Your reference/).fill('CC-');
    await page.getByLabel('Reference match').selectOption('prefix');
    await page.getByLabel('Sort').selectOption('pickup_at');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/customer_reference_prefix=CC-.*sort=pickup_at/);
    await listShown(page);
    expect(await rows.count()).toBe(2);
    expect(await page.getByLabel(/Your reference/).inputValue()).toBe('CC-');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toMatch(/^ref,.*,passenger_name,passenger_phone$/);
    expect(csv.filter((line) => line.startsWith('bkg_')).map((line) => line.slice(0, 30))).toEqual([zoe, grace]); // soonest first

    await page.getByText('Totals per reference').click();
    const totals = page.locator('details.totals table');
    await totals.waitFor();
    expect(await totals.locator('tbody tr').count()).toBe(2);
    expect(await totals.textContent()).toMatch(/CC-12.*CC-4711/);
    await screenshot(page, 'bookings-search');

    await open(page, '/finance', 'Finance');
    const [invoices] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(readFileSync((await invoices.path())!, 'utf8')).toContain(`${invoiceNumber},invoice,`);
  });

  it("debugs a webhook to the byte: a test event of any type, the receiver's answer redacted, an event's deliveries, the request log", async () => {
    const answer = JSON.stringify({ error: 'upstream down', session_token: 'st-0123456789', pad: 'y'.repeat(5000) });
    const debug = await startReceiver(
      () => 502,
      () => ({ 'content-type': 'application/json', 'set-cookie': 'sid=abcdef123456', 'x-trace': 'trace-77' }),
      () => answer,
    );
    try {
      const created = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, keyA, {
        url: debug.url,
        events: ['invoice.paid'],
      });
      const { page } = await signedIn(keyA);
      await open(page, `/webhooks/${created.json.id}`, debug.url);
      await page.getByLabel('Test event type').selectOption('booking.cancelled');
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByRole('status').filter({ hasText: 'Test booking.cancelled event' }).waitFor();
      const [sent] = await debug.waitFor(1);
      expect(JSON.parse(sent.body)).toMatchObject({ type: 'booking.cancelled', test: true, livemode: false });

      await open(page, `/deliveries?destination=${created.json.id}`, 'Deliveries');
      await page.locator('.badge.bad', { hasText: '502' }).first().waitFor();
      await page.getByRole('button', { name: /^Payload of attempt 1/ }).click();
      const detail = page.locator('.attempt-detail');
      await detail.locator('pre.response-body').waitFor();
      expect(await detail.textContent()).toContain("Receiver's answer: HTTP 502 · body cut at 4 KB");
      const headers = await detail.getByLabel('Response headers').textContent();
      expect(headers).toContain('set-cookie[redacted]');
      expect(headers).toContain('x-tracetrace-77');
      expect(headers).not.toContain('abcdef123456');
      const shown = (await detail.locator('pre.response-body').textContent())!;
      expect(shown).toContain('"error":"upstream down"');
      expect(shown).toContain('"session_token":"[redacted]"');
      expect(shown).not.toContain('st-0123456789');
      await screenshot(page, 'attempt-response');

      // The event's page lists its deliveries, one link away from their attempts.
      await page
        .getByRole('link', { name: JSON.parse(sent.body).id })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: /^Event evt_/ }).waitFor();
      await page.getByText('Not in the event log: a test event').waitFor(); // test events stay out of the log
      const deliveries = page.getByRole('table', { name: 'Webhook deliveries' });
      await deliveries.waitFor();
      expect(await deliveries.textContent()).toContain(debug.url);
      expect(await deliveries.textContent()).toMatch(/Retrying|Failed/);
      await deliveries.getByRole('link', { name: /^Attempts of delivery dlv_/ }).click();
      await page.waitForURL(/\/deliveries\?delivery=dlv_/);
      await page.locator('.badge.bad', { hasText: '502' }).first().waitFor();

      // The request log: the console's own requests, newest first, with their status and request id.
      await open(page, '/api-keys/requests', 'Request log');
      await until('the console requests in the log', async () => {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Request log' }).waitFor();
        const table = page.getByRole('table', { name: 'API requests' });
        return (await table.count()) && (await table.textContent())?.includes('/api/public/v1/webhook-deliveries?delivery=')
          ? true
          : undefined;
      });
      expect(await page.getByRole('table', { name: 'API requests' }).textContent()).toMatch(/console login/);
      await page.getByLabel('Status').fill('4xx');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/status=4xx/);
      await screenshot(page, 'request-log');
    } finally {
      await debug.close();
    }
  });

  it('shows an invoice with its tax buckets and downloads its PDF and e-invoice', async () => {
    const { page } = await signedIn(keyA);
    await open(page, '/finance', 'Finance');
    await page.getByRole('link', { name: invoiceNumber }).click();
    await page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` }).waitFor();
    await page.getByRole('heading', { name: 'Tax buckets' }).waitFor();
    await screenshot(page, 'invoice');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download e-invoice (UBL)' }).click(),
    ]);
    const ubl = readFileSync((await xml.path())!, 'utf8');
    expect(ubl).toContain('<cbc:ID>' + invoiceNumber + '</cbc:ID>');
  });

  it("never shows another account's data to a login", async () => {
    const { page } = await signedIn(keyB);
    await open(page, '/webhooks', 'Webhook destinations');
    await page.getByText('No destination yet').waitFor();
    await open(page, '/bookings', 'Bookings');
    await page.getByText('No booking yet').waitFor();
    await open(page, '/finance', 'Finance');
    await page.getByText('No document here yet').waitFor();
    await page.goto(`${hub.baseUrl}/console/finance/invoices/${invoiceNumber}`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/Request id req_/);
    expect(await page.locator('body').textContent()).not.toContain('Acme');
  });

  describe('has no serious or critical axe-core violation and no sideways scroll at 390 px, with long data', () => {
    let page: Page;
    let ownBrowser: Browser;
    let longRide: string;
    beforeAll(async () => {
      // What a real account holds at its longest: a destination URL of 300 characters without a break, a passenger and
      // references of 100, addresses of a whole line; the operator's pages show every account's.
      const longUrl = `${receiver.url}/hooks/${'dispatch-events-for-the-enterprise-resource-planning-system'.repeat(4)}?tenant=${'x'.repeat(60)}`;
      const created = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, keyOperator, {
        url: longUrl,
        description: `Finance ${'Reconciliation'.repeat(8)}`,
        events: ['booking.cancelled'],
      });
      expect(created.status).toBe(201);
      await failedDelivery(created.json.id as string, 1, operatorAccount);
      const longPlace = { address: `${'Quai de la Gare d’Austerlitz, '.repeat(4)}75013 Paris`, lat: 48.8424, lng: 2.3653 };
      longRide = await readModelBookings(
        () => db,
        () => null,
      )({
        accountId: accountA,
        environment: 'sandbox',
        status: 'confirmed',
        pickup: longPlace,
        dropoff: longPlace,
        pickupAt: new Date(Date.now() + 7 * 86_400_000),
        ride: {
          passenger: { name: `Maria ${'Dolores-'.repeat(11)}Fernández`, phone: '+34612345678' },
          customerReference: `COSTCENTRE-${'0123456789'.repeat(8)}-END`,
          notes: 'Meet at the door. '.repeat(10),
        },
      });
      page = (await signedIn(keyOperator)).page;
      ownBrowser = browsers.pop()!; // kept open across this block's pages, one test each
    }, 60_000);

    it('keeps what is typed in a filter while the list re-renders under it', async () => {
      await open(page, '/deliveries', 'Deliveries');
      await listShown(page);
      await page.getByLabel('Event id').fill('evt_typed_before_the_list_came');
      const reloaded = page.waitForResponse((response) => /\/api\/public\/v1\/webhook-deliveries\?/.test(response.url()));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await reloaded;
      await listShown(page);
      expect(await page.getByLabel('Event id').inputValue()).toBe('evt_typed_before_the_list_came');
    });

    it('on a booking of long names, references and addresses', async () => {
      await open(page, `/bookings/${longRide}`, /Ride on/);
      expect(await page.locator('main').textContent()).toContain('COSTCENTRE-');
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await accessibilityProblems(page)).toEqual([]);
    });
    afterAll(async () => ownBrowser?.close());

    it.each<[string, string | RegExp]>([
      ['/', 'Overview'],
      ['/webhooks', 'Webhook destinations'],
      ['/webhooks/new', 'Add a webhook destination'],
      ['/deliveries', 'Deliveries'],
      ['/events', 'Events'],
      ['/bookings', 'Bookings'],
      ['/bookings/new', 'Book a ride'],
      ['/finance', 'Finance'],
      ['/finance/payments', 'Finance'],
      ['/finance/settlements', 'Finance'],
      ['/finance/fleet', 'Finance'],
      ['/api-keys', 'API keys'],
      ['/api-keys/requests', 'Request log'],
    ])('on %s', async (path, heading) => {
      await open(page, path, heading);
      if (path === '/bookings' || path === '/deliveries') await listShown(page);
      await until(`${path} loaded`, async () =>
        (await page.locator('[role=status]:has-text("Loading")').count()) === 0 ? true : undefined,
      );
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });
      const shots: Record<string, string> = { '/finance/fleet': 'fleet', '/api-keys': 'api-keys' };
      if (shots[path]) await screenshot(page, shots[path]);
    });
  });
});
