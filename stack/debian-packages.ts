import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Debian packages unpacked without installing them: `apt-get download` (after an `apt-get update` when the package
 * lists lack them and we are root) then `dpkg-deb -x` into `dir`. No root needed to run what they carry, nothing
 * installed system-wide. Used for HAProxy (stack/haproxy.ts) and Prometheus, Alertmanager and the blackbox exporter
 * (stack/monitoring-binaries.ts).
 */
export async function unpackDebianPackages(packages: string[], dir: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'hub-deb-'));
  try {
    const download = () => run('apt-get', ['download', ...packages], { cwd: work });
    try {
      await download();
    } catch (err) {
      if (process.getuid?.() !== 0) throw new Error(`apt-get download ${packages.join(' ')} failed: ${(err as Error).message}`);
      await run('apt-get', ['update'], { maxBuffer: 16 * 1024 * 1024 });
      await download();
    }
    mkdirSync(dir, { recursive: true });
    for (const deb of readdirSync(work).filter((f) => f.endsWith('.deb'))) await run('dpkg-deb', ['-x', join(work, deb), dir]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
