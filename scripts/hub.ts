import { embeddedDatabaseUrl } from '../infra/embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Secrets } from '../app/accounts';
import { openOrm } from '../db/orm';
import { ConfigError, fail, loadConfig, type HubConfig } from '../infra/config';
import { loadDevStack } from '../infra/dev-stack';
import { localSecrets } from '../infra/local-secrets';
import { connectClient, temporalTarget } from '../infra/temporal-connection';
import { parseHubArgs, runHub } from './hub-commands';

/** `npm run hub -- <command>`: the management CLI. The commands live in hub-commands.ts. */

function hubSecrets(config: HubConfig): Secrets {
  const { encryptionKey, hashPepper } = config.secrets;
  if (encryptionKey && hashPepper) return { encryptionKey, hashPepper };
  // localSecrets would generate new keys when the file is missing: credentials made with keys the running hub
  // doesn't have would never work, so refuse instead.
  const file = join(config.dataDir, 'secrets.json');
  if (!existsSync(file)) {
    throw new ConfigError(`No secrets: set HUB_ENCRYPTION_KEY and HUB_HASH_PEPPER, or run \`npm start\` once to create ${file}.`);
  }
  return localSecrets(config);
}

async function connect(config: HubConfig): Promise<MikroORM> {
  // The database `npm start` creates in its embedded PostgreSQL (infra/embedded-postgres.ts).
  const url = config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgresPort, 'hub');
  try {
    return await openOrm(url, 2);
  } catch (err) {
    const reason = (err as Error).message;
    throw new ConfigError(
      config.databaseUrl
        ? `Cannot connect to DATABASE_URL: ${reason}`
        : `Cannot reach the hub's embedded database on 127.0.0.1:${config.embeddedPostgresPort} (${reason}): start the hub with \`npm start\` or set DATABASE_URL.`,
    );
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const err = (s: string) => process.stderr.write(`${s}\n`);
  const early = parseHubArgs(argv, { out, err }); // help and usage errors need no database
  if (typeof early === 'number') return early;
  const config = loadConfig();
  const secrets = hubSecrets(config);
  const orm = await connect(config);
  // TEMPORAL_ADDRESS, or the dev server `npm start` runs (temporal-dev.yml).
  const stack = loadDevStack();
  let client: Promise<Client> | undefined;
  const temporal = () =>
    (client ??= connectClient(temporalTarget(config, { address: `${stack.ip}:${stack.frontendPort}`, namespace: stack.namespace })));
  try {
    return await runHub(argv, { orm, secrets, out, err, tokenTtlSeconds: config.oauth.tokenTtlSeconds, temporal });
  } finally {
    if (client) await (await client).connection.close();
    await orm.close();
    if (client) await (await client).connection.close();
  }
}

main().then((code) => process.exit(code), fail);
