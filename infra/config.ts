import { challengeTimeoutMs, DEFAULT_CHALLENGE_TIMEOUT } from '../domain/payments';
import { sellerProblems, type BillingDetails } from '../domain/billing-details';
import { parsePeriodSpec } from '../domain/finance-periods';
import { resolve } from 'node:path';
import { z } from 'zod';
import { MAX_WEBHOOK_TIMEOUT_MS } from '../domain/webhook-attempt';
import { parseKeyRing, type HubKey } from './key-ring';
import { parseKeyMaterial } from './secrets';
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { PayoutSettings } from './payouts/provider';
import { addressesRequired, postalAddressProblems, type PostalAddress } from '../domain/sepa';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(1).max(65535);
const url = z.url({ protocol: /^https?$/ });

/** A setting given as JSON: parsed, then checked by `problems` (none: valid); `shape` names its fields when it is not JSON. */
function jsonSetting<T>(shape: string, problems: (value: T) => string[]) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        const value = JSON.parse(v) as T;
        for (const message of problems(value)) ctx.addIssue({ code: 'custom', message });
        return value;
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be JSON: ${shape}` });
        return undefined;
      }
    });
}

/** Every environment variable the hub reads; README lists the same set. */
const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_BASE_URL: url.optional(),
  HUB_DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(5433),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^:]+:\d+$/, 'expected host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).optional(),
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS: bool.default(false),
  TEMPORAL_TLS_CERT_PATH: z.string().optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().optional(),
  HUB_ENCRYPTION_KEY: z.string().optional(),
  HUB_HASH_PEPPER: z.string().optional(),
  OAUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  PARTNER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  TRUSTED_PROXIES: z.string().default(''),
  QUOTE_VALIDITY_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  HUB_DEV_WEBHOOK_TARGETS: bool.default(false),
  HUB_CODEC_TOKEN: z.string().min(32, 'at least 32 characters (openssl rand -hex 32)').optional(),
  HUB_CODEC_ORIGINS: z.string().default('http://localhost:8233,http://127.0.0.1:8233'),
  HUB_CONSOLE_DIR: z.string().min(1).default('console/dist'),
  HUB_CONSOLE_EMBED_ORIGINS: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((o) => /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(o)),
      { message: 'expected comma-separated origins (https://portal.example.com)' },
    ),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(
      MAX_WEBHOOK_TIMEOUT_MS,
      `at most ${MAX_WEBHOOK_TIMEOUT_MS} (half an attempt's activity timeout: a slow receiver must never be posted twice)`,
    )
    .default(10_000),
  PASSENGER_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  INVOICE_SELLER: jsonSetting<BillingDetails>(
    '{"legal_name", "address", "city", "postal_code", "country", "tax_id", "email", "siren", "siret", "peppol_id", "vat_regime", "vat_on_debits"}',
    sellerProblems,
  ),
  PAYMENT_CHALLENGE_TIMEOUT: z
    .string()
    .default(DEFAULT_CHALLENGE_TIMEOUT)
    .refine(
      (v) => {
        try {
          challengeTimeoutMs(v);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be an ISO 8601 duration from PT1S to PT24H (PT15M, PT30S)' },
    ),
  FINANCE_PERIOD: z
    .string()
    .default('month')
    .refine(
      (v) => {
        try {
          parsePeriodSpec(v);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be month, week, day or an ISO 8601 duration of at least one minute that divides a day (PT5M, PT1H)' },
    ),
  PAYOUT_PROVIDER: z.enum(['simulated', 'sepa']).default('simulated'),
  PAYOUT_DEBTOR_IBAN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const iban = electronicFormatIBAN(v) ?? '';
      if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2)))
        ctx.addIssue({ code: 'custom', message: 'must be a valid IBAN of a SEPA country' });
      return iban;
    }),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .optional()
    .refine((v) => v === undefined || isValidBIC(v), { message: 'must be a BIC of 8 or 11 characters' }),
  PAYOUT_DEBTOR_NAME: z.string().min(1).max(70).optional(),
  PAYOUT_DEBTOR_ADDRESS: jsonSetting<PostalAddress>(
    '{"street", "building_number", "post_code", "town", "country"} (town and country required)',
    postalAddressProblems,
  ),
  SANDBOX_RIDE_SECONDS: z.coerce.number().min(1).max(3600).default(40),
  HUB_SANDBOX_RIDE_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(100),
  HUB_LIVE_RIDE_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(2000),
  HUB_MAX_TASK_WAIT_SECONDS: z.coerce.number().min(1).max(86_400).default(5),
  GPS_UPDATE_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(5),
  TRACKING_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/, 'expected an https tile URL template with {z}, {x} and {y}')
    .optional(),
  TRACKING_TILE_ATTRIBUTION: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'expected a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'expected a Stripe publishable key (pk_live_…, pk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, "expected the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_API_BASE: url.optional(),
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(25),
  WORKER_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type HubConfig = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

/** PAYOUT_PROVIDER and, for `sepa`, the account payout files are drawn on (both required then). */
function payoutSettings(env: z.infer<typeof envSchema>): PayoutSettings {
  if (env.PAYOUT_PROVIDER === 'simulated') return { provider: 'simulated' };
  const missing = [!env.PAYOUT_DEBTOR_IBAN && 'PAYOUT_DEBTOR_IBAN', !env.PAYOUT_DEBTOR_NAME && 'PAYOUT_DEBTOR_NAME'].filter(Boolean);
  if (missing.length) throw new Error(`PAYOUT_PROVIDER=sepa needs ${missing.join(' and ')} (the account payout files are drawn on)`);
  if (!env.PAYOUT_DEBTOR_ADDRESS && addressesRequired(env.PAYOUT_DEBTOR_IBAN!.slice(0, 2)))
    throw new Error(
      'PAYOUT_DEBTOR_ADDRESS is required: the debtor account is in a SEPA country outside the EEA, so every transfer carries its address',
    );
  return {
    provider: 'sepa',
    debtor: {
      iban: env.PAYOUT_DEBTOR_IBAN!,
      name: env.PAYOUT_DEBTOR_NAME!,
      bic: env.PAYOUT_DEBTOR_BIC ?? null,
      address: env.PAYOUT_DEBTOR_ADDRESS ?? null,
    },
  };
}

function toConfig(env: z.infer<typeof envSchema>) {
  const encryptionKeys = env.HUB_ENCRYPTION_KEY ? parseKeyRing(env.HUB_ENCRYPTION_KEY, 'HUB_ENCRYPTION_KEY') : undefined;
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl,
    dataDir: resolve(env.HUB_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    embeddedPostgresPort: env.EMBEDDED_PG_PORT,
    temporal: {
      address: env.TEMPORAL_ADDRESS,
      namespace: env.TEMPORAL_NAMESPACE,
      apiKey: env.TEMPORAL_API_KEY,
      tls: env.TEMPORAL_TLS || env.TEMPORAL_API_KEY !== undefined,
      tlsCertPath: env.TEMPORAL_TLS_CERT_PATH,
      tlsKeyPath: env.TEMPORAL_TLS_KEY_PATH,
      tlsServerName: env.TEMPORAL_TLS_SERVER_NAME,
    },
    secrets: {
      /** The whole ring, `encryptionKey` its first (current) key. */
      encryptionKeys,
      encryptionKey: encryptionKeys?.[0]!.key,
      hashPepper: env.HUB_HASH_PEPPER ? parseKeyMaterial(env.HUB_HASH_PEPPER, 'HUB_HASH_PEPPER') : undefined,
    },
    oauth: { issuer: publicBaseUrl, audience: `${publicBaseUrl}/v1`, tokenTtlSeconds: env.OAUTH_TOKEN_TTL_SECONDS },
    partnerRateLimitPerMinute: env.PARTNER_RATE_LIMIT_PER_MINUTE,
    trustedProxies: env.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
    /** Sandbox and test webhooks may point at plain http and this machine: `npm start` only, never production. */
    devWebhookTargets: env.HUB_DEV_WEBHOOK_TARGETS,
    /** The codec server's bearer token (api/codec-routes.ts); without it the codec server is off outside npm start. */
    codecToken: env.HUB_CODEC_TOKEN,
    codecOrigins: env.HUB_CODEC_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    /** The web console (api/console/routes.ts): its built files and the origins that may frame it. */
    console: {
      dir: resolve(env.HUB_CONSOLE_DIR),
      embedOrigins: env.HUB_CONSOLE_EMBED_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    production: env.NODE_ENV === 'production',
    publicBaseUrlSet: env.PUBLIC_BASE_URL !== undefined,
    /** Booking workflow settings the workers hand to every booking (sandbox clock, GPS coalescing). */
    ride: { sandboxRideMs: Math.round(env.SANDBOX_RIDE_SECONDS * 1000), gpsIntervalMs: Math.round(env.GPS_UPDATE_INTERVAL_SECONDS * 1000) },
    tracking: { tileUrl: env.TRACKING_TILE_URL, tileAttribution: env.TRACKING_TILE_ATTRIBUTION },
    /** Load shedding's limits (domain/admission.ts, docs/operations.md "Capacity and load shedding"). */
    admission: {
      sandboxRideBudget: env.HUB_SANDBOX_RIDE_BUDGET,
      liveRideBudget: env.HUB_LIVE_RIDE_BUDGET,
      maxTaskWaitSeconds: env.HUB_MAX_TASK_WAIT_SECONDS,
      sandboxRideSeconds: env.SANDBOX_RIDE_SECONDS,
    },
    quoteValiditySeconds: env.QUOTE_VALIDITY_SECONDS,
    /** Days after a ride ends before its passenger's name and contact data are erased (app/retention.ts). */
    passengerDataRetentionDays: env.PASSENGER_DATA_RETENTION_DAYS,
    /** The settlement cycle's period (domain/finance-periods.ts): the `finance-cycle` Schedule runs at each one's end. */
    financePeriod: env.FINANCE_PERIOD,
    /** How long a payment waits for the cardholder's 3-D Secure challenge (domain/payments.ts). */
    paymentChallengeTimeoutMs: challengeTimeoutMs(env.PAYMENT_CHALLENGE_TIMEOUT),
    /** The company that issues invoices (EN 16931's seller); a demo company until INVOICE_SELLER names it. */
    invoiceSeller: env.INVOICE_SELLER ?? DEMO_SELLER,
    invoiceSellerSet: env.INVOICE_SELLER !== undefined,
    /** Who takes the cards (PAYMENT_PROVIDER): the simulated PSP, or Stripe with its keys (infra/payments/stripe.ts). */
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
      },
    },
    /** How chauffeurs are paid: the simulated provider, or SEPA credit transfer files (PAYOUT_PROVIDER). */
    payouts: payoutSettings(env),
    workflowBundlePath: env.WORKFLOW_BUNDLE_PATH,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    /** The API's SIGTERM: how long /readyz fails before the listener closes, then how long in-flight requests get. */
    shutdown: { drainMs: Math.round(env.SHUTDOWN_DRAIN_SECONDS * 1000), graceMs: Math.round(env.SHUTDOWN_GRACE_SECONDS * 1000) },
    /** The worker's SIGTERM: how long its in-flight activities get to finish once it stopped polling (shutdownGraceTime). */
    workerShutdownGraceMs: Math.round(env.WORKER_SHUTDOWN_GRACE_SECONDS * 1000),
    logLevel: env.LOG_LEVEL,
  };
}

