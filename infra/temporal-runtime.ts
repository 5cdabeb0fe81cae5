import { MetricsBuffer, Runtime, type LogLevel, type LogMetadata, type Logger as TemporalLogger } from '@temporalio/worker';
import type { Logger } from './logger';
import { bridgeCoreMetrics } from './metrics';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * The Temporal SDK's logger interface onto pino. Workflow (`log` from @temporalio/workflow) and activity
 * (`Context.current().log`) lines arrive with `workflowId`, `runId`, `workflowType`, `taskQueue` (and the activity's
 * `activityId`, `activityType`, `attempt`) in their metadata, so each JSON line names its workflow.
 */
export function temporalLogger(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => logger[LEVELS[level]]({ ...meta }, message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}

/**
 * Installs the process's Temporal Runtime, once, before any worker or NativeConnection exists: SDK, workflow and
 * activity logs go to pino (Core's own native logs are forwarded too, at WARN and above), and Core's worker metrics
 * are buffered and bridged into the process's Prometheus registry (infra/metrics.ts), durations in seconds.
 */
export function installTemporalRuntime(logger: Logger): Runtime {
  const buffer = new MetricsBuffer({ maxBufferSize: 50_000, useSecondsForDurations: true });
  const runtime = Runtime.install({
    logger: temporalLogger(logger),
    telemetryOptions: {
      logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} },
      metrics: { buffer },
    },
  });
  bridgeCoreMetrics(buffer);
  return runtime;
}
