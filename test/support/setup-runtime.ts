import { DefaultLogger, MetricsBuffer, Runtime } from '@temporalio/worker';
import { bridgeCoreMetrics } from '../../infra/metrics';

// Workers in tests log errors only (failed webhook attempts are expected warnings). Core's worker metrics are
// buffered and bridged into the Prometheus registry, as in production (infra/temporal-runtime.ts).
const buffer = new MetricsBuffer({ maxBufferSize: 50_000, useSecondsForDurations: true });
Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { metrics: { buffer } } });
bridgeCoreMetrics(buffer);
