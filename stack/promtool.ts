import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The Prometheus release whose `promtool` checks and unit-tests the rules of `ops/prometheus/`. */
export const PROMTOOL_VERSION = 'v0.316.0';

const run = promisify(execFile);
const projectRoot = join(__dirname, '..');

/**
 * `go install github.com/prometheus/prometheus/cmd/promtool@<version>` into the project's cache
 * (`.temporal/promtool/<version>/bin`), once (about four minutes on two cores, from the Go module proxy); later calls
 * find it. The machine's Go is used as is (GOTOOLCHAIN=local), as for Temporal's server (stack/temporal-cluster.ts).
 */
export async function ensurePromtool(log: (line: string) => void, version = PROMTOOL_VERSION): Promise<string> {
  const bin = join(projectRoot, '.temporal', 'promtool', version, 'bin');
  const promtool = join(bin, 'promtool');
  try {
    accessSync(promtool, constants.X_OK);
    return promtool;
  } catch {
    // not built yet
  }
  mkdirSync(bin, { recursive: true });
  log(`building promtool ${version} with ${(await run('go', ['version'])).stdout.trim()} (once; a few minutes)…`);
  await run('go', ['install', `github.com/prometheus/prometheus/cmd/promtool@${version}`], {
    env: { ...process.env, GOBIN: bin, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return promtool;
}

/** `promtool check rules` then `promtool test rules` on the files given; both outputs, and whether both passed. */
export async function checkAndTestRules(
  promtool: string,
  rules: string[],
  tests: string[],
): Promise<{ ok: boolean; check: string; test: string }> {
  const invoke = async (args: string[]) => {
    try {
      const { stdout, stderr } = await run(promtool, args, { maxBuffer: 16 * 1024 * 1024 });
      return { ok: true, out: stdout + stderr };
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      return { ok: false, out: (e.stdout ?? '') + (e.stderr ?? '') || e.message };
    }
  };
  const check = await invoke(['check', 'rules', ...rules]);
  const test = await invoke(['test', 'rules', ...tests]);
  return { ok: check.ok && test.ok, check: check.out, test: test.out };
}
