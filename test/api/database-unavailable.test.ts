import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../api/errors';
import { apiDeps } from '../../api/server';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../db/orm';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { freePort } from '../../stack/ports';
import { TEST_SECRETS } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/** PostgreSQL down (stopped, restarting): requests that need it answer 503 with Retry-After, never a 500. */
describe('with PostgreSQL out of reach', () => {
  let env: TestWorkflowEnvironment;
  let deps: ApiDeps;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    env = await localEnvironment();
    // Nothing listens on this port: every connection is refused.
    const orm = await MikroORM.init({ ...ormOptions(`postgres://hub:hub@127.0.0.1:${await freePort()}/hub`, 2), connect: false });
    deps = apiDeps(loadConfig({ LOG_LEVEL: 'silent' }), { orm, temporal: env.client, logger: createLogger('silent'), ...TEST_SECRETS });
    server = createServer(createApp(deps).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await deps?.lifeline.close();
    await deps?.orm.close();
    await env?.teardown();
  });

  it('answers a token request 503 service_unavailable with Retry-After', async () => {
    const response = await fetch(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('cli_sandbox_x:secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const body = (await response.json()) as { code: string; status: number };
    expect({ status: response.status, code: body.code, type: response.headers.get('content-type') }).toEqual({
      status: 503,
      code: 'service_unavailable',
      type: expect.stringMatching(/^application\/problem\+json/),
    });
    expect(response.headers.get('retry-after')).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
  });
});