/** The seller on development and sandbox documents until INVOICE_SELLER names the real one. */
export const DEMO_SELLER: BillingDetails = {
  legal_name: 'Dispatch Hub Demo SAS',
  address: '10 rue de Rivoli',
  city: 'Paris',
  postal_code: '75001',
  country: 'FR',
  tax_id: 'FR40303265045',
  siren: '303265045',
  siret: '30326504500011',
  email: 'billing@dispatch-hub.example',
};

/** Reads and validates the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): HubConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  let config: HubConfig;
  try {
    config = toConfig(parsed.data);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  // With NODE_ENV=production any process (API, workers, CLI, migrations) stops at once rather than issue tokens and
  // links for localhost or run without its keys.
  if (config.production) requireProductionSettings(config);
  checkStripeSettings(config);
  return config;
}

/** Stripe's settings as the adapter needs them; only with PAYMENT_PROVIDER=stripe. */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBase?: string;
}

/**
 * PAYMENT_PROVIDER=stripe needs its three keys, of one mode (a test secret key beside a live publishable key takes
 * cards the server cannot charge); with NODE_ENV=production (a live deployment) a test key is refused, so a live hub
 * never takes its customers' cards into Stripe's test mode, where nothing is charged.
 */
export function checkStripeSettings(config: HubConfig): StripeSettings | undefined {
  if (config.payments.provider !== 'stripe') return undefined;
  const s = config.payments.stripe;
  const missing = [
    !s.secretKey && 'STRIPE_SECRET_KEY',
    !s.publishableKey && 'STRIPE_PUBLISHABLE_KEY',
    !s.webhookSecret && 'STRIPE_WEBHOOK_SECRET',
  ].filter(Boolean);
  if (missing.length)
    throw new ConfigError(`PAYMENT_PROVIDER=stripe needs ${missing.join(', ')} (docs/payments.md, "Going live with Stripe").`);
  const secretMode = /^(sk|rk)_live_/.test(s.secretKey!) ? 'live' : 'test';
  const publishableMode = s.publishableKey!.startsWith('pk_live_') ? 'live' : 'test';
  const wrong = [
    secretMode !== publishableMode &&
      `STRIPE_SECRET_KEY is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY a ${publishableMode} one: both come from the same mode of the Stripe dashboard`,
    config.production &&
      secretMode === 'test' &&
      'STRIPE_SECRET_KEY is a test key (sk_test_…): a live environment takes cards with a live key',
    config.production &&
      publishableMode === 'test' &&
      'STRIPE_PUBLISHABLE_KEY is a test key (pk_test_…): a live environment needs pk_live_…',
    config.production && s.apiBase && !s.apiBase.startsWith('https://') && 'STRIPE_API_BASE must be https:// in production',
  ].filter(Boolean);
  if (wrong.length) throw new ConfigError(`Invalid Stripe configuration:\n  ${wrong.join('\n  ')}`);
  return { secretKey: s.secretKey!, publishableKey: s.publishableKey!, webhookSecret: s.webhookSecret!, apiBase: s.apiBase };
}

