import { cardAmountProblem, processingPollMs } from '../../domain/payments';
import { disputeOutcome } from '../../domain/disputes';

describe('card payment rules', () => {
  it("refuses three-decimal amounts that are not whole hundredths (Stripe's rule), naming it; others pass", () => {
    expect(cardAmountProblem(12_345, 'BHD')).toBe(
      "12.345 BHD cannot be taken by card: in the three-decimal currencies (BHD, JOD, KWD, OMR, TND) card payments and refunds must be whole hundredths, an amount in minor units ending in 0 (Stripe's rule), such as 12.340 or 12.350 BHD.",
    );
    for (const currency of ['KWD', 'jod', 'OMR', 'TND']) expect(cardAmountProblem(5_124, currency)).toMatch(/^5\.124 [A-Z]{3} cannot/);
    expect(cardAmountProblem(12_340, 'BHD')).toBeNull();
    expect(cardAmountProblem(12_345, 'EUR')).toBeNull();
    expect(cardAmountProblem(7, 'JPY')).toBeNull();
  });

  it('reads a processing payment again after 1 min, doubling, at most every hour', () => {
    expect([0, 1, 2, 5, 6, 7, 30].map(processingPollMs)).toEqual([60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('tells open disputes from won and lost ones', () => {
    expect(['warning_needs_response', 'needs_response', 'under_review', 'warning_under_review'].map(disputeOutcome)).toEqual([
      'open',
      'open',
      'open',
      'open',
    ]);
    expect(['won', 'warning_closed', 'prevented', 'lost'].map(disputeOutcome)).toEqual(['won', 'won', 'won', 'lost']);
  });
});
