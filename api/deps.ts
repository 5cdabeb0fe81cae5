import type { BillingDetails } from '../domain/billing-details';
import type { BlockList } from 'node:net';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChangeListener } from '../db/change-listener';
import type { Lifeline } from '../db/lifeline';
import type { Logger } from '../infra/logger';
import type { PaymentProvider } from '../infra/payments/provider';
import type { Tracing } from '../infra/tracing';
import type { KeyStanding } from './auth/api-key-auth';
import type { DriverStanding } from './auth/driver-auth';
import type { CredentialStandings, Standing } from './auth/credential-standing';
import type { SigningKeyStore } from './auth/signing-keys';
import type { RateLimiter } from './middleware/rate-limit';
import type { PositionSignals } from '../app/position-signals';
import type { CodecServerDeps } from './codec-routes';
import type { Admission } from '../app/admission';
import type { AdmissionLimits } from '../domain/admission';
import type { Geocoder } from '../domain/places';
import type { RequestLogWriter } from '../app/request-log';

/** Everything the API needs, built once per process by its composition root. */
export interface ApiDeps {
  orm: MikroORM;
  temporal: Client;
  logger: Logger;
  signingKeys: SigningKeyStore;
  publicBaseUrl: string;
  /** The company that issues invoices (INVOICE_SELLER; a demo company in development). */
  invoiceSeller: BillingDetails;
  oauth: { issuer: string; audience: string; tokenTtlSeconds: number };
  partnerRateLimitPerMinute: number;
  /** Resolves typed addresses (GEOCODER, app/places.ts): the places operation and the address-near-coordinates check. */
  geocoder: Geocoder;
  /** How long a quote may be booked (QUOTE_VALIDITY_SECONDS). */
  quoteValiditySeconds: number;
  /** How long a payment waits for the cardholder's 3-D Secure challenge (PAYMENT_CHALLENGE_TIMEOUT). */
  paymentChallengeTimeoutMs: number;
  /** Serve the simulated payment provider's card endpoint and challenge page (/psp-sim): never in production, nor with Stripe. */
  simulatedProviderRoutes: boolean;
  /** Who takes the cards (PAYMENT_PROVIDER, infra/payments/configured.ts); the simulated provider on this database when absent. */
  paymentProvider?: PaymentProvider;
  /** PAYMENT_PROVIDER=stripe: the payment page's Stripe.js key and the webhook endpoint's signing secret. */
  stripe?: { publishableKey: string; webhookSecret: string };
  trustedProxies?: BlockList;
  /** HUB_DEV_WEBHOOK_TARGETS: sandbox and test webhooks may point at plain http and this machine (infra/safe-http.ts). */
  devWebhookTargets: boolean;
  /** The Temporal codec server: the hub's payload codec, who may use it, the Temporal UI's origins (api/codec-routes.ts). */
  codecServer: CodecServerDeps;
  encryptionKey: Buffer;
  /** PAYOUT_DEBTOR_IBAN with PAYOUT_PROVIDER=sepa: the account an imported statement must be of. */
  payoutDebtorIban?: string;
  /** HUB_ENCRYPTION_KEY's ring, current first: what was encrypted or signed under a rotated-out key still opens. */
  decryptionKeys: Buffer[];
  hashPepper: Buffer;
  /** The process's one LISTEN connection, fanning changes out to the tracking streams and the credential cache. */
  changes: ChangeListener;
  /** Partner clients' standing, cached until a change is notified (api/auth/credential-standing.ts). */
  standings: CredentialStandings<Standing>;
  /** API keys with their account's kind, cached the same way (api/auth/api-key-auth.ts). */
  apiKeys: CredentialStandings<KeyStanding>;
  /** Driver credentials and their units, cached the same way (api/auth/driver-auth.ts). */
  drivers: CredentialStandings<DriverStanding>;
  /** Rate-limit quota leased from PostgreSQL in slices (api/middleware/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** At most one position Signal per live ride per GPS interval from this process (api/driver/position-signals.ts). */
  positionSignals?: PositionSignals;
  /** Map tiles of the tracking page (TRACKING_TILE_URL); without them it draws an offline SVG map. */
  tracking?: { tileUrl?: string; tileAttribution?: string };
  /** The process's own PostgreSQL connection that holds its idempotency claims (`db/lifeline.ts`). */
  lifeline: Lifeline;
  /** Set once the process has begun to shut down: /readyz fails and every answer closes its connection (api/server.ts). */
  lifecycle: { draining: boolean };
  /** The clock of console links and logins and of API keys' ends (tests move it to pass timeouts); `new Date()` when absent. */
  now?: () => Date;
  /** How often a live stream asks whether its caller still stands (api/event-stream.ts; 30 s; tests shorten it). */
  streamRecheckMs?: number;
  /** The web console: its built files (HUB_CONSOLE_DIR) and the origins that may frame it (HUB_CONSOLE_EMBED_ORIGINS). */
  console: { dir: string; embedOrigins: string[] };
  /** The public API's request log, written in batches off the requests' path (app/request-log.ts); none: nothing logged. */
  requestLog?: RequestLogWriter;
  /** Load shedding's limits (HUB_SANDBOX_RIDE_BUDGET, HUB_LIVE_RIDE_BUDGET, HUB_MAX_TASK_WAIT_SECONDS). */
  admissionLimits: AdmissionLimits;
  /** Load shedding, started by `listen()` (api/server.ts); an app without it (a benchmark's bare app) admits every write. */
  admission?: Admission;
  /** Present only when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): one server span per request. */
  tracing?: Tracing;
}
