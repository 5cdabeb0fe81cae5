import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createApiKey, createIntegratorAccount, createPartner, updatePartner, type Secrets } from './accounts';
import { seedDemoFleet } from './demo-fleet';
import { DEMO_KEY_SCOPES } from '../infra/scopes';

export interface DemoCredentials {
  partner: { partnerId: string; name: string; sandbox: { clientId: string; clientSecret: string }; webhookSecret: string };
  /** The corporate demo account, linked to the demo partner: its own bookings only. */
  integrator: { accountId: string; testKey: string };
  /** The operator demo account: every account's bookings, the fleet registry, every account's events. */
  operator: { accountId: string; testKey: string };
}

const DEMO_READ_SCOPES = [...DEMO_KEY_SCOPES];

async function seedDemoOperator(orm: MikroORM, secrets: Secrets): Promise<DemoCredentials['operator']> {
  const account = await createIntegratorAccount(orm, 'Demo Dispatch ERP (operator)', 'operator');
  const key = await createApiKey(orm, secrets, {
    accountId: account.accountId,
    environment: 'test',
    label: 'demo operator read-only',
    scopes: DEMO_READ_SCOPES,
    demo: true,
  });
  return { accountId: account.accountId, testKey: key.key };
}

/**
 * On first start, a sandbox demo partner, a corporate demo account linked to it and an operator demo account, each
 * account with a read-only test key. Their secrets are kept in the local data directory only (the database holds
 * hashes), so every `npm start` can print them; data seeded before the operator existed gains it on the next start.
 * The demo fleet (app/demo-fleet.ts) is seeded too; it is idempotent.
 */
export async function seedDemo(orm: MikroORM, secrets: Secrets, file: string): Promise<DemoCredentials> {
  await seedDemoFleet(orm);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoCredentials>;
    if (stored.operator) return stored as DemoCredentials;
    const demo = { ...stored, operator: await seedDemoOperator(orm, secrets) } as DemoCredentials;
    writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
    return demo;
  }
  const partner = await createPartner(orm, secrets, { name: 'Demo Travel (sandbox)' });
  const sandbox = partner.clients.find((c) => c.environment === 'sandbox')!;
  const account = await createIntegratorAccount(orm, 'Demo Corporate Portal');
  // The demo portal sees the demo partner's bookings (and gets their status changes on its webhook destinations).
  await updatePartner(orm, partner.partnerId, { accountId: account.accountId });
  const key = await createApiKey(orm, secrets, {
    accountId: account.accountId,
    environment: 'test',
    label: 'demo read-only',
    scopes: DEMO_READ_SCOPES,
    demo: true,
  });
  const operator = await seedDemoOperator(orm, secrets);
  const demo: DemoCredentials = {
    partner: {
      partnerId: partner.partnerId,
      name: partner.name,
      sandbox: { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      webhookSecret: partner.webhookSecrets.sandbox,
    },
    integrator: { accountId: account.accountId, testKey: key.key },
    operator,
  };
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}
