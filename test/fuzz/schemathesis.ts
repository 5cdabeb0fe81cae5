import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { API_KEY_SCOPES } from '../../infra/scopes';
import { PartnerSchema } from '../../db/entities';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import type { TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';

const root = join(__dirname, '..', '..');
export const CONFIG_FILE = join(__dirname, 'schemathesis.toml');

/** The pinned `st` from `npm ci` (scripts/provision-temporal.mjs), or SCHEMATHESIS_PATH. */
export function schemathesisPath(): string {
  const path = process.env.SCHEMATHESIS_PATH ?? join(root, '.temporal', 'bin', 'st');
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(
      `Schemathesis was not found at ${path}: run \`npm ci\` (or node scripts/provision-temporal.mjs), or set SCHEMATHESIS_PATH.`,
    );
  }
  return path;
}

export interface FuzzCredentials {
  /** Partner API: a sandbox client's bearer token with every partner scope. */
  partnerToken: string;
  /** The same client's id and secret, for the token endpoint. */
  client: { clientId: string; clientSecret: string };
  /** Public Integration API: a test API key with every API key scope, of the account that sees the partner's bookings. */
  apiKey: string;
  /** A booking the partner created, which the API key's account sees: gives the read-one operations a real id. */
  bookingId: string;
  /** Driver app: an online fleet unit's `drv_…` credential. */
  driverCredential: string;
}

/** The hub (API + workers) and the credentials Schemathesis calls it with; rate limits high enough not to get in the way. */
export async function startFuzzHub(
  db: TestDatabase,
  env: TestWorkflowEnvironment,
): Promise<{ hub: TestHub; credentials: FuzzCredentials }> {
  // A 5xx is a bug: its error and request id reach the run's output.
  const hub = await startTestHub(db, env, { env: { LOG_LEVEL: 'error' } });
  const partner = await createTestPartner(db.orm, { name: 'Fuzz Partner', rateLimitPerMinute: 1_000_000 });
  // An operator's key: every public operation answers it (the fleet registry refuses corporate keys).
  const { accountId } = await createIntegratorAccount(db.orm, 'Fuzz Integrator', 'operator');
  await db.orm.em.fork().nativeUpdate(PartnerSchema, { id: partner.partnerId }, { accountId });
  const key = await createApiKey(db.orm, TEST_SECRETS, {
    accountId,
    environment: 'sandbox',
    label: 'fuzz',
    scopes: [...API_KEY_SCOPES],
    ratePerMinute: 1_000_000,
  });
  const client = { clientId: partner.sandbox.clientId, clientSecret: partner.sandbox.clientSecret };
  const partnerToken = await requestToken(hub.baseUrl, client);
  const booking = await postJson(`${hub.baseUrl}/v1/bookings`, partnerToken, bookingBody({ external_id: 'FUZZ-1' }));
  if (booking.status !== 201) throw new Error(`could not create the fuzz run's booking: ${booking.status} ${booking.text}`);
  const unit = await createTestUnit(db.orm, { state: 'available', position: { lat: 48.8566, lng: 2.3522 } });
  return { hub, credentials: { partnerToken, client, apiKey: key.key, bookingId: booking.json.id, driverCredential: unit.credential } };
}

export interface FuzzProfile {
  name: 'short' | 'long';
  seed: number;
  maxExamples: number;
  phases: string[];
}

export const PROFILES: Record<FuzzProfile['name'], FuzzProfile> = {
  // In `npm test`: every operation through its examples, the coverage phase's boundary values and a few random cases.
  short: { name: 'short', seed: 20261122, maxExamples: 8, phases: ['examples', 'coverage', 'fuzzing'] },
  // `npm run fuzz`: many more random cases, and chains of calls following the responses (stateful phase).
  long: { name: 'long', seed: 20261122, maxExamples: 300, phases: ['examples', 'coverage', 'fuzzing', 'stateful'] },
};

export interface FuzzResult {
  exitCode: number | null;
  /** Schemathesis's report: every finding with the curl command that reproduces it. */
  output: string;
  /** The operations Schemathesis tested (`GET /v1/bookings/{id}`…) and whether each passed every check. */
  tested: Map<string, boolean>;
  ms: number;
}

/** The operations of a JUnit report and whether each passed (no <failure> or <error> inside its testcase). */
function junitOutcomes(xml: string): Map<string, boolean> {
  const tested = new Map<string, boolean>();
  for (const match of xml.matchAll(/<testcase name="([^"]+)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    tested.set(match[1].replace(/&amp;/g, '&'), !/<(failure|error)\b/.test(match[3] ?? ''));
  }
  return tested;
}

/** Runs `st run` with every check against the hub's served /openapi.json; resolves with its report. */
export function runSchemathesis(baseUrl: string, credentials: FuzzCredentials, profile: FuzzProfile): Promise<FuzzResult> {
  const reports = mkdtempSync(join(tmpdir(), 'hub-fuzz-'));
  const junit = join(reports, 'junit.xml');
  const args = [
    '--config-file',
    CONFIG_FILE,
    'run',
    `${baseUrl}/openapi.json`,
    '--checks',
    'all',
    '--seed',
    String(profile.seed),
    '--max-examples',
    String(profile.maxExamples),
    '--phases',
    profile.phases.join(','),
    // Generous: a create waits for its workflow, which a machine busy with other test runs can hold up for many
    // seconds; a slow answer is not a finding here (the crash and load tests measure time).
    '--request-timeout',
    '120',
    '--no-color',
    '--report',
    'junit',
    '--report-junit-path',
    junit,
    // E.g. `--include-path-regex '^/v1/quotes'` to fuzz one area, `--report har` to keep every request, or
    // `--max-examples 1000` (a later option wins).
    ...(process.env.HUB_FUZZ_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(schemathesisPath(), args, {
      cwd: root,
      env: {
        ...process.env,
        HUB_FUZZ_PARTNER_TOKEN: credentials.partnerToken,
        HUB_FUZZ_CLIENT_ID: credentials.client.clientId,
        HUB_FUZZ_CLIENT_SECRET: credentials.client.clientSecret,
        HUB_FUZZ_API_KEY: credentials.apiKey,
        HUB_FUZZ_BOOKING_ID: credentials.bookingId,
        HUB_FUZZ_DRIVER_CREDENTIAL: credentials.driverCredential,
        // A wide terminal keeps the report's lines whole.
        COLUMNS: '160',
        // Hypothesis's own files go to the run's temporary folder, not the project.
        HYPOTHESIS_STORAGE_DIRECTORY: join(reports, 'hypothesis'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      let tested = new Map<string, boolean>();
      try {
        tested = junitOutcomes(readFileSync(junit, 'utf8'));
      } catch {
        // no report: Schemathesis stopped before testing (its output says why)
      }
      rmSync(reports, { recursive: true, force: true });
      resolve({ exitCode, output, tested, ms: Date.now() - started });
    });
  });
}
