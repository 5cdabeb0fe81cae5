import { rmSync } from 'node:fs';
import type { EmbeddedPostgresHandle } from '../../infra/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __HUB_PG__?: EmbeddedPostgresHandle }).__HUB_PG__;
  await pg?.stop();
  if (process.env.HUB_TEST_DIR) rmSync(process.env.HUB_TEST_DIR, { recursive: true, force: true });
}
