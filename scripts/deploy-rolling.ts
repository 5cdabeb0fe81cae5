import { join } from 'node:path';
import { fail, loadConfig } from '../infra/config';
import { clusterStateFile } from '../stack/cluster-state';
import { rollingRestart } from '../stack/rolling';

/**
 * `npm run deploy:rolling`: restarts every worker, then every API process of the running `npm run stack:cluster` (same
 * HUB_DATA_DIR) one at a time, each waiting until the new process is ready (a worker polling every task queue; an API
 * answering /readyz on its own port and UP at the balancer) before the next; prints each step. docs/deploy.md.
 */
async function main() {
  const config = loadConfig({ HUB_DEV_WEBHOOK_TARGETS: 'true', ...process.env });
  const stateFile = process.env.HUB_CLUSTER_STATE ?? clusterStateFile(join(config.dataDir, 'cluster'));
  const started = Date.now();
  const steps = await rollingRestart(stateFile, (line) => console.log(`[deploy] ${line}`));
  console.log(
    `[deploy] restarted ${steps.length} processes one at a time in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${steps.map((s) => `${s.name} ${s.oldPid}→${s.newPid}`).join(', ')})`,
  );
}

main().catch(fail);
