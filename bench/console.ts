/**
 * `npm run bench -- console`: what the web console costs a browser.
 *   1. The JavaScript and CSS it ships (console/dist, as `npm ci` built it), raw and gzipped: the budget is 250 KB of
 *      gzipped JavaScript.
 *   2. On the database `npm run bench:seed -- --bookings 1000000` filled: the bookings page of the console in headless
 *      Chromium, from navigation to the first page of bookings on screen (the first table row drawn), for the seed's
 *      corporate account and for its operator account (which reads every booking: all of the million). The API runs in
 *      this process over the seeded database; each key signs in through a one-time console link. Samples:
 *      BENCH_CONSOLE_SAMPLES (default 20) navigations each, the first on a cold browser cache.
 * Without the seed's keys (`$HUB_DATA_DIR/bench-keys.json`) only the first part runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client as TemporalClient } from '@temporalio/client';
import { Pool } from 'pg';
import { apiDeps, listen } from '../api/server';
import { loadConfig } from '../infra/config';
import { embeddedDatabaseUrl } from '../stack/embedded-postgres';
import { createLogger } from '../infra/logger';
import { connect, hubSecrets } from '../scripts/hub-connection';
import { launchBrowser } from '../test/support/browser';
import { percentiles } from './measure';

const SAMPLES = Number(process.env.BENCH_CONSOLE_SAMPLES ?? 20);
const JS_BUDGET_BYTES = 250 * 1024;

function shippedSize(dist: string): { js: number; jsGzip: number; css: number; cssGzip: number } {
  const assets = join(dist, 'assets');
  if (!existsSync(assets)) throw new Error(`no built console in ${dist}: run npm ci (or npm run console:build)`);
  const sizes = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const file of readdirSync(assets)) {
    const bytes = readFileSync(join(assets, file));
    const gzip = gzipSync(bytes).length;
    if (file.endsWith('.js')) Object.assign(sizes, { js: sizes.js + bytes.length, jsGzip: sizes.jsGzip + gzip });
    if (file.endsWith('.css')) Object.assign(sizes, { css: sizes.css + bytes.length, cssGzip: sizes.cssGzip + gzip });
  }
  return sizes;
}

export async function consoleBench(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const size = shippedSize(process.env.HUB_CONSOLE_DIR ?? join(__dirname, '..', 'console', 'dist'));
  console.log(
    `\nshipped: JavaScript ${kb(size.js)} (${kb(size.jsGzip)} gzipped, budget ${kb(JS_BUDGET_BYTES)}: ${size.jsGzip <= JS_BUDGET_BYTES ? 'within' : 'OVER'}), CSS ${kb(size.css)} (${kb(size.cssGzip)} gzipped)`,
  );

  const keysFile = join(config.dataDir, 'bench-keys.json');
  if (!existsSync(keysFile)) {
    console.log(`no ${keysFile}: run npm run bench:seed -- --bookings 1000000 for the bookings page figure`);
    return;
  }
  const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as Record<'corporate' | 'operator', { accountId: string; live: string }>;
  const orm = await connect(config, 10);
  const deps = apiDeps(config, { orm, temporal: new TemporalClient(), logger: createLogger('silent'), ...hubSecrets(config) });
  const api = await listen(deps, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  const pool = new Pool({ connectionString: config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgresPort, 'hub'), max: 1 });
  try {
    const [{ n }] = (await pool.query('select count(*)::int as n from bookings')).rows as { n: number }[];
    console.log(`\nbookings page of the console, first page on screen (${n.toLocaleString('en')} bookings), ${SAMPLES} loads each (ms)\n`);
    for (const who of ['corporate', 'operator'] as const) {
      const minted = await fetch(`${base}/api/public/v1/console-links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys[who].live}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (minted.status !== 201) throw new Error(`console link for the ${who} key: ${minted.status} ${await minted.text()}`);
      const link = `${base}${new URL(((await minted.json()) as { url: string }).url).pathname}`;
      // A browser per login: the npm Chromium runs single-process, where closing a context ends the browser.
      const browser = await launchBrowser();
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${base}/console/`);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.goto('about:blank');
      const times: number[] = [];
      let cold = 0;
      for (let i = 0; i < SAMPLES; i++) {
        await page.goto(`${base}/console/bookings`);
        await page.locator('table.list tbody tr').first().waitFor();
        // Milliseconds from the start of the navigation to the first row in the DOM, drawn on the next frame.
        const ms = (await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))')) as number;
        if (i === 0) cold = ms;
        else times.push(ms);
        await page.goto('about:blank');
      }
      const p = percentiles(times);
      console.log(`${who.padEnd(10)} first load ${cold.toFixed(0)}   then p50 ${p.p50.toFixed(0)}  p99 ${p.p99.toFixed(0)}`);
      await browser.close();
    }
  } finally {
    await pool.end();
    await api.close();
    await orm.close();
  }
}
