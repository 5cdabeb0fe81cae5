import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const scratch = (globalThis as { __HUB_PG__?: { stop(): Promise<void> } }).__HUB_PG__;
  await scratch?.stop();
  if (process.env.HUB_TEST_DIR) rmSync(process.env.HUB_TEST_DIR, { recursive: true, force: true });
}
