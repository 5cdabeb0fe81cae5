import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { apiDeps, listen } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { freshDatabase, type TestDatabase } from '../support/db';
import { TEST_SECRETS } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/** A raw HTTP/1.1 exchange on its own socket, so a request can be left half sent across the shutdown. */
function rawClient(port: number): Promise<{ socket: Socket; send(text: string): void; answer(): Promise<string>; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('error', reject);
    socket.once('connect', () =>
      resolve({
        socket,
        send: (text) => socket.write(text),
        answer: async () => {
          await closed;
          return received;
        },
        closed,
      }),
    );
  });
}

/**
 * SIGTERM on an API process (`listen().shutdown`, what `start:api` runs on the signal): readiness fails first while
 * requests are still served, every answer then closes its connection, a request in flight finishes, and only then
 * does the listener close; a request that outlives the grace period has its connection closed.
 */
describe('the API shutting down', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
  });
  afterAll(async () => {
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const start = async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    const api = await listen(
      apiDeps(config, { orm: db.orm, temporal: env.client, logger: createLogger('silent'), ...TEST_SECRETS }),
      '127.0.0.1',
      0,
    );
    return { api, port: (api.server.address() as AddressInfo).port };
  };

  it('fails readiness first, finishes the request in flight, then stops accepting', async () => {
    const { api, port } = await start();
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // A token request whose body is still on its way when the shutdown begins.
    const body = 'grant_type=client_credentials';
    const inFlight = await rawClient(port);
    inFlight.send(
      `POST /v1/oauth/token HTTP/1.1\r\nHost: hub.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 100));

    const stopped = api.shutdown({ drainMs: 1500, graceMs: 10_000 });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await ready.json()).toMatchObject({ code: 'service_unavailable', detail: 'Not ready: this process is shutting down.' });
    expect(ready.headers.get('connection')).toBe('close');
    // Still serving while the balancer notices: other requests are answered, each closing its connection.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');

    inFlight.send(body.slice(10));
    const answer = await inFlight.answer();
    // RFC 6749: a client that did not authenticate is refused with 401 invalid_client: an answer, not a reset.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('invalid_client');

    await stopped;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('closes the connection of a request still running after the grace period', async () => {
    const { api, port } = await start();
    const stuck = await rawClient(port);
    stuck.send(
      'POST /v1/oauth/token HTTP/1.1\r\nHost: hub.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nhalf',
    );
    await new Promise((r) => setTimeout(r, 100));
    await api.shutdown({ drainMs: 0, graceMs: 500 });
    await stuck.closed;
    expect(await stuck.answer()).toBe('');
  });
});
