import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { apiDeps, listen } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { startTracing, tracingWanted, type Tracing } from '../../infra/tracing';
import { buildWorkflowBundle, createWorkers, runWorkers } from '../../workers/create-workers';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { TEST_SECRETS } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { stackDataConverter } from '../../stack/secrets';

describe('tracing', () => {
  it('is off unless an OTLP endpoint is configured: nothing is started', async () => {
    expect(tracingWanted({})).toBe(false);
    expect(await startTracing('hub', { env: {} })).toBeUndefined();
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
  });

  describe('with an exporter', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: Tracing;
    let db: TestDatabase;
    let env: TestWorkflowEnvironment;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let api: Awaited<ReturnType<typeof listen>>;
    let workers: ReturnType<typeof runWorkers>;
    let baseUrl: string;

    beforeAll(async () => {
      tracing = (await startTracing('hub-test', { exporter }))!;
      const [bundle] = await Promise.all([
        buildWorkflowBundle(tracing.workflowInterceptorModules),
        (async () => {
          [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
        })(),
      ]);
      const namespace = env.namespace ?? 'default';
      const temporal = new Client({
        connection: env.connection,
        namespace,
        interceptors: tracing.clientInterceptors,
        dataConverter: stackDataConverter(),
      });
      const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
      api = await listen(
        apiDeps(config, { orm: db.orm, temporal, logger: createLogger('silent'), ...TEST_SECRETS, tracing }),
        '127.0.0.1',
        0,
      );
      baseUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
      workers = runWorkers(
        await createWorkers({
          connection: env.nativeConnection,
          namespace,
          orm: db.orm,
          encryptionKey: TEST_SECRETS.encryptionKey,
          webhookTimeoutMs: 2000,
          devWebhookTargets: true,
          workflowBundle: bundle,
          tracing,
        }),
      );
    }, 120_000);
    afterAll(async () => {
      await api?.close();
      workers?.shutdown();
      await workers?.done;
      await tracing?.shutdown();
      await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
    });

    it('follows one trace from the API request through the booking workflow into its activities and the webhook', async () => {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const token = await requestToken(baseUrl, partner.sandbox);
      const created = await postJson(`${baseUrl}/v1/bookings`, token, bookingBody(), {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      });
      expect(created.status).toBe(201);
      await receiver.waitFor(1);

      const wanted = [
        'POST createBooking',
        'StartWorkflow:bookingWorkflow',
        // RunWorkflow:bookingWorkflow ends only with the booking; its children are exported as they end.
        'StartActivity:saveBooking',
        'RunActivity:saveBooking',
        'SignalWithStartWorkflow:partnerEndpointWorkflow',
        'HandleSignal:partnerEventsRecorded',
        'StartActivity:deliverPartnerBatch',
        'RunActivity:deliverPartnerBatch',
      ];
      // Workflow spans reach the exporter through a sink after their activation; wait until all have arrived.
      let spans: ReadableSpan[] = [];
      const inTrace = () => spans.filter((s) => s.spanContext().traceId === '0af7651916cd43dd8448eb211c80319c');
      for (let i = 0; i < 100; i++) {
        spans = exporter.getFinishedSpans();
        const names = new Set(inTrace().map((s) => s.name));
        if (wanted.every((n) => names.has(n))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const names = inTrace().map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining(wanted));

      // The API's span continues the caller's trace and names the operation, not the path with its ids.
      const server = inTrace().find((s) => s.name === 'POST createBooking')!;
      expect(server.parentSpanId).toBe('b7ad6b7169203331');
      expect(server.attributes['http.response.status_code']).toBe(201);
      // The activity's span descends from the workflow's, which descends from the API request's.
      const byId = new Map(inTrace().map((s) => [s.spanContext().spanId, s]));
      const ancestors = (span: ReadableSpan) => {
        const chain: string[] = [];
        for (let s = byId.get(span.parentSpanId ?? ''); s; s = byId.get(s.parentSpanId ?? '')) chain.push(s.name);
        return chain;
      };
      const activity = inTrace().find((s) => s.name === 'RunActivity:saveBooking')!;
      expect(ancestors(activity)).toEqual(['StartActivity:saveBooking']); // then RunWorkflow:bookingWorkflow, still open
      const start = inTrace().find((s) => s.name === 'StartWorkflow:bookingWorkflow')!;
      expect(ancestors(start)).toEqual(['POST createBooking']);
      // The booking's activity hands the event to its endpoint's workflow, whose delivery stays in the same trace.
      const handed = inTrace().find((s) => s.name === 'HandleSignal:partnerEventsRecorded')!;
      expect(ancestors(handed)).toEqual(
        expect.arrayContaining(['SignalWithStartWorkflow:partnerEndpointWorkflow', 'RunActivity:recordBookingChange']),
      );
      const delivery = inTrace().find((s) => s.name === 'RunActivity:deliverPartnerBatch')!;
      expect(ancestors(delivery)).toEqual(expect.arrayContaining(['StartActivity:deliverPartnerBatch']));
    });
  });
});
