import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HubConfig } from './config';
import { keyRingOf, type HubKey } from './key-ring';

/** For the embedded stack only: keys from the environment, else generated once into the data directory. */
export function localSecrets(config: HubConfig): { encryptionKey: Buffer; encryptionKeys: HubKey[]; hashPepper: Buffer } {
  const file = join(config.dataDir, 'secrets.json');
  let stored: { encryptionKey: string; hashPepper: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    stored = { encryptionKey: randomBytes(32).toString('base64'), hashPepper: randomBytes(32).toString('base64') };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const encryptionKeys = config.secrets.encryptionKeys ?? keyRingOf(Buffer.from(stored.encryptionKey, 'base64'));
  return {
    encryptionKey: encryptionKeys[0]!.key,
    encryptionKeys,
    hashPepper: config.secrets.hashPepper ?? Buffer.from(stored.hashPepper, 'base64'),
  };
}
