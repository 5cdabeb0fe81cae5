import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openOrm } from '../../db/orm';
import { ensureClusterBinaries } from '../../stack/temporal-cluster';
import { ensureHaproxy } from '../../stack/haproxy';
import { ensureStripeMock } from './stripe-mock';
import { startScratchPostgres } from '../../stack/local-stack';
import { buildWorkflowBundle } from '../../workers/create-workers';
import { adminQuery, TEMPLATE_DB } from './db';

/**
 * Once per `npm test`: a fresh PostgreSQL (embedded, in the OS temp dir, unless DATABASE_URL names a server to use)
 * with a migrated template database that every test file clones, and one shared workflow bundle; in the slow tier,
 * Temporal's production server built and HAProxy unpacked.
 */
export default async function globalSetup(): Promise<void> {
  let baseUrl: string;
  let dir: string;
  if (process.env.DATABASE_URL) {
    baseUrl = process.env.DATABASE_URL.replace(/\/[^/]*$/, '');
    dir = mkdtempSync(join(tmpdir(), 'hub-test-'));
    chmodSync(dir, 0o755);
  } else {
    const scratch = await startScratchPostgres('test');
    (globalThis as { __HUB_PG__?: unknown }).__HUB_PG__ = scratch;
    baseUrl = scratch.pg.baseUrl;
    dir = scratch.dir;
  }
  process.env.HUB_TEST_DIR = dir;
  await adminQuery(baseUrl, `drop database if exists "${TEMPLATE_DB}" with (force)`);
  await adminQuery(baseUrl, `create database "${TEMPLATE_DB}"`);
  process.env.HUB_TEST_PG_BASE = baseUrl;
  const orm = await openOrm(`${baseUrl}/${TEMPLATE_DB}`, 1);
  await migrate(orm);
  await orm.close();

  const bundle = await buildWorkflowBundle();
  const bundlePath = join(dir, 'workflow-bundle.js');
  writeFileSync(bundlePath, bundle.code);
  process.env.HUB_TEST_WORKFLOW_BUNDLE = bundlePath;

  // The slow tier's cluster tests each start Temporal's production server: build it once here (minutes, the first time
  // on a machine), not in two test files at once.
  if (process.env.HUB_TEST_TIER === 'slow') {
    await ensureClusterBinaries((line) => console.log(line));
    await ensureStripeMock((line) => console.log(line)); // test/e2e/stripe-mock.test.ts; seconds once built
    await ensureHaproxy((line) => console.log(line)); // test/cluster/uptime-on-cluster.test.ts; instant once unpacked
  }
}
