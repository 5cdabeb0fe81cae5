import { billingDetailsProblems, type BillingDetails } from '../domain/billing-details';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { generateApiKey, generateClientId, generateClientSecret, maskApiKey } from '../infra/credentials';
import { createPartnerEndpoints } from './partner-endpoints';
import {
  API_KEY_SCOPES,
  CORPORATE_DEFAULT_SCOPE_CEILING,
  DEMO_KEY_SCOPES,
  OPERATOR_DEFAULT_SCOPE_CEILING,
  unknownScopes,
} from '../infra/scopes';
import { revokeKeyAndDescendants } from '../db/api-keys';
import { newId } from '../infra/ids';
import { hashSecret } from '../infra/secrets';
import { ApiKeySchema, IntegratorAccountSchema, OAuthClientSchema, PartnerSchema, type AccountKind } from '../db/entities';
import { ENVIRONMENTS, testOrLive, type Environment } from '../domain/environment';

/** Partners, their OAuth clients, integrator accounts and API keys: what the `hub` CLI and the seed manage. */
export interface Secrets {
  encryptionKey: Buffer;
  hashPepper: Buffer;
  /** HUB_ENCRYPTION_KEY's ring, current first, for what may have been encrypted under a rotated-out key. */
  decryptionKeys?: readonly Buffer[];
}

export interface CreatedClient {
  environment: Environment;
  clientId: string;
  /** Shown once. */
  clientSecret: string;
}

