import { readFileSync } from 'node:fs';
import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor, type WorkflowClientInterceptor } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { HubConfig } from './config';
import type { HubKey } from './key-ring';
import { hubDataConverter } from './payload-codec';

export interface TemporalTarget {
  address: string;
  namespace: string;
  apiKey?: string;
  tls?: boolean;
  tlsCertPath?: string;
  tlsKeyPath?: string;
  tlsServerName?: string;
}

export function temporalTarget(config: HubConfig, fallback: { address: string; namespace: string }): TemporalTarget {
  return {
    ...config.temporal,
    address: config.temporal.address ?? fallback.address,
    namespace: config.temporal.namespace ?? fallback.namespace,
  };
}

/** `start:api` and `start:worker`: TEMPORAL_ADDRESS (required there) and TEMPORAL_NAMESPACE, `default` when unset. */
export function productionTarget(config: HubConfig, temporalAddress: string): TemporalTarget {
  return temporalTarget(config, { address: temporalAddress, namespace: 'default' });
}

function tlsOptions(target: TemporalTarget) {
  if (!target.tls) return undefined;
  const clientCertPair =
    target.tlsCertPath && target.tlsKeyPath ? { crt: readFileSync(target.tlsCertPath), key: readFileSync(target.tlsKeyPath) } : undefined;
  return { serverNameOverride: target.tlsServerName, clientCertPair };
}

/**
 * gRPC retries of a request-path call: five attempts (about a second of backoff) ride out a frontend restart, and a
 * Temporal that stays down answers the caller `503` within a couple of seconds instead of after the SDK's default ten
 * attempts (about twenty seconds, measured on the production server with its frontend killed).
 */
const REQUEST_RETRIES = makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 5 }));

const connectionOptions = (target: TemporalTarget) => ({
  address: target.address,
  tls: tlsOptions(target),
  apiKey: target.apiKey,
  interceptors: [REQUEST_RETRIES],
});

/** A connection for operator calls only (no workflow payloads pass through it). */
export function connectOperator(target: TemporalTarget): Promise<Connection> {
  return Connection.connect(connectionOptions(target));
}

/** How long the API's start waits for Temporal before it starts without it. */
const API_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A client whose payloads are encrypted under `keys` (HUB_ENCRYPTION_KEY's ring, infra/payload-codec.ts);
 * `interceptors`: the OpenTelemetry ones when tracing is on (infra/tracing.ts).
 */
export async function connectClient(
  target: TemporalTarget,
  keys: readonly HubKey[],
  interceptors?: { workflow: WorkflowClientInterceptor[] },
): Promise<Client> {
  return hubClient(await connectOperator(target), target, keys, interceptors);
}

function hubClient(
  connection: Connection,
  target: TemporalTarget,
  keys: readonly HubKey[],
  interceptors?: { workflow: WorkflowClientInterceptor[] },
): Client {
  return new Client({ connection, namespace: target.namespace, interceptors, dataConverter: hubDataConverter(keys) });
}

/**
 * The API's client, as `connectClient`, but an API process also starts while Temporal is out of reach: then its
 * connection is lazy (each call connects, and answers UNAVAILABLE, a 503, until Temporal is back) and `connected`
 * is false, so the process serves what PostgreSQL alone answers, as its readiness promises (docs/operations.md).
 */
export async function connectApiClient(
  target: TemporalTarget,
  keys: readonly HubKey[],
  interceptors?: { workflow: WorkflowClientInterceptor[] },
): Promise<{ client: Client; connected: boolean }> {
  try {
    const connection = await Connection.connect({ ...connectionOptions(target), connectTimeout: API_CONNECT_TIMEOUT_MS });
    return { client: hubClient(connection, target, keys, interceptors), connected: true };
  } catch {
    return { client: hubClient(Connection.lazy(connectionOptions(target)), target, keys, interceptors), connected: false };
  }
}

export async function connectWorker(target: TemporalTarget): Promise<NativeConnection> {
  return NativeConnection.connect({ address: target.address, tls: tlsOptions(target), apiKey: target.apiKey });
}
