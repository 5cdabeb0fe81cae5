import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedDataDir } from '../../stack/embedded-postgres';

describe('embedded PostgreSQL data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'datadir-'));
  chmodSync(root, 0o755);

  it('stays in the project data directory when the postgres user can reach it', () => {
    const open = join(root, 'open', '.data');
    mkdirSync(open, { recursive: true });
    expect(embeddedDataDir(join(open, 'postgres'))).toBe(join(open, 'postgres'));
  });

  it('moves to a stable folder under the temp dir when running as root inside a private folder', () => {
    const closed = join(root, 'closed');
    mkdirSync(join(closed, '.data'), { recursive: true });
    chmodSync(closed, 0o700);
    const chosen = embeddedDataDir(join(closed, '.data', 'postgres'));
    if (process.getuid?.() === 0) {
      expect(chosen.startsWith(tmpdir())).toBe(true);
      expect(chosen).not.toContain(closed);
      expect(embeddedDataDir(join(closed, '.data', 'postgres'))).toBe(chosen); // the same on every start
    } else {
      expect(chosen).toBe(join(closed, '.data', 'postgres')); // not root: the server runs as us
    }
  });
});
