import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { quoteRefusal, type QuoteRefusal } from '../../domain/quotes';
import {
  claimQuote,
  QUOTE_REFUSED,
  quoteWorkflowId,
  type ClaimQuoteInput,
  type QuoteOutcome,
  type QuoteRecord,
} from '../../contracts/quote';
import { ProblemError } from '../errors';

function refused(quoteId: string, refusal: QuoteRefusal): ProblemError {
  switch (refusal.code) {
    case 'not_found':
      return new ProblemError('not_found', { detail: `No quote ${quoteId}.`, param: 'quote_id' });
    case 'used':
      return new ProblemError('quote_used', {
        detail: `Quote ${quoteId} has already been booked; ask for a new quote.`,
        param: 'quote_id',
      });
    case 'expired':
      return new ProblemError('quote_expired', {
        detail: `Quote ${quoteId} expired at ${refusal.expiresAt}; ask for a new quote.`,
        param: 'quote_id',
        extensions: { expired_at: refusal.expiresAt },
      });
    case 'mismatch':
      return new ProblemError('validation_failed', {
        detail: `${refusal.fields.length} field${refusal.fields.length === 1 ? '' : 's'} disagree${refusal.fields.length === 1 ? 's' : ''} with quote ${quoteId}.`,
        param: refusal.fields.length === 1 ? refusal.fields[0].param : undefined,
        errors: refusal.fields.map((f) => ({
          param: f.param,
          code: 'quote_mismatch',
          detail: `The quote was made for ${JSON.stringify(f.quoted)}.`,
        })),
      });
  }
}

/**
 * Claims quote `quoteId` for `input.bookingId` through the `claimQuote` Update of `quote:<id>` and returns the quote.
 * Once the workflow has ended (claimed or expired), its result answers instead: the booking that holds the quote gets
 * it again (a retried create), anyone else `quote_used` or `quote_expired`. Unknown and foreign quotes are 404.
 */
export async function claimQuoteFor(temporal: Client, quoteId: string, input: ClaimQuoteInput): Promise<QuoteRecord> {
  const handle = temporal.workflow.getHandle(quoteWorkflowId(quoteId));
  try {
    return await handle.executeUpdate(claimQuote, { args: [input] });
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === QUOTE_REFUSED) {
      throw refused(quoteId, err.cause.details?.[0] as QuoteRefusal);
    }
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  // Not running: unknown, or ended. An ended quote's outcome says who holds it.
  let outcome: QuoteOutcome;
  try {
    const { status } = await handle.describe();
    if (status.name !== 'COMPLETED') throw refused(quoteId, { code: 'not_found' });
    outcome = await handle.result();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw refused(quoteId, { code: 'not_found' });
    throw err;
  }
  const afterExpiry = Math.max(Date.now(), Date.parse(outcome.quote.expiresAt));
  const refusal = quoteRefusal(outcome.quote, outcome.claimedBy, input, afterExpiry);
  if (refusal) throw refused(quoteId, refusal);
  return outcome.quote;
}
