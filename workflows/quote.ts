import { ApplicationFailure, allHandlersFinished, condition, setHandler } from '@temporalio/workflow';
import { quoteRefusal } from '../domain/quotes';
import { claimQuote, getQuote, QUOTE_REFUSED, type QuoteOutcome, type QuoteRecord } from '../contracts/quote';

/**
 * `quote:<qt_id>`: holds one quote until its timer reaches `expiresAt` or a booking claims it, whichever comes first.
 * The claim is an Update whose validator refuses (before anything reaches history) a foreign, used or expired
 * quote and a booking that disagrees with it; the workflow processes Updates one at a time, so of two concurrent
 * claims exactly one wins.
 */
export async function quoteWorkflow(quote: QuoteRecord): Promise<QuoteOutcome> {
  const outcome: QuoteOutcome = { quote, claimedBy: null, claimedAt: null };
  setHandler(getQuote, () => outcome);
  setHandler(
    claimQuote,
    (input) => {
      if (outcome.claimedBy === null) {
        outcome.claimedBy = input.bookingId;
        outcome.claimedAt = new Date().toISOString();
      }
      return quote;
    },
    {
      validator: (input) => {
        const refusal = quoteRefusal(quote, outcome.claimedBy, input, Date.now());
        if (refusal)
          throw ApplicationFailure.create({
            type: QUOTE_REFUSED,
            message: `quote ${refusal.code}`,
            details: [refusal],
            nonRetryable: true,
          });
      },
    },
  );
  const validForMs = Date.parse(quote.expiresAt) - Date.now();
  if (validForMs > 0) await condition(() => outcome.claimedBy !== null, validForMs);
  await condition(allHandlersFinished);
  return outcome;
}
