import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createApiKey, createIntegratorAccount, createPartner, updatePartner, type Secrets } from './management';
import { seedDemoFleet } from './seed-fleet';

export interface DemoCredentials {
  partner: { partnerId: string; name: string; sandbox: { clientId: string; clientSecret: string }; webhookSecret: string };
  integrator: { accountId: string; testKey: string };
}

/**
 * On first start, a sandbox demo partner and a demo integrator account with a read-only test key. Their secrets are
 * kept in the local data directory only (the database holds hashes), so every `npm start` can print them. The demo
 * fleet (db/seed-fleet.ts) is seeded too; it is idempotent.
 */
export async function seedDemo(orm: MikroORM, secrets: Secrets, file: string): Promise<DemoCredentials> {
  await seedDemoFleet(orm);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
  const partner = await createPartner(orm, secrets, { name: 'Demo Travel (sandbox)' });
  const sandbox = partner.clients.find((c) => c.environment === 'sandbox')!;
  const account = await createIntegratorAccount(orm, 'Demo Corporate Portal');
  // The demo portal sees the demo partner's bookings (and gets their status changes on its webhook destinations).
  await updatePartner(orm, partner.partnerId, { accountId: account.accountId });
  const key = await createApiKey(orm, secrets, {
    accountId: account.accountId,
    environment: 'test',
    label: 'demo read-only',
    scopes: ['bookings.read', 'invoices.read', 'payments.read', 'fleet.read', 'tracking.read'],
  });
  const demo: DemoCredentials = {
    partner: {
      partnerId: partner.partnerId,
      name: partner.name,
      sandbox: { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      webhookSecret: partner.webhookSecret,
    },
    integrator: { accountId: account.accountId, testKey: key.key },
  };
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}
