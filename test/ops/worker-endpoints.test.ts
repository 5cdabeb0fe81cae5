import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { recordDelivery } from '../../infra/metrics';
import { startMetricsServer } from '../../infra/metrics-server';
import { temporalLogger } from '../../infra/temporal-runtime';

describe('worker process endpoints and logs', () => {
  it('serves the registry at /metrics and liveness at /healthz, nothing else', async () => {
    const server = await startMetricsServer('127.0.0.1', 0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      recordDelivery('partner', 'unreachable');
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await metrics.text()).toMatch(/^hub_webhook_deliveries_total\{kind="partner",outcome="unreachable"\} [1-9]/m);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/anything`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('writes Temporal workflow and activity log lines as JSON with their workflow id', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = temporalLogger(pino({ level: 'debug' }, sink));
    // The metadata the SDK attaches to Context.current().log lines.
    logger.warn('webhook not acknowledged', { workflowId: 'partner-webhook:evt_1', activityType: 'deliverPartnerEvent', attempt: 2 });
    logger.debug('detail', { workflowId: 'booking:bkg_1' });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'webhook not acknowledged', workflowId: 'partner-webhook:evt_1', attempt: 2 }),
      expect.objectContaining({ level: 20, msg: 'detail', workflowId: 'booking:bkg_1' }),
    ]);
  });
});
