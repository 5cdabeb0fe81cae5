import type { PayableInvoice } from '../../app/payments';
import type { BillingDetails } from '../../domain/billing-details';
import { commonReference, rideSummary } from '../../domain/invoice-lines';
import { fromMinor } from '../../domain/money';
import { escapeHtml, linkErrorPage } from '../html';

/** Where Stripe.js loads from, talks to and frames (Stripe's published CSP list for Elements and 3-D Secure). */
export const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Which card form the page carries: the simulated PSP's fields, or Stripe's Payment Element with its publishable key. */
export type PayPageMode = { provider: 'simulated' } | { provider: 'stripe'; publishableKey: string };

/**
 * The page's policy: only the hub's own script and style; the simulated PSP's card endpoint and challenge on this
 * origin. With Stripe, Stripe.js's origins too, and only then.
 */
export function payPageCsp(mode: PayPageMode = { provider: 'simulated' }): string {
  const stripe = mode.provider === 'stripe';
  const plus = (list: string[]) => (stripe ? ` ${list.join(' ')}` : '');
  return [
    "default-src 'none'",
    `script-src 'self'${plus(STRIPE_ORIGINS.script)}`,
    "style-src 'self'",
    `img-src 'self' data:${plus(STRIPE_ORIGINS.img)}`,
    `connect-src 'self'${plus(STRIPE_ORIGINS.connect)}`,
    `frame-src 'self'${plus(STRIPE_ORIGINS.frame)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The first language of Accept-Language that Intl knows, else English. */
export function localeOf(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    try {
      if (tag && Intl.NumberFormat.supportedLocalesOf([tag]).length) return tag;
    } catch {
      // not a language tag: next
    }
  }
  return 'en';
}

export function formatAmount(minor: number | string, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(fromMinor(Number(minor), currency));
}

/** A party as the invoice names it: legal name, address, country and VAT id, one line each. */
function partyHtml(name: string, d: BillingDetails): string {
  return [name, d.address, [d.postal_code, d.city].filter(Boolean).join(' '), d.country, d.tax_id ? `VAT ${d.tax_id}` : undefined]
    .filter((s): s is string => Boolean(s))
    .map((s) => `<p>${escapeHtml(s)}</p>`)
    .join('');
}

/** The hosted payment page of an invoice: what is due, and the card form (server-rendered; pay.js drives the payment). */
export function payPage(
  token: string,
  invoice: PayableInvoice,
  locale: string,
  mode: PayPageMode = { provider: 'simulated' },
  seller: BillingDetails = {},
): string {
  const money = (minor: number | string) => escapeHtml(formatAmount(minor, invoice.currency, locale));
  const paid = invoice.status === 'paid';
  // Each line says which ride it is: booking, pickup time in the market's zone, route, class, and the reference.
  const lines = invoice.lines
    .map((l) => {
      const what =
        l.ride && l.booking_ref
          ? `${escapeHtml(l.booking_ref)}<br><span class="muted">${escapeHtml(rideSummary(l.ride))}</span>`
          : escapeHtml(l.description);
      const reference = l.ride?.customer_reference
        ? `<br><span class="muted">Your reference: ${escapeHtml(l.ride.customer_reference)}</span>`
        : '';
      return `<tr><td>${what}${reference}</td><td class="num">${money(l.net_minor)}</td></tr>`;
    })
    .join('\n        ');
  const rides = invoice.lines.flatMap((l) => (l.ride ? [l.ride] : []));
  const days = rides.map((r) => r.pickup_local.slice(0, 10)).sort();
  const order = commonReference(rides);
  const covers = rides.length
    ? `<p class="muted" id="covers">This invoice covers ${rides.length === 1 ? 'one ride' : `${rides.length} rides`}, ${escapeHtml(
        days[0]! === days.at(-1)! ? `on ${days[0]}` : `${days[0]} to ${days.at(-1)}`,
      )}${order ? `, purchase order ${escapeHtml(order)}` : ''}.</p>`
    : '';
  const parties = `<section class="parties">
      <div id="seller"><h2>From</h2>${partyHtml(seller.legal_name ?? '', seller)}</div>
      <div id="buyer"><h2>Bill to</h2>${partyHtml(invoice.buyer.legal_name ?? invoice.buyer.name ?? invoice.accountId, invoice.buyer)}</div>
    </section>`;
  const buckets = invoice.buckets
    .map((b) => `<tr><td>Tax ${b.rate_ppm / 10_000}% on ${money(b.net)}</td><td class="num">${money(b.tax)}</td></tr>`)
    .join('\n        ');
  const stripe = mode.provider === 'stripe' ? mode : null;
  // With Stripe the card is typed into Stripe's own frame (the Payment Element): the page never sees the number.
  const stripeForm = stripe
    ? `<form id="card-form" novalidate data-provider="stripe" data-publishable-key="${escapeHtml(stripe.publishableKey)}" data-amount="${invoice.dueMinor}" data-currency="${escapeHtml(invoice.currency.toLowerCase())}">
      <div id="payment-element"></div>
      <label class="check"><input type="checkbox" name="save_card"> Save this card to pay future invoices automatically</label>
      <button type="submit" id="pay">Pay ${money(invoice.dueMinor)}</button>
      <p id="error" class="error" role="alert"></p>
    </form>
    <p id="result" class="result" role="status" hidden></p>`
    : null;
  const form = paid
    ? `<p id="result" class="result paid" role="status">This invoice is paid. Thank you.</p>`
    : (stripeForm ??
      `<form id="card-form" novalidate>
      <label>Name on card<input name="name" autocomplete="cc-name" required></label>
      <label>Card number<input name="number" autocomplete="cc-number" inputmode="numeric" required></label>
      <div class="row">
        <label>Expiry (MM/YY)<input name="exp" autocomplete="cc-exp" placeholder="MM/YY" required></label>
        <label>Security code<input name="cvc" autocomplete="cc-csc" inputmode="numeric" required></label>
      </div>
      <label class="check"><input type="checkbox" name="save_card"> Save this card to pay future invoices automatically</label>
      <button type="submit" id="pay">Pay ${money(invoice.dueMinor)}</button>
      <p id="error" class="error" role="alert"></p>
    </form>
    <section id="challenge" hidden>
      <p>Your bank asks you to confirm this payment.</p>
      <iframe id="challenge-frame" title="Card authentication"></iframe>
      <button type="button" id="cancel-challenge" class="secondary">Cancel</button>
    </section>
    <p id="result" class="result" role="status" hidden></p>`);
  const scripts =
    stripe && !paid
      ? `<script src="https://js.stripe.com/v3/"></script>
  <script src="/assets/pay/pay-common.js" defer></script>
  <script src="/assets/pay/pay-stripe.js" defer></script>`
      : `<script src="/assets/pay/pay-common.js" defer></script>
  <script src="/assets/pay/pay.js" defer></script>`;
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
  <meta name="robots" content="noindex">
  <meta name="referrer" content="no-referrer">
  <title>Pay invoice ${escapeHtml(invoice.number)}</title>
  <link rel="stylesheet" href="/assets/pay/pay.css">
  ${scripts}
</head>
<body>
  <main id="app" data-token="${escapeHtml(token)}">
    <h1>Invoice <span id="number">${escapeHtml(invoice.number)}</span></h1>
    ${parties}
    ${covers}
    <p class="muted">${invoice.dueAt ? `Due ${escapeHtml(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(invoice.dueAt))}` : ''}${invoice.livemode ? '' : ' · Test mode: no real card is charged'}</p>
    <table>
      <tbody>
        ${lines}
      </tbody>
      <tfoot>
        <tr><td>Net</td><td class="num">${money(invoice.net)}</td></tr>
        ${buckets}
        ${invoice.rounding ? `<tr><td>Total with tax</td><td class="num">${money(invoice.gross)}</td></tr>\n        <tr><td>Rounding</td><td class="num">${money(invoice.rounding)}</td></tr>\n        ` : ''}<tr class="total"><td>Total</td><td class="num" id="total">${money(invoice.amountDue)}</td></tr>${
          invoice.dueMinor !== invoice.amountDue
            ? `\n        <tr><td>Due after credit notes</td><td class="num">${money(invoice.dueMinor)}</td></tr>`
            : ''
        }
      </tfoot>
    </table>
    ${form}
  </main>
</body>
</html>
`;
}

/** The page of a payment link that is malformed, tampered with or expired. */
export function payErrorPage(kind: 'invalid' | 'expired'): string {
  return linkErrorPage({
    title: kind === 'expired' ? 'This payment link has expired' : 'This payment link is not valid',
    text: 'Ask the company that invoiced you for a new link.',
    stylesheet: '/assets/pay/pay.css',
  });
}
