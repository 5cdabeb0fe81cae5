import type { ParseArgsOptionsConfig } from 'node:util';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Secrets } from '../../app/accounts';
import type { PaymentProvider } from '../../infra/payments/provider';
import type { PayoutSettings } from '../../infra/payouts/provider';

/** What one `hub` command needs; the wiring (scripts/hub.ts) or a test provides it. */
export interface HubIo {
  orm: MikroORM;
  secrets: Secrets;
  out: (s: string) => void;
  err: (s: string) => void;
  /** OAUTH_TOKEN_TTL_SECONDS: how long a retired signing key keeps verifying. */
  tokenTtlSeconds?: number;
  /** Connects to Temporal, for the few commands that start a workflow (connected on first use). */
  temporal?: () => Promise<Client>;
  /** HUB_DEV_WEBHOOK_TARGETS: test destinations may point at plain http and this machine (infra/safe-http.ts). */
  devWebhookTargets?: boolean;
  /** FINANCE_PERIOD (domain/finance-periods.ts). */
  financePeriod?: string;
  /** Who takes the cards (PAYMENT_PROVIDER); the simulated PSP when absent. */
  paymentProvider?: PaymentProvider;
  /** PUBLIC_BASE_URL: console sign-in links point there. */
  publicBaseUrl?: string;
  /** PAYOUT_PROVIDER and its debtor account: statements are checked against it, re-issued payouts filed on it. */
  payouts?: PayoutSettings;
}

export type Flags = Record<string, string | boolean | undefined>;

export interface Context {
  orm: MikroORM;
  secrets: Secrets;
  flags: Flags;
  args: string[];
  tokenTtlSeconds: number;
  temporal?: () => Promise<Client>;
  devWebhookTargets: boolean;
  financePeriod: string;
  /** Who takes the cards (PAYMENT_PROVIDER); the simulated PSP when absent. */
  paymentProvider?: PaymentProvider;
  /** PUBLIC_BASE_URL: console sign-in links point there. */
  publicBaseUrl: string;
  payouts?: PayoutSettings;
}

/** `json` is printed with --json, `text` otherwise. */
export interface Result {
  json: unknown;
  text: string;
}

export interface Command {
  /** Synopsis after `hub `. */
  usage: string;
  summary: string;
  options?: ParseArgsOptionsConfig;
  /** Names of the required positional arguments. */
  args?: string[];
  run(ctx: Context): Promise<Result>;
}

/** Bad command line: usage on stderr, exit 2. */
export class UsageError extends Error {}

/** The command could not be done (unknown id, revoked client…): message on stderr, exit 1. */
export class Failure extends Error {}

export function flag(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

export function requiredFlag(flags: Flags, name: string): string {
  const value = flag(flags, name);
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

export function positiveInt(value: string, name: string): number {
  const n = Number(value);
  // The columns are PostgreSQL `integer`.
  if (!/^\d+$/.test(value) || n < 1 || n > 2 ** 31 - 1) throw new UsageError(`--${name} must be a positive integer`);
  return n;
}

export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** For text output: second precision, '-' when absent. */
export function when(date: Date | null | undefined): string {
  return date ? date.toISOString().replace(/\.\d+Z$/, 'Z') : '-';
}

export function isoOrNull(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

export function table(header: string[], rows: string[][]): string {
  if (!rows.length) return '(none)';
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** Aligned `label  value` lines. */
export function fields(pairs: [string, string][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}
