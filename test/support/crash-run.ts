import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrashTestResult } from '../../scripts/crash-test';

const ROOT = join(__dirname, '..', '..');

/**
 * The lockout bound is deliberately generous — 15 s after the restarted API answers, against 5 minutes with the old
 * lease: a retry every 200 ms needs only the claim taken over and the booking confirmed, well under a second on an
 * idle machine.
 */
const LOCKOUT_BOUND_MS = 15_000;

/**
 * The short form of `npm run crash-test`, run as its own process (it starts and SIGKILLs processes of its own), with 3 s
 * of load between kills; then what must hold whatever the engine: no booking answered 201 lost or doubled, every
 * event at the receiver, and a request cut by the API's kill answered soon after the API is back.
 */
export async function expectCrashTestHolds(env: Record<string, string> = {}): Promise<CrashTestResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hub-crash-result-'));
  const resultFile = join(dir, 'result.json');
  let output = '';
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/crash-test.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        CRASH_PHASE_SECONDS: '3',
        CRASH_CLIENTS: '3',
        CRASH_GIVE_UP_SECONDS: '120',
        CRASH_DRAIN_SECONDS: '150',
        CRASH_RESULT_FILE: resultFile,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });

    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as CrashTestResult;
    expect(result.violations).toEqual([]);
    expect(result.bookings).toBeGreaterThan(0);
    expect(result.events).toBeGreaterThanOrEqual(result.bookings);
    expect(result.receiverRequests).toBeGreaterThanOrEqual(result.events);
    // Requests holding their claims were cut by the API's kill, and each one's retry was answered soon after the restart.
    expect(result.claimsLeft).toBeGreaterThan(0);
    expect(result.lockoutsMs.length).toBeGreaterThan(0);
    expect(Math.max(...result.lockoutsMs)).toBeLessThanOrEqual(LOCKOUT_BOUND_MS);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
