import { attemptOffsetsMs, PARTNER_WEBHOOK_RETRY } from '../../domain/partner-webhook-retry';

const S = 1000;
const H = 3600 * S;

describe('partner webhook retry schedule', () => {
  const offsets = attemptOffsetsMs();

  it('doubles from 30 s: attempts at 0, 30 s, 1 min 30 s, 3 min 30 s, …', () => {
    expect(offsets.slice(0, 5)).toEqual([0, 30 * S, 90 * S, 210 * S, 450 * S]);
  });

  it('caps the interval at 2 hours and stops inside the 24-hour window', () => {
    const intervals = offsets.slice(1).map((o, i) => o - offsets[i]);
    expect(Math.max(...intervals)).toBe(2 * H);
    // 30+60+…+3840 s = 7650 s of doubling, then every 2 h while still before 24 h: 10 more.
    expect(offsets).toHaveLength(1 + 8 + 10);
    expect(offsets.at(-1)).toBe(7650 * S + 10 * 2 * H);
    expect(offsets.at(-1)! + 2 * H).toBeGreaterThanOrEqual(PARTNER_WEBHOOK_RETRY.windowMs);
  });
});
