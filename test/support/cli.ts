import type { Client } from '@temporalio/client';
import { runHub } from '../../scripts/hub-commands';
import type { HubIo } from '../../scripts/hub/cli';
import type { TestDatabase } from './db';
import { TEST_SECRETS } from './hub';

/**
 * `hub(...argv)` runs the hub CLI in-process against the test database that `current()` gives (and Temporal, when
 * `temporal` is given) and answers its exit code and output; `hubJson(...argv)` adds `--json`, expects success and parses.
 */
export function hubCli(current: () => TestDatabase, temporal?: () => Client, io: Pick<HubIo, 'payouts'> = {}) {
  async function hub(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runHub(argv, {
      orm: current().orm,
      secrets: TEST_SECRETS,
      out: (s) => (stdout += `${s}\n`),
      err: (s) => (stderr += `${s}\n`),
      temporal: temporal ? async () => temporal() : undefined,
      devWebhookTargets: true,
      ...io,
    });
    return { code, stdout, stderr };
  }
  async function hubJson(...argv: string[]) {
    const { code, stdout, stderr } = await hub(...argv, '--json');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    return JSON.parse(stdout);
  }
  return { hub, hubJson };
}
