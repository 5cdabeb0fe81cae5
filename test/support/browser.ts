import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const run = promisify(execFile);

/**
 * Headless Chromium from npm (@sparticuz/chromium + playwright-core): no system browser, nothing downloaded at run
 * time. @sparticuz/chromium is an ES module, so a child process unpacks the binary and reports its path and flags.
 * As root Chromium needs --no-sandbox.
 */
export async function launchBrowser(): Promise<Browser> {
  const script =
    "import('@sparticuz/chromium').then(async ({ default: c }) => process.stdout.write(JSON.stringify({ path: await c.executablePath(), args: c.args })))";
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: process.cwd() });
  const { path, args } = JSON.parse(stdout) as { path: string; args: string[] };
  const root = process.getuid?.() === 0;
  return chromium.launch({ executablePath: path, args: root ? [...args, '--no-sandbox'] : args });
}
