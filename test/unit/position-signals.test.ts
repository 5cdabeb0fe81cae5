import { PositionSignals } from '../../app/position-signals';
import { ALLOCATION_ACCEPT_SECONDS, ALLOCATION_RETRY_SECONDS, stateAfterWithdrawal } from '../../domain/allocation';

describe('position signals: at most one per live ride per interval', () => {
  it('lets the first report of a ride through, holds the rest of the interval, and lets the next interval through', () => {
    const signals = new PositionSignals(5000);
    expect(signals.take('bkg_a', 1_000)).toBe(true);
    expect(signals.take('bkg_a', 1_001)).toBe(false);
    expect(signals.take('bkg_a', 5_999)).toBe(false);
    expect(signals.take('bkg_b', 5_999)).toBe(true); // another ride has its own interval
    expect(signals.take('bkg_a', 6_000)).toBe(true);
    expect(signals.take('bkg_a', 10_999)).toBe(false);
  });

  it('forgets rides whose interval has passed once it holds many, so a long-running API does not grow without bound', () => {
    const signals = new PositionSignals(1000);
    for (let i = 0; i <= 10_000; i++) signals.take(`bkg_${i}`, 0);
    // The 10,001st entry pruned every ride older than the interval; none was, so all are still held.
    expect(signals.take('bkg_5', 999)).toBe(false);
    signals.take('bkg_new', 5_000); // prunes the rest: all of them are past their interval
    expect((signals as unknown as { last: Map<string, number> }).last.size).toBeLessThanOrEqual(2);
  });
});

describe('allocation timing', () => {
  it('retries more often than a driver has to answer, and a silent driver goes offline while one who declines stays available', () => {
    expect(ALLOCATION_RETRY_SECONDS).toBeLessThan(ALLOCATION_ACCEPT_SECONDS);
    expect(stateAfterWithdrawal('declined')).toBe('available');
    expect(stateAfterWithdrawal('no_answer')).toBe('offline');
  });
});
