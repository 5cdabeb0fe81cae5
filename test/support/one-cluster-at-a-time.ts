import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SLOT = join(tmpdir(), `hub-cluster-slot-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function takeSlot(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(SLOT);
      writeFileSync(join(SLOT, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = 0;
      try {
        holder = Number(readFileSync(join(SLOT, 'pid'), 'utf8'));
      } catch {
        // Released meanwhile, or its holder has not written its pid yet: look again.
      }
      // A jest worker that died holding the slot leaves it behind: its pid says so.
      if (holder > 0 && !alive(holder)) rmSync(SLOT, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Makes the suites that start a production Temporal cluster (`npm run stack:cluster`, a dozen processes) run one after
 * another, never two at once beside the rest of the slow tier: two clusters on 2 cores starve each other's health
 * checks, and each picks its free port blocks before it binds them, so two starting together can take the same port.
 * The wait has its own timeout, so a suite's own time starts once it holds the slot.
 */
export function oneClusterAtATime(): void {
  beforeAll(takeSlot, 1_800_000);
  afterAll(() => rmSync(SLOT, { recursive: true, force: true }));
}
