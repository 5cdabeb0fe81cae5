import fc from 'fast-check';
import {
  lastEndedPeriod,
  parsePeriodSpec,
  periodById,
  periodContaining,
  recentPeriods,
  type PeriodSpec,
} from '../../domain/finance-periods';

describe('finance periods', () => {
  const at = new Date('2026-11-24T14:02:31Z');

  it('name months, ISO weeks, days and short periods as documented', () => {
    expect(periodContaining(parsePeriodSpec('month'), at)).toEqual({
      id: '2026-11',
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
    expect(periodContaining(parsePeriodSpec('week'), at)).toMatchObject({ id: '2026-W48', start: new Date('2026-11-23T00:00:00Z') });
    expect(periodContaining(parsePeriodSpec('week'), new Date('2027-01-01T12:00:00Z')).id).toBe('2026-W53');
    expect(periodContaining(parsePeriodSpec('day'), at).id).toBe('2026-11-24');
    expect(periodContaining(parsePeriodSpec('PT1M'), at)).toMatchObject({
      id: '2026-11-24T14:02:00Z',
      end: new Date('2026-11-24T14:03:00Z'),
    });
    expect(lastEndedPeriod(parsePeriodSpec('month'), at).id).toBe('2026-10');
    expect(recentPeriods(parsePeriodSpec('day'), at, 3).map((p) => p.id)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21']);
  });

  it('refuse what is not a period', () => {
    expect(() => parsePeriodSpec('fortnight')).toThrow(/FINANCE_PERIOD/);
    expect(() => parsePeriodSpec('PT30S')).toThrow(/at least one minute/);
    expect(() => parsePeriodSpec('PT7M')).toThrow(/divide a day/);
    expect(periodById(parsePeriodSpec('month'), '2026-13')).toBeNull();
    expect(periodById(parsePeriodSpec('PT5M'), '2026-11-24T14:02:00Z')).toBeNull(); // not on a 5-minute boundary
    expect(periodById(parsePeriodSpec('week'), '2026-W54')).toBeNull();
  });

  it('find every period again by its id, and periods tile time without gaps', () => {
    const specs: PeriodSpec[] = ['month', 'week', 'day', 'PT1M', 'PT15M', 'PT1H', 'P2D'].map(parsePeriodSpec);
    fc.assert(
      fc.property(
        fc.constantFrom(...specs),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (spec, t) => {
          const p = periodContaining(spec, t);
          expect(p.start.getTime()).toBeLessThanOrEqual(t.getTime());
          expect(p.end.getTime()).toBeGreaterThan(t.getTime());
          expect(periodById(spec, p.id)).toEqual(p);
          expect(periodContaining(spec, p.end).start).toEqual(p.end);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
