import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { freshDatabase, type TestDatabase } from '../support/db';
import type { TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { PROFILES, runSchemathesis, startFuzzHub, type FuzzCredentials } from './schemathesis';

/**
 * Schemathesis against every operation of both APIs as served at /openapi.json, with valid credentials and every
 * check on. `npm test` runs the short profile; `npm run fuzz` sets HUB_FUZZ=long for many more cases and stateful runs.
 */
const profile = PROFILES[process.env.HUB_FUZZ === 'long' ? 'long' : 'short'];

describe(`Schemathesis (${profile.name} run)`, () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let credentials: FuzzCredentials;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    ({ hub, credentials } = await startFuzzHub(db, env));
  }, 120_000);

  // The workers finish the tasks of the hundreds of bookings the run created before they stop.
  afterAll(async () => {
    await hub?.close();
    await Promise.all([db?.close(), env?.teardown()]);
  }, 300_000);

  it(
    'finds no server error, undocumented status, header, content type or schema mismatch in any operation of either API',
    async () => {
      const served = (await (await fetch(`${hub.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(served.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );

      const result = await runSchemathesis(hub.baseUrl, credentials, profile);
      if (profile.name === 'long' || process.env.HUB_FUZZ_VERBOSE || result.exitCode !== 0) process.stdout.write(`${result.output}\n`);
      expect(result.exitCode).toBe(0);
      // Every operation the hub serves was tested, and passed: a new endpoint is covered without touching this file
      // (HUB_FUZZ_ARGS may narrow a run on purpose, e.g. to one path).
      expect(operations).toEqual(expect.arrayContaining(['POST /v1/bookings', 'GET /api/public/v1/bookings']));
      const expected = process.env.HUB_FUZZ_ARGS ? [...result.tested.keys()] : operations;
      expect(result.tested.size).toBeGreaterThan(0);
      expect(Object.fromEntries(result.tested)).toEqual(Object.fromEntries(expected.map((op) => [op, true])));
    },
    // Generous: the short run takes ~25 s alone, but minutes on a machine busy with other test runs.
    profile.name === 'long' ? 60 * 60_000 : 600_000,
  );
});
