import { parseArgs } from 'node:util';
import { NotFoundError } from '@mikro-orm/core';
import { accountCommands } from './hub/accounts';
import { Failure, UsageError, type Command, type Flags, type HubIo } from './hub/cli';
import { clientCommands } from './hub/clients';
import { consoleCommands } from './hub/console';
import { fleetCommands } from './hub/fleet';
import { destinationCommands } from './hub/destinations';
import { keyCommands } from './hub/keys';
import { partnerCommands } from './hub/partners';
import { partnerDeliveryCommands } from './hub/partner-deliveries';
import { receiptCommands } from './hub/receipts';
import { financeCommands } from './hub/finance';
import { invoiceCommands } from './hub/invoices';
import { paymentCommands } from './hub/payments';
import { signingKeyCommands } from './hub/signing-keys';

export type { HubIo } from './hub/cli';

const RESOURCES: Record<string, Record<string, Command>> = {
  partners: partnerCommands,
  'partner-deliveries': partnerDeliveryCommands,
  clients: clientCommands,
  accounts: accountCommands,
  keys: keyCommands,
  'signing-keys': signingKeyCommands,
  fleet: fleetCommands,
  destinations: destinationCommands,
  receipts: receiptCommands,
  finance: financeCommands,
  invoices: invoiceCommands,
  payments: paymentCommands,
  console: consoleCommands,
};

const COMMON_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

/** The OAUTH_TOKEN_TTL_SECONDS default, when the caller does not pass the configured value. */
const DEFAULT_TOKEN_TTL_SECONDS = 3600;

export function usage(resource?: string): string {
  const lines = ['Usage: npm run hub -- <command> [options] [--json]', ''];
  for (const [name, commands] of Object.entries(RESOURCES)) {
    if (resource && name !== resource) continue;
    for (const c of Object.values(commands)) lines.push(`  ${c.usage}`, `      ${c.summary}`);
  }
  lines.push('', 'Every command takes --json (one JSON document on stdout) and --help.');
  return lines.join('\n');
}

function commandUsage(command: Command): string {
  return `Usage: npm run hub -- ${command.usage} [--json]\n\n${command.summary}`;
}

function usageError(io: Pick<HubIo, 'err'>, message: string, text: string): number {
  io.err(`hub: ${message}\n\n${text}`);
  return 2;
}

function lookup<T>(table: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

export interface ParsedCommand {
  command: Command;
  flags: Flags;
  args: string[];
}

/**
 * Reads the command line without touching the database. Returns the exit code when there is nothing to run
 * (help was printed, or the command line is wrong and usage went to stderr).
 */
export function parseHubArgs(argv: string[], io: Pick<HubIo, 'out' | 'err'>): ParsedCommand | number {
  const [resource, action, ...rest] = argv;
  if (resource === undefined) return usageError(io, 'missing command', usage());
  if (resource === 'help' || resource === '--help' || resource === '-h') {
    io.out(usage());
    return 0;
  }
  const commands = lookup(RESOURCES, resource);
  if (!commands) return usageError(io, `unknown command '${resource}'`, usage());
  if (action === '--help' || action === '-h') {
    io.out(usage(resource));
    return 0;
  }
  const command = lookup(commands, action);
  if (!command)
    return usageError(io, action ? `unknown command '${resource} ${action}'` : `missing command after '${resource}'`, usage(resource));
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...command.options, ...COMMON_OPTIONS }, allowPositionals: true, strict: true });
  } catch (err) {
    return usageError(io, (err as Error).message, commandUsage(command));
  }
  if (parsed.values.help) {
    io.out(commandUsage(command));
    return 0;
  }
  const expected = command.args ?? [];
  if (parsed.positionals.length !== expected.length) {
    const message =
      parsed.positionals.length < expected.length
        ? `missing <${expected[parsed.positionals.length]}>`
        : `unexpected argument '${parsed.positionals[expected.length]}'`;
    return usageError(io, message, commandUsage(command));
  }
  return { command, flags: parsed.values as Flags, args: parsed.positionals };
}

/** Runs one `hub` command line; returns the exit code (0 done, 1 failed, 2 bad command line). */
export async function runHub(argv: string[], io: HubIo): Promise<number> {
  const parsed = parseHubArgs(argv, io);
  if (typeof parsed === 'number') return parsed;
  const { command, flags, args } = parsed;
  try {
    const result = await command.run({
      orm: io.orm,
      secrets: io.secrets,
      flags,
      args,
      tokenTtlSeconds: io.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
      temporal: io.temporal,
      devWebhookTargets: io.devWebhookTargets ?? false,
      financePeriod: io.financePeriod ?? 'month',
      paymentProvider: io.paymentProvider,
      payouts: io.payouts,
      publicBaseUrl: io.publicBaseUrl ?? 'http://localhost:3000',
    });
    io.out(flags.json ? JSON.stringify(result.json, null, 2) : result.text);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return usageError(io, err.message, commandUsage(command));
    const expected = err instanceof Failure || err instanceof NotFoundError;
    io.err(`hub: ${expected ? err.message : ((err as Error).stack ?? String(err))}`);
    return 1;
  }
}
