import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Secrets } from '../app/accounts';
import { openOrm } from '../db/orm';
import { ConfigError, type HubConfig } from '../infra/config';
import { embeddedDatabaseUrl } from '../stack/embedded-postgres';
import { localSecrets } from '../infra/local-secrets';

/** The running hub's secrets and database, for the tools that work beside it (the `hub` CLI, `bench:seed`). */
export function hubSecrets(config: HubConfig): Secrets {
  const { encryptionKey, encryptionKeys, hashPepper } = config.secrets;
  if (encryptionKey && hashPepper) return { encryptionKey, hashPepper, decryptionKeys: encryptionKeys?.map((k) => k.key) };
  // localSecrets would generate new keys when the file is missing: credentials made with keys the running hub
  // doesn't have would never work, so refuse instead.
  const file = join(config.dataDir, 'secrets.json');
  if (!existsSync(file)) {
    throw new ConfigError(`No secrets: set HUB_ENCRYPTION_KEY and HUB_HASH_PEPPER, or run \`npm start\` once to create ${file}.`);
  }
  const local = localSecrets(config);
  return { ...local, decryptionKeys: local.encryptionKeys.map((k) => k.key) };
}

export async function connect(config: HubConfig, poolMax = 2): Promise<MikroORM> {
  // The database `npm start` creates in its embedded PostgreSQL (stack/embedded-postgres.ts).
  const url = config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgresPort, 'hub');
  try {
    return await openOrm(url, poolMax);
  } catch (err) {
    const reason = (err as Error).message;
    throw new ConfigError(
      config.databaseUrl
        ? `Cannot connect to DATABASE_URL: ${reason}`
        : `Cannot reach the hub's embedded database on 127.0.0.1:${config.embeddedPostgresPort} (${reason}): start the hub with \`npm start\` or set DATABASE_URL.`,
    );
  }
}
