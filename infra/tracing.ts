import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { InjectedSinks, WorkerInterceptors } from '@temporalio/worker';
import type { Middleware } from 'koa';
import { redactPath } from './redact-path';

/**
 * OpenTelemetry tracing from the API request through the workflow into its activities. Started only when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (spans go over OTLP/HTTP, configured by the standard `OTEL_EXPORTER_OTLP_*`
 * variables) or when a test passes its own exporter. Otherwise `startTracing` returns undefined: no SDK is loaded,
 * no interceptor is installed, no span is made.
 */
export interface Tracing {
  /** For `new Client({ interceptors })` (api/server.ts): starts, updates and queries carry the trace context. */
  clientInterceptors: { workflow: WorkflowClientInterceptor[] };
  /** For `Worker.create`: activity spans, and the sink that exports the workflows' spans. */
  worker: { interceptors: WorkerInterceptors; sinks: InjectedSinks<never> };
  /** Workflow interceptor modules that the workflow bundle must include (workers/create-workers.ts). */
  workflowInterceptorModules: string[];
  /** The Koa middleware that opens one server span per request (and continues an incoming `traceparent`). */
  middleware: Middleware;
  /** Flushes and stops the SDK. */
  shutdown(): Promise<void>;
}

export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts the OpenTelemetry SDK and registers it globally (once per process). `exporter` replaces the OTLP exporter
 * and exports each span as it ends (tests use an in-memory one).
 */
export async function startTracing(
  serviceName: string,
  options: { exporter?: SpanExporter; env?: NodeJS.ProcessEnv } = {},
): Promise<Tracing | undefined> {
  if (!options.exporter && !tracingWanted(options.env)) return undefined;
  const otel = await import('@opentelemetry/api');
  const { NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { Resource } = await import('@opentelemetry/resources');
  const temporalOtel = await import('@temporalio/interceptors-opentelemetry');

  const resource = new Resource({ 'service.name': process.env.OTEL_SERVICE_NAME ?? serviceName });
  let spanProcessor;
  if (options.exporter) {
    spanProcessor = new SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  }
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register(); // AsyncLocalStorage context manager and W3C trace-context propagation
  const tracer = otel.trace.getTracer('dispatch-hub-api');

  const untraced = new Set(['/healthz', '/readyz', '/metrics']); // probes and scrapes every few seconds: noise
  const middleware: Middleware = (ctx, next) => {
    if (untraced.has(ctx.path)) return next();
    const parent = otel.propagation.extract(otel.ROOT_CONTEXT, ctx.headers);
    return tracer.startActiveSpan(`${ctx.method} ${redactPath(ctx.path)}`, { kind: otel.SpanKind.SERVER }, parent, async (span) => {
      try {
        await next();
      } finally {
        // The route pattern and the operation id, never the raw path (it holds ids).
        const operation = ctx._matchedRouteName ?? (typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : 'unmatched');
        span.updateName(`${ctx.method} ${operation}`);
        span.setAttribute('http.request.method', ctx.method);
        span.setAttribute('http.response.status_code', ctx.status);
        span.setAttribute('hub.operation', operation);
        if (ctx.state.requestId) span.setAttribute('hub.request_id', ctx.state.requestId);
        if (ctx.status >= 500) span.setStatus({ code: otel.SpanStatusCode.ERROR });
        span.end();
      }
    });
  };

  return {
    clientInterceptors: { workflow: [new temporalOtel.OpenTelemetryWorkflowClientInterceptor()] },
    worker: {
      interceptors: {
        client: { workflow: [new temporalOtel.OpenTelemetryWorkflowClientInterceptor()] },
        activity: [
          (ctx) => ({
            inbound: new temporalOtel.OpenTelemetryActivityInboundInterceptor(ctx),
            outbound: new temporalOtel.OpenTelemetryActivityOutboundInterceptor(ctx),
          }),
        ],
      },
      sinks: { exporter: temporalOtel.makeWorkflowExporter(spanProcessor, resource) } as InjectedSinks<never>,
    },
    workflowInterceptorModules: [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')],
    middleware,
    async shutdown() {
      await provider.shutdown();
      otel.trace.disable();
      otel.propagation.disable();
      otel.context.disable();
    },
  };
}
