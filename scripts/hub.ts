import type { Client } from '@temporalio/client';
import { fail, loadConfig } from '../infra/config';
import { configuredPaymentProvider } from '../infra/payments/configured';
import { loadDevStack } from '../infra/dev-stack';
import { keyRingOf } from '../infra/key-ring';
import { connectClient, temporalTarget } from '../infra/temporal-connection';
import { parseHubArgs, runHub } from './hub-commands';
import { connect, hubSecrets } from './hub-connection';
import { paymentProviderStores } from '../db/payment-provider-stores';

/** `npm run hub -- <command>`: the management CLI. The commands live in hub-commands.ts. */

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
  const keys = config.secrets.encryptionKeys ?? keyRingOf(secrets.encryptionKey);
  const temporal = () =>
    (client ??= connectClient(temporalTarget(config, { address: `${stack.ip}:${stack.frontendPort}`, namespace: stack.namespace }), keys));
  try {
    return await runHub(argv, {
      orm,
      secrets,
      out,
      err,
      tokenTtlSeconds: config.oauth.tokenTtlSeconds,
      temporal,
      devWebhookTargets: config.devWebhookTargets,
      financePeriod: config.financePeriod,
      paymentProvider: configuredPaymentProvider(config, paymentProviderStores(orm)),
      publicBaseUrl: config.publicBaseUrl,
      payouts: config.payouts,
    });
  } finally {
    if (client) await (await client).connection.close();
    await orm.close();
    if (client) await (await client).connection.close();
  }
}

main().then((code) => process.exit(code), fail);
