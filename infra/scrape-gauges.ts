import { Counter, Gauge } from 'prom-client';
import { registry } from './metrics';

/** One series of a gauge read at scrape time: its labels and value. */
export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

const scrapeReadErrors = new Counter({
  name: 'hub_scrape_read_errors_total',
  help: 'Reads behind a scrape-time gauge (PostgreSQL, Temporal) that failed, by gauge: the gauge is absent meanwhile.',
  labelNames: ['gauge'] as const,
  registers: [registry],
});

/**
 * A gauge whose series are read from PostgreSQL or Temporal when Prometheus scrapes: `read` runs at most once every
 * `cacheMs` (scrapes in between get the same answer, so several Prometheus servers or a fast interval cost one query),
 * and never fails the scrape: when it throws, the gauge has no series until a read succeeds again, and
 * `hub_scrape_read_errors_total{gauge}` counts the failure. Registering the same name again replaces it.
 */
export function registerScrapeGauge(
  name: string,
  help: string,
  labelNames: string[],
  read: () => Promise<GaugeSample[]>,
  cacheMs = 5_000,
): void {
  registry.removeSingleMetric(name);
  let cached: { at: number; samples: Promise<GaugeSample[] | undefined> } | undefined;
  const current = () => {
    if (!cached || Date.now() - cached.at >= cacheMs) {
      const samples = read().catch(() => {
        scrapeReadErrors.labels(name).inc();
        return undefined;
      });
      cached = { at: Date.now(), samples };
    }
    return cached.samples;
  };
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const samples = await current();
      this.reset();
      for (const sample of samples ?? []) this.set(sample.labels ?? {}, sample.value);
    },
  });
}
