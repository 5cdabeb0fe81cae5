import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What the console may weigh: every file it serves, each gzipped as a browser would receive it. */
const BUDGET_BYTES = 250 * 1024;
const DIST = join(__dirname, '..', '..', 'console', 'dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Each file of `dir` gzipped (level 9, as `Content-Encoding: gzip` of a static server), summed. */
function gzippedBytes(dir: string): { total: number; files: Record<string, number> } {
  const files = Object.fromEntries(filesUnder(dir).map((f) => [f.slice(dir.length + 1), gzipSync(readFileSync(f), { level: 9 }).length]));
  return { total: Object.values(files).reduce((a, b) => a + b, 0), files };
}

describe('the console bundle', () => {
  it(`weighs at most ${BUDGET_BYTES / 1024} KB gzipped (console/dist, as npm ci builds it)`, () => {
    const { total, files } = gzippedBytes(DIST);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['index.html', expect.stringMatching(/^assets\/app-.*\.js$/)]));
    if (total > BUDGET_BYTES) throw new Error(`console/dist is ${(total / 1024).toFixed(1)} KB gzipped: ${JSON.stringify(files)}`);
    expect(total).toBeGreaterThan(10 * 1024); // the measure reads the real bundle, not an empty folder
  });

  it('is measured so that a bundle over the budget fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'app-big.js'), randomBytes(BUDGET_BYTES)); // random bytes do not compress
    expect(gzippedBytes(dir).total).toBeGreaterThan(BUDGET_BYTES);
  });
});
