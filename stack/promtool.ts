import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureMonitoringBinaries } from './monitoring';

const run = promisify(execFile);

/**
 * The `promtool` that checks and unit-tests the rules of `ops/prometheus/`: the one of the Prometheus that
 * `npm run stack:cluster` runs (Debian's `prometheus` package, unpacked once into `.temporal/monitoring/`, seconds), so
 * the rules are tested by the engine that evaluates them.
 */
export async function ensurePromtool(log: (line: string) => void): Promise<string> {
  return (await ensureMonitoringBinaries(log)).promtool;
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
