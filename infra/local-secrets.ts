import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HubConfig } from './config';

/** For the embedded stack only: keys from the environment, else generated once into the data directory. */
export function localSecrets(config: HubConfig): { encryptionKey: Buffer; hashPepper: Buffer } {
  const file = join(config.dataDir, 'secrets.json');
  let stored: { encryptionKey: string; hashPepper: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    stored = { encryptionKey: randomBytes(32).toString('base64'), hashPepper: randomBytes(32).toString('base64') };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    encryptionKey: config.secrets.encryptionKey ?? Buffer.from(stored.encryptionKey, 'base64'),
    hashPepper: config.secrets.hashPepper ?? Buffer.from(stored.hashPepper, 'base64'),
  };
}
