import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEALTH_CHECK, maxDetectionMs } from '../../stack/haproxy';
import type { UptimeResult } from '../../bench/uptime';
import { oneClusterAtATime } from '../support/one-cluster-at-a-time';

oneClusterAtATime();

const ROOT = join(__dirname, '..', '..');

/**
 * The short form of `npm run load -- --rolling` (bench/uptime.ts), run as its own process since it starts and signals
 * processes of its own: `npm run stack:cluster` with two API processes behind HAProxy and two workers, under a steady
 * load of bookings, reads and positions through the balancer, through a rolling restart of every process, a kill -9 of
 * an API process and a PostgreSQL restart. Counts and statuses only; no duration is asserted but the balancer's
 * configured health check.
 */
it('drops no request in a rolling restart, only in-flight ones on a kill -9, and answers 503 with Retry-After while PostgreSQL is down', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hub-uptime-result-'));
  const resultFile = join(dir, 'result.json');
  let output = '';
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', '--rolling'], {
      cwd: ROOT,
      env: {
        ...process.env,
        UPTIME_PHASE_SECONDS: '4',
        UPTIME_CLIENTS: '3',
        UPTIME_PG_DOWN_SECONDS: '3',
        UPTIME_RESULT_FILE: resultFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    console.log(output);
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as UptimeResult;
    expect(result.violations).toEqual([]);

    // 1. Every process restarted once, each drained (exit 0), and not one request failed meanwhile.
    expect(result.rolling.steps.map((s) => s.name).sort()).toEqual(['api1', 'api2', 'worker1', 'worker2']);
    expect(result.rolling.steps.every((s) => s.exit === '0' && s.newPid !== s.oldPid)).toBe(true);
    expect(result.rolling.requests).toBeGreaterThan(0);
    expect(result.rolling.failed).toBe(0);

    // 2. kill -9: only what was in flight may fail; the balancer took it out and sent it nothing until it was back, and
    // its check takes a dead process out within 2 s.
    expect(result.kill.failedNotInFlight).toBe(0);
    expect(result.kill.failed).toBeLessThanOrEqual(result.kill.inFlightAtKill);
    expect(result.kill.downStatus).toMatch(/^DOWN/);
    expect(result.kill.downCheck).toMatch(/^L4/); // the connection refused (or timed out), not an answer
    expect(result.kill.sessionsWhileDown).toBe(0);
    expect(result.kill.detectionBoundMs).toBe(maxDetectionMs(HEALTH_CHECK));
    expect(maxDetectionMs(HEALTH_CHECK)).toBeLessThanOrEqual(2000);

    // 3. PostgreSQL down: writes were answered 503 with Retry-After, nothing else failed, and the hub came back.
    expect(result.postgres.writes503WithRetryAfter).toBeGreaterThan(0);
    expect(result.postgres.broken).toBe(0);
    expect(result.postgres.recovered).toBe(true);

    // Every booking once, every event delivered (violations above), and some of both.
    expect(result.bookings).toBeGreaterThan(0);
    expect(result.events).toBeGreaterThanOrEqual(result.bookings);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 900_000);
