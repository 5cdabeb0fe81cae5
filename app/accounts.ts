import type { MikroORM } from '@mikro-orm/postgresql';
import { generateApiKey, generateClientId, generateClientSecret, generateWebhookSecret, maskApiKey } from '../infra/credentials';
import { API_KEY_SCOPES, unknownScopes } from '../infra/scopes';
import { newId } from '../infra/ids';
import { decryptSecret, encryptSecret, hashSecret } from '../infra/secrets';
import {
  ApiKeySchema,
  HubEventSchema,
  IntegratorAccountSchema,
  OAuthClientSchema,
  PartnerSchema,
  type AccountKind,
  type KeyEnvironment,
  type PartnerEnvironment,
} from '../db/entities';

/** Partners, their OAuth clients, integrator accounts and API keys: what the `hub` CLI and the seed manage. */
export interface Secrets {
  encryptionKey: Buffer;
  hashPepper: Buffer;
}

export interface CreatedClient {
  environment: PartnerEnvironment;
  clientId: string;
  /** Shown once. */
  clientSecret: string;
}

export async function createPartner(
  orm: MikroORM,
  secrets: Secrets,
  input: { name: string; webhookUrl?: string; rateLimitPerMinute?: number; ipAllowlist?: string[] },
) {
  const webhookSecret = generateWebhookSecret('phsec_');
  const clients: CreatedClient[] = [];
  const partner = await orm.em.fork().transactional(async (em) => {
    const partner = em.create(PartnerSchema, {
      id: newId('ptn'),
      name: input.name,
      webhookUrl: input.webhookUrl ?? null,
      webhookSecretEnc: encryptSecret(webhookSecret, secrets.encryptionKey),
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      ipAllowlist: input.ipAllowlist ?? [],
      createdAt: new Date(),
    });
    await em.flush(); // the clients reference it
    for (const environment of ['sandbox', 'live'] as const) {
      const clientSecret = generateClientSecret();
      const client = em.create(OAuthClientSchema, {
        id: generateClientId(environment),
        partnerId: partner.id,
        environment,
        secretHash: hashSecret(clientSecret, secrets.hashPepper),
        createdAt: new Date(),
      });
      clients.push({ environment, clientId: client.id, clientSecret });
    }
    return partner;
  });
  return { partnerId: partner.id, name: partner.name, webhookUrl: partner.webhookUrl ?? null, webhookSecret, clients };
}

export async function updatePartner(
  orm: MikroORM,
  partnerId: string,
  changes: { webhookUrl?: string | null; rateLimitPerMinute?: number | null; ipAllowlist?: string[]; accountId?: string | null },
) {
  const em = orm.em.fork();
  const partner = await em.findOneOrFail(PartnerSchema, { id: partnerId });
  em.assign(partner, changes);
  await em.flush();
  return partner;
}

/** A new partner webhook secret (`phsec_…`), used from the next delivery attempt on; shown once. */
export async function rotateWebhookSecret(orm: MikroORM, secrets: Secrets, partnerId: string): Promise<string> {
  const webhookSecret = generateWebhookSecret('phsec_');
  const updated = await orm.em
    .fork()
    .nativeUpdate(PartnerSchema, { id: partnerId }, { webhookSecretEnc: encryptSecret(webhookSecret, secrets.encryptionKey) });
  if (updated !== 1) throw new Error(`no partner ${partnerId}`);
  return webhookSecret;
}

/** The partner's webhook URL and a hint of its secret (its prefix and last four characters). */
export async function webhookEndpoint(orm: MikroORM, secrets: Secrets, partnerId: string) {
  const partner = await orm.em.fork().findOneOrFail(PartnerSchema, { id: partnerId });
  const secret = decryptSecret(partner.webhookSecretEnc, secrets.encryptionKey);
  return { url: partner.webhookUrl ?? null, secretHint: `phsec_…${secret.slice(-4)}` };
}

/**
 * Writes a `webhook.test` event for the partner (it belongs to no booking); deliver it with the workflow
 * `partner-webhook:<evt_id>` like any other event. Returns null when the partner has no webhook URL.
 */
export async function recordTestEvent(orm: MikroORM, partnerId: string, environment: PartnerEnvironment) {
  const em = orm.em.fork();
  const partner = await em.findOneOrFail(PartnerSchema, { id: partnerId });
  if (!partner.webhookUrl) return null;
  const eventId = newId('evt');
  const occurredAt = new Date();
  const body = JSON.stringify({
    event: 'webhook.test',
    event_id: eventId,
    booking_id: null,
    external_id: null,
    sequence: null,
    occurred_at: occurredAt.toISOString(),
    livemode: environment === 'live',
    message: 'A test event from the dispatch hub. Check the X-Signature header, then answer any 2xx.',
  });
  em.create(HubEventSchema, {
    id: eventId,
    bookingId: null,
    sequence: null,
    type: 'webhook.test',
    partnerId,
    environment,
    body,
    createdAt: occurredAt,
  });
  await em.flush();
  return { eventId, url: partner.webhookUrl, occurredAt };
}

/** A new secret replaces the old one at once; tokens already issued stay valid until they expire. */
export async function rotateClientSecret(orm: MikroORM, secrets: Secrets, clientId: string): Promise<CreatedClient> {
  const em = orm.em.fork();
  const client = await em.findOneOrFail(OAuthClientSchema, { id: clientId, revokedAt: null });
  const clientSecret = generateClientSecret();
  client.secretHash = hashSecret(clientSecret, secrets.hashPepper);
  client.rotatedAt = new Date();
  await em.flush();
  return { environment: client.environment, clientId, clientSecret };
}

/** Refuses new tokens at once, and every token already issued to the client as soon as the API processes hear of it (milliseconds). */
export async function revokeClient(orm: MikroORM, clientId: string): Promise<void> {
  await orm.em.fork().nativeUpdate(OAuthClientSchema, { id: clientId }, { revokedAt: new Date() });
}

export async function createIntegratorAccount(orm: MikroORM, name: string, kind: AccountKind = 'corporate') {
  const em = orm.em.fork();
  const account = em.create(IntegratorAccountSchema, { id: newId('acct'), name, kind, createdAt: new Date() });
  await em.flush();
  return { accountId: account.id, name, kind };
}

export async function createApiKey(
  orm: MikroORM,
  secrets: Secrets,
  input: { accountId: string; environment: KeyEnvironment; label: string; scopes: string[]; ratePerMinute?: number },
) {
  const unknown = unknownScopes(input.scopes, API_KEY_SCOPES);
  if (unknown.length) throw new Error(`unknown scope(s): ${unknown.join(', ')}; known: ${API_KEY_SCOPES.join(', ')}`);
  const em = orm.em.fork();
  await em.findOneOrFail(IntegratorAccountSchema, { id: input.accountId });
  const generated = generateApiKey(input.environment);
  em.create(ApiKeySchema, {
    id: generated.id,
    accountId: input.accountId,
    environment: input.environment,
    label: input.label,
    scopes: input.scopes,
    ratePerMinute: input.ratePerMinute ?? 600,
    secretHash: hashSecret(generated.secret, secrets.hashPepper),
    last4: generated.last4,
    createdAt: new Date(),
  });
  await em.flush();
  return {
    keyId: generated.id,
    key: generated.key,
    masked: maskApiKey(generated.key),
    scopes: input.scopes,
    environment: input.environment,
  };
}

export async function revokeApiKey(orm: MikroORM, keyId: string): Promise<void> {
  await orm.em.fork().nativeUpdate(ApiKeySchema, { id: keyId }, { revokedAt: new Date() });
}