/**
 * `start:api` and `start:worker` need every secret, service address and their public URL explicitly; with
 * NODE_ENV=production (the container image) the public URL must be https and development webhook targets are refused.
 */
export function requireProductionSettings(config: HubConfig): {
  databaseUrl: string;
  encryptionKey: Buffer;
  encryptionKeys: HubKey[];
  hashPepper: Buffer;
  temporalAddress: string;
} {
  const missing = [
    !config.publicBaseUrlSet && 'PUBLIC_BASE_URL',
    !config.databaseUrl && 'DATABASE_URL',
    !config.temporal.address && 'TEMPORAL_ADDRESS',
    !config.secrets.encryptionKey && 'HUB_ENCRYPTION_KEY',
    !config.secrets.hashPepper && 'HUB_HASH_PEPPER',
  ].filter(Boolean);
  if (missing.length) throw new ConfigError(`Missing required environment variables: ${missing.join(', ')} (see README).`);
  const wrong = [
    !config.publicBaseUrl.startsWith('https://') && 'PUBLIC_BASE_URL must be an https:// URL (tokens, tracking and receipt links carry it)',
    config.devWebhookTargets && 'HUB_DEV_WEBHOOK_TARGETS is for development only (webhooks to plain http and this machine)',
    !config.invoiceSellerSet && 'INVOICE_SELLER must name the company that issues invoices (its legal name, address, VAT id)',
    // Live money is never simulated: a simulated provider reports payments and payouts done with no money moved.
    config.payments.provider === 'simulated' &&
      'PAYMENT_PROVIDER is simulated (the default): live card payments need a real provider (PAYMENT_PROVIDER=stripe with live keys)',
    config.payouts.provider === 'simulated' &&
      'PAYOUT_PROVIDER is simulated (the default): live payouts need a real rail (PAYOUT_PROVIDER=sepa with PAYOUT_DEBTOR_IBAN, PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_ADDRESS)',
    config.payouts.provider === 'sepa' &&
      !config.payouts.debtor.address &&
      'PAYOUT_DEBTOR_ADDRESS must give the debtor account holder’s address (JSON, town and country at least): transfers to payees outside the EEA carry it',
  ].filter(Boolean);
  if (config.production && wrong.length) throw new ConfigError(`Invalid production configuration:\n  ${wrong.join('\n  ')}`);
  return {
    databaseUrl: config.databaseUrl!,
    encryptionKey: config.secrets.encryptionKey!,
    encryptionKeys: config.secrets.encryptionKeys!,
    hashPepper: config.secrets.hashPepper!,
    temporalAddress: config.temporal.address!,
  };
}

export function fail(err: unknown): never {
  const message = err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err));
  console.error(message);
  process.exit(1);
}
