import { acknowledgementDueAt, overdueAcknowledgements } from '../../domain/payout-acknowledgement';
import { registry } from '../../infra/metrics';
import { registerScrapeGauge } from '../../infra/scrape-gauges';

describe("a payout file's acknowledgement", () => {
  it('is due by the end of the first TARGET2 business day after its execution date', () => {
    // Tuesday 2026-11-24 → end of Wednesday
    expect(acknowledgementDueAt('2026-11-24').toISOString()).toBe('2026-11-26T00:00:00.000Z');
    // Friday 2026-11-27 → end of Monday
    expect(acknowledgementDueAt('2026-11-27').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // Thursday 2026-12-24 → 25 and 26 December closed, then the weekend → end of Monday 28
    expect(acknowledgementDueAt('2026-12-24').toISOString()).toBe('2026-12-29T00:00:00.000Z');
    // Thursday 2027-03-25, before Good Friday and Easter Monday → end of Tuesday 30 March
    expect(acknowledgementDueAt('2027-03-25').toISOString()).toBe('2027-03-31T00:00:00.000Z');
  });

  it('is overdue one moment after that, not before', () => {
    const due = acknowledgementDueAt('2026-11-27').getTime();
    expect(overdueAcknowledgements(['2026-11-27'], new Date(due))).toBe(0);
    expect(overdueAcknowledgements(['2026-11-27', '2026-11-30'], new Date(due + 1))).toBe(1);
  });
});

describe('a gauge read at scrape time', () => {
  const series = async (name: string) => (await registry.getSingleMetric(name)!.get()).values;
  const errors = async (gauge: string) =>
    (await registry.getSingleMetric('hub_scrape_read_errors_total')!.get()).values.find((v) => v.labels.gauge === gauge)?.value ?? 0;

  it('reads its source at most once per cache period, and has no series while the read fails', async () => {
    let reads = 0;
    registerScrapeGauge(
      'hub_test_scrape_gauge',
      'test',
      ['environment'],
      async () => {
        reads++;
        return [{ labels: { environment: 'live' }, value: reads }];
      },
      60_000,
    );
    expect(await series('hub_test_scrape_gauge')).toEqual([{ labels: { environment: 'live' }, value: 1 }]);
    expect(await series('hub_test_scrape_gauge')).toEqual([{ labels: { environment: 'live' }, value: 1 }]);
    expect(reads).toBe(1);

    registerScrapeGauge(
      'hub_test_scrape_gauge',
      'test',
      ['environment'],
      async () => {
        reads++;
        throw new Error('PostgreSQL is down');
      },
      0,
    );
    const before = await errors('hub_test_scrape_gauge');
    expect(await series('hub_test_scrape_gauge')).toEqual([]);
    expect(await errors('hub_test_scrape_gauge')).toBe(before + 1);
    expect(reads).toBe(2);
  });
});