export async function createPartner(
  orm: MikroORM,
  secrets: Secrets,
  input: {
    name: string;
    /** The webhook URL of both endpoints, unless `liveWebhookUrl` says otherwise for the live one. */
    webhookUrl?: string;
    liveWebhookUrl?: string | null;
    rateLimitPerMinute?: number;
    ipAllowlist?: string[];
  },
) {
  const webhookUrls = {
    sandbox: input.webhookUrl ?? null,
    live: input.liveWebhookUrl === undefined ? (input.webhookUrl ?? null) : input.liveWebhookUrl,
  };
  const clients: CreatedClient[] = [];
  let webhookSecrets!: Record<Environment, string>;
  const partner = await orm.em.fork().transactional(async (em) => {
    const partner = em.create(PartnerSchema, {
      id: newId('ptn'),
      name: input.name,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      ipAllowlist: input.ipAllowlist ?? [],
      createdAt: new Date(),
    });
    await em.flush(); // the clients and endpoints reference it
    webhookSecrets = createPartnerEndpoints(em, secrets.encryptionKey, partner.id, webhookUrls);
    for (const environment of ENVIRONMENTS) {
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
  return { partnerId: partner.id, name: partner.name, webhookUrls, webhookSecrets, clients };
}

export async function updatePartner(
  orm: MikroORM,
  partnerId: string,
  changes: { rateLimitPerMinute?: number | null; ipAllowlist?: string[]; accountId?: string | null },
) {
  const em = orm.em.fork();
  const partner = await em.findOneOrFail(PartnerSchema, { id: partnerId });
  em.assign(partner, changes);
  await em.flush();
  return partner;
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

/** Billing details whose fields contradict each other (a SIRET of another SIREN…): nothing was stored. */
export class BillingDetailsRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

function checkBillingDetails(billing: BillingDetails): void {
  const problems = billingDetailsProblems(billing);
  if (problems.length) throw new BillingDetailsRefused(problems);
}

/** A new account's scope ceiling when ops give none (infra/scopes.ts). */
export const defaultScopeCeiling = (kind: AccountKind): string[] => [
  ...(kind === 'operator' ? OPERATOR_DEFAULT_SCOPE_CEILING : CORPORATE_DEFAULT_SCOPE_CEILING),
];

function checkScopeCeiling(scopes: readonly string[]): void {
  const unknown = unknownScopes(scopes, API_KEY_SCOPES);
  if (unknown.length) throw new Error(`unknown scope(s): ${unknown.join(', ')}; known: ${API_KEY_SCOPES.join(', ')}`);
}

export async function createIntegratorAccount(
  orm: MikroORM,
  name: string,
  kind: AccountKind = 'corporate',
  billing: BillingDetails = {},
  scopeCeiling: readonly string[] = defaultScopeCeiling(kind),
) {
  checkBillingDetails(billing);
  checkScopeCeiling(scopeCeiling);
  const em = orm.em.fork();
  const account = em.create(IntegratorAccountSchema, {
    id: newId('acct'),
    name,
    kind,
    billing,
    scopeCeiling: [...new Set(scopeCeiling)],
    createdAt: new Date(),
  });
  await em.flush();
  return { accountId: account.id, name, kind, scopeCeiling: account.scopeCeiling };
}

/**
 * Sets an account's scope ceiling (ops only). Keys and console logins of the account lose the scopes beyond it on every
 * API process within milliseconds (authentication reads scopes within the ceiling); null when there is no such account.
 */
export async function updateScopeCeiling(orm: MikroORM, accountId: string, scopes: readonly string[]): Promise<string[] | null> {
  checkScopeCeiling(scopes);
  const em = orm.em.fork();
  const account = await em.findOne(IntegratorAccountSchema, { id: accountId });
  if (!account) return null;
  account.scopeCeiling = [...new Set(scopes)];
  await em.flush();
  return account.scopeCeiling;
}

/** Scopes asked for an account beyond what its ceiling grants: no key or console login of it is made with them. */
export class ScopeCeilingExceeded extends Error {
  constructor(
    readonly accountId: string,
    readonly beyond: string[],
  ) {
    super(`beyond the scope ceiling of ${accountId}: ${beyond.join(', ')}`);
  }
}

/** Refuses scopes beyond the account's ceiling (`ScopeCeilingExceeded`). */
export function checkWithinCeiling(accountId: string, ceiling: readonly string[], scopes: readonly string[]): void {
  const beyond = scopes.filter((s) => !ceiling.includes(s));
  if (beyond.length) throw new ScopeCeilingExceeded(accountId, beyond);
}

/** Sets the given billing fields of an account (others unchanged); null when there is no such account. */
export async function updateBillingDetails(orm: MikroORM, accountId: string, patch: BillingDetails): Promise<BillingDetails | null> {
  const em = orm.em.fork();
  const account = await em.findOne(IntegratorAccountSchema, { id: accountId });
  if (!account) return null;
  const billing = { ...account.billing, ...patch };
  checkBillingDetails(billing);
  account.billing = billing;
  await em.flush();
  return account.billing;
}

/** Who made a key through the API: the key (itself, or the one that opened the console login) and the login, if any. */
export interface KeyOrigin {
  apiKeyId: string | null;
  consoleLoginId: string | null;
}

export interface NewApiKey {
  accountId: string;
  environment: Environment;
  label: string;
  scopes: string[];
  ratePerMinute?: number;
  demo?: boolean;
  /** Its end; capped at the end of the key it came from. */
  expiresAt?: Date | null;
  /** Null or absent: made by ops (the CLI, the seed). */
  createdBy?: KeyOrigin | null;
  rolledFrom?: string | null;
}

/**
 * Creates a key (the secret is answered once). Refused beyond the account's scope ceiling (`ScopeCeilingExceeded`);
 * a key made from another key's authority ends no later than that key.
 */
export async function createApiKey(orm: MikroORM, secrets: Secrets, input: NewApiKey) {
  return orm.em.fork().transactional((em) => insertApiKey(em, secrets, input));
}

/** `createApiKey` inside the caller's transaction (a roll creates and retires in one). */
export async function insertApiKey(em: EntityManager, secrets: Secrets, input: NewApiKey) {
  const unknown = unknownScopes(input.scopes, API_KEY_SCOPES);
  if (unknown.length) throw new Error(`unknown scope(s): ${unknown.join(', ')}; known: ${API_KEY_SCOPES.join(', ')}`);
  const writing = unknownScopes(input.scopes, DEMO_KEY_SCOPES);
  if (input.demo && writing.length) throw new Error(`a demo key reads only; not ${writing.join(', ')}`);
  const account = await em.findOneOrFail(IntegratorAccountSchema, { id: input.accountId });
  checkWithinCeiling(account.id, account.scopeCeiling, input.scopes);
  const creatorId = input.createdBy?.apiKeyId;
  const creator = creatorId ? await em.findOneOrFail(ApiKeySchema, { id: creatorId }) : null;
  const ends = [input.expiresAt, creator?.expiresAt].filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  const generated = generateApiKey(testOrLive(input.environment));
  const key = em.create(ApiKeySchema, {
    id: generated.id,
    accountId: input.accountId,
    environment: input.environment,
    label: input.label,
    scopes: input.scopes,
    ratePerMinute: input.ratePerMinute ?? 600,
    secretHash: hashSecret(generated.secret, secrets.hashPepper),
    last4: generated.last4,
    createdAt: new Date(),
    expiresAt: ends.length ? new Date(Math.min(...ends)) : null,
    createdByApiKeyId: input.createdBy?.apiKeyId ?? null,
    createdByConsoleLoginId: input.createdBy?.consoleLoginId ?? null,
    rolledFromApiKeyId: input.rolledFrom ?? null,
    demo: input.demo ?? false,
  });
  await em.flush();
  return {
    keyId: generated.id,
    key: generated.key,
    masked: maskApiKey(generated.key),
    scopes: input.scopes,
    environment: input.environment,
    expiresAt: key.expiresAt ?? null,
  };
}

/**
 * Revokes a key and, transitively, every key made from its authority through the API (db/api-keys.ts); answers the
 * ids revoked now. The API processes hear of it within milliseconds (`credentials_changed`).
 */
export async function revokeApiKey(orm: MikroORM, keyId: string, now = new Date()): Promise<string[]> {
  return revokeKeyAndDescendants(orm, keyId, now);
}
