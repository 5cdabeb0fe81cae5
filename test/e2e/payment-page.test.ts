import { Writable } from 'node:stream';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { payInvoice } from '../../app/payments';
import { paymentUrl } from '../../infra/passenger-links';
import { tokenizeCard } from '../../infra/payments/simulated';
import { localEnvironment } from '../../stack/temporal';
import { launchBrowser } from '../support/browser';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';
import { simulatedPaymentStore } from '../../db/simulated-payments';

/** Every card number this file types: none may be found anywhere the hub keeps or says things. */
const CARDS = {
  frictionless: '4242 4242 4242 4242',
  challenge: '4000 0027 6000 3184',
  declined: '4000 0000 0000 0002',
};

/**
 * The hosted payment page in headless Chromium, against the hub with its workers on the dev server: a frictionless
 * card, a challenge completed, failed, cancelled and left unanswered (PAYMENT_CHALLENGE_TIMEOUT of a few seconds), a
 * paid invoice's page, a phone's viewport and a German browser; and no card number in the database, logs or events.
 */
describe('hosted payment page', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let browser: Browser;
  /** One context for the pages: Chromium in single-process mode does not survive a closed context. */
  let context: BrowserContext;
  let logs = '';
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    });
    hub = await startTestHub(db, env, {
      env: { PAYMENT_CHALLENGE_TIMEOUT: 'PT4S', LOG_LEVEL: 'debug' },
      logger: pino({ level: 'debug' }, sink),
    });
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'en-GB' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function pageFor(options: { in?: BrowserContext } = {}) {
    const invoice = await issueTestInvoice(db, { grossMinor: 11_000 });
    const [doc] = await sql<{ issued_at: Date }>('select issued_at from finance_documents where id = ?', [invoice.id]);
    const url = paymentUrl(hub.baseUrl, TEST_SECRETS.encryptionKey, { id: invoice.id, issuedAt: doc.issued_at });
    const page = await (options.in ?? context).newPage();
    await page.goto(url);
    return { invoice, url, page };
  }

  async function pay(page: Page, number: string) {
    await page.fill('input[autocomplete="cc-name"]', 'Alex Example');
    await page.fill('input[autocomplete="cc-number"]', number);
    await page.fill('input[autocomplete="cc-exp"]', '12/34');
    await page.fill('input[autocomplete="cc-csc"]', '123');
    await page.click('#pay');
  }

  const result = async (page: Page) => {
    await page.waitForSelector('#result:not([hidden])', { timeout: 20_000 });
    return page.textContent('#result');
  };

  async function challenge(page: Page) {
    await page.waitForSelector('#challenge:not([hidden])', { timeout: 20_000 });
    const frame = page.frameLocator('#challenge-frame');
    await frame.locator('button', { hasText: 'Complete' }).waitFor({ timeout: 20_000 });
    return frame;
  }

  it('shows the invoice and a card form browsers can fill, and takes a frictionless card; then says it is paid', async () => {
    const { invoice, url, page } = await pageFor();
    expect(await page.textContent('#number')).toBe(invoice.number);
    expect(await page.textContent('#total')).toBe('€110.00');
    for (const name of ['cc-name', 'cc-number', 'cc-exp', 'cc-csc'])
      expect(await page.locator(`input[autocomplete="${name}"]`).count()).toBe(1);
    await pay(page, CARDS.frictionless);
    expect(await result(page)).toContain('Paid');
    const [doc] = await sql<{ status: string }>('select status from finance_documents where id = ?', [invoice.id]);
    expect(doc.status).toBe('paid');

    await page.goto(url);
    expect(await page.textContent('#result')).toContain('This invoice is paid');
    expect(await page.locator('#card-form').count()).toBe(0);
    const again = await page.request.post(`${url}/payments`, { data: { payment_method: 'pm_sim_whatever' } });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', reason: 'already_paid' });
    await page.close();
  });

  it('shows the issuer challenge in a frame: Complete pays', async () => {
    const { page } = await pageFor();
    await pay(page, CARDS.challenge);
    await (await challenge(page)).locator('button', { hasText: 'Complete' }).click();
    expect(await result(page)).toContain('Paid');
    await page.close();
  });

  it('shows the issuer challenge in a frame: Fail fails, and another card may be tried', async () => {
    const { page } = await pageFor();
    await pay(page, CARDS.challenge);
    await (await challenge(page)).locator('button', { hasText: 'Fail' }).click();
    expect(await result(page)).toContain('could not authenticate');
    await pay(page, CARDS.declined);
    await page.locator('#result', { hasText: 'declined' }).waitFor({ timeout: 20_000 });
    await page.close();
  });

  it('fails a challenge left unanswered once PAYMENT_CHALLENGE_TIMEOUT passes, and one cancelled at once', async () => {
    const abandoned = await pageFor();
    await pay(abandoned.page, CARDS.challenge);
    await challenge(abandoned.page);
    expect(await result(abandoned.page)).toContain('not completed');
    await abandoned.page.close();

    const cancelled = await pageFor();
    await pay(cancelled.page, CARDS.challenge);
    await challenge(cancelled.page);
    const started = Date.now();
    await cancelled.page.click('#cancel-challenge');
    expect(await result(cancelled.page)).toContain('not completed');
    expect(Date.now() - started).toBeLessThan(4_000);
    await cancelled.page.close();
  });

  it('shows a payment that waits for the cardholder (collected off session) with its challenge as the page opens', async () => {
    const { invoice, url, page } = await pageFor();
    const card = await tokenizeCard(simulatedPaymentStore(db.orm), {
      number: CARDS.challenge.replace(/ /g, ''),
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    const waiting = await payInvoice(
      { orm: db.orm, temporal: env.client, challengeTimeoutMs: 60_000 },
      { documentId: invoice.id, paymentMethod: card.id, saveCard: false },
    );
    while ((await sql<{ status: string }>('select status from payments where id = ?', [waiting.id]))[0]!.status !== 'requires_action')
      await new Promise((r) => setTimeout(r, 50));
    await page.goto(url);
    await (await challenge(page)).locator('button', { hasText: 'Complete' }).click();
    expect(await result(page)).toContain('Paid');
    await page.close();
  });

  it('fits a phone and speaks the browser’s language', async () => {
    // A second context, left open: the browser goes with it at the end.
    const phone = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { page } = await pageFor({ in: phone });
    expect(await page.textContent('#total')).toBe(`110,00\u00a0€`); // German: decimal comma, a no-break space, the sign after
    const button = await page.locator('#pay').boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('keeps no card number: not in the database, the logs or the events', async () => {
    const tables = await sql<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await sql<{ row: string }>(`select t::text as row from "${table_name}" t`);
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('4242'); // the last four are kept, so the search is searching
    expect(logs).toContain('/pay/');
    for (const number of Object.values(CARDS)) {
      const digits = number.replace(/ /g, '');
      expect(dump).not.toContain(digits);
      expect(logs).not.toContain(digits);
      expect(logs).not.toContain(number);
    }
  });
});
