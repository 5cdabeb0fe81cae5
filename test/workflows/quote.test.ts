import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { QuoteQuery } from '../../api/partner/get-quote';
import { newQuoteRecord } from '../../app/quotes';
import { claimQuoteFor } from '../../app/quotes';
import { ProblemError } from '../../api/errors';
import { newId } from '../../infra/ids';
import { QUOTES_TASK_QUEUE, quoteWorkflowId, type ClaimQuoteInput, type QuoteOutcome, type QuoteRecord } from '../../contracts/quote';
import { stackWorker, timeSkippingEnvironment } from '../../stack/temporal';

const MINUTE = 60_000;
const VALIDITY_SECONDS = 900;

describe('quote:<id> on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let run: Promise<void>;

  beforeAll(async () => {
    env = await timeSkippingEnvironment();
    // Quotes need no activities.
    worker = await stackWorker(env, {
      taskQueue: QUOTES_TASK_QUEUE,
    });
    run = worker.run();
  });
  afterAll(async () => {
    worker?.shutdown();
    await run;
    await env?.teardown();
  });

  /** A quote made "now" in workflow time, valid for 15 minutes, and its running workflow. */
  async function startQuote(partnerId = 'ptn_a'): Promise<QuoteRecord> {
    const now = new Date(await env.currentTimeMs());
    const query = QuoteQuery.parse({
      pickup_lat: '49.0097',
      pickup_lng: '2.5479',
      dropoff_lat: '48.8674',
      dropoff_lng: '2.3294',
      datetime: new Date(Date.now() + 48 * 60 * MINUTE).toISOString(),
      vehicle_class: 'executive',
      pax: '2',
    });
    const quote = newQuoteRecord(query, { partnerId, accountId: null, livemode: false }, now, VALIDITY_SECONDS);
    await env.client.workflow.start('quoteWorkflow', {
      workflowId: quoteWorkflowId(quote.id),
      taskQueue: QUOTES_TASK_QUEUE,
      args: [quote],
    });
    return quote;
  }

  const claimOf = (quote: QuoteRecord, overrides: Partial<ClaimQuoteInput> = {}): ClaimQuoteInput => ({
    bookingId: newId('bkg'),
    partnerId: quote.partnerId,
    environment: quote.environment,
    vehicleClass: quote.vehicleClass,
    pickup: quote.pickup,
    dropoff: quote.dropoff,
    pickupAt: quote.pickupAt,
    ...overrides,
  });

  async function refusal(promise: Promise<unknown>): Promise<ProblemError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProblemError);
    return err as ProblemError;
  }

  it('books a quote claimed one second before expires_at, and the workflow ends holding that booking', async () => {
    const quote = await startQuote();
    // From the server's clock now (it runs on while calls take real time), to one second before expiry.
    await env.sleep(Date.parse(quote.expiresAt) - 1000 - (await env.currentTimeMs()));
    const claim = claimOf(quote);
    const claimed = await claimQuoteFor(env.client, quote.id, claim);
    expect(claimed).toEqual(quote);
    const outcome: QuoteOutcome = await env.client.workflow.getHandle(quoteWorkflowId(quote.id)).result();
    expect(outcome).toMatchObject({ claimedBy: claim.bookingId, quote });
    // The same booking claiming again (a retried create) gets the same quote, also after the workflow ended.
    expect(await claimQuoteFor(env.client, quote.id, claim)).toEqual(quote);
    // Anyone else: used.
    expect((await refusal(claimQuoteFor(env.client, quote.id, claimOf(quote)))).code).toBe('quote_used');
  });

  it('refuses a claim one second after expires_at with quote_expired; the timer ended the workflow unclaimed', async () => {
    const quote = await startQuote();
    await env.sleep(Date.parse(quote.expiresAt) + 1000 - (await env.currentTimeMs()));
    const err = await refusal(claimQuoteFor(env.client, quote.id, claimOf(quote)));
    expect(err.code).toBe('quote_expired');
    expect(err.options).toMatchObject({ param: 'quote_id', extensions: { expired_at: quote.expiresAt } });
    const outcome: QuoteOutcome = await env.client.workflow.getHandle(quoteWorkflowId(quote.id)).result();
    expect(outcome.claimedBy).toBeNull();
  });

  it('gives exactly one of two concurrent claims the quote; the other is quote_used', async () => {
    const quote = await startQuote();
    const claims = [claimOf(quote), claimOf(quote)];
    const results = await Promise.allSettled(claims.map((c) => claimQuoteFor(env.client, quote.id, c)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0].reason as ProblemError).code).toBe('quote_used');
    const outcome: QuoteOutcome = await env.client.workflow.getHandle(quoteWorkflowId(quote.id)).result();
    expect(claims.map((c) => c.bookingId)).toContain(outcome.claimedBy);
    expect(results[claims.findIndex((c) => c.bookingId === outcome.claimedBy)].status).toBe('fulfilled');
  });

  it("answers another partner's or environment's quote and an unknown one as not found, and leaves the quote bookable", async () => {
    const quote = await startQuote('ptn_owner');
    expect((await refusal(claimQuoteFor(env.client, quote.id, claimOf(quote, { partnerId: 'ptn_other' })))).code).toBe('not_found');
    expect((await refusal(claimQuoteFor(env.client, quote.id, claimOf(quote, { environment: 'live' })))).code).toBe('not_found');
    expect((await refusal(claimQuoteFor(env.client, newId('qt'), claimOf(quote)))).code).toBe('not_found');
    expect(await claimQuoteFor(env.client, quote.id, claimOf(quote))).toEqual(quote);
  });

  it('refuses a booking whose route, class, time or currency disagrees with the quote, naming each field, and keeps the quote', async () => {
    const quote = await startQuote();
    const err = await refusal(
      claimQuoteFor(
        env.client,
        quote.id,
        claimOf(quote, {
          pickup: { lat: quote.pickup.lat + 0.01, lng: quote.pickup.lng },
          dropoff: { lat: quote.dropoff.lat, lng: quote.dropoff.lng - 0.01 },
          vehicleClass: 'luxury',
          pickupAt: new Date(Date.parse(quote.pickupAt) + MINUTE).toISOString(),
          currency: 'USD',
        }),
      ),
    );
    expect(err.code).toBe('validation_failed');
    expect(err.options.errors?.map((e) => e.param).sort()).toEqual([
      'currency',
      'dropoff.lng',
      'pickup.datetime',
      'pickup.lat',
      'vehicle_class',
    ]);
    // Within 0.000005° counts as the same place; the same instant in another offset is the same time.
    const same = claimOf(quote, {
      pickup: { lat: quote.pickup.lat + 0.000001, lng: quote.pickup.lng },
      pickupAt: new Date(quote.pickupAt).toISOString().replace('Z', '+00:00'),
    });
    expect(await claimQuoteFor(env.client, quote.id, same)).toEqual(quote);
  });
});
