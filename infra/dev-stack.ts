import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

type SearchAttributeKey = ReturnType<typeof defineSearchAttributeKey>;

const TYPES = {
  Keyword: SearchAttributeType.KEYWORD,
  Text: SearchAttributeType.TEXT,
  Int: SearchAttributeType.INT,
  Double: SearchAttributeType.DOUBLE,
  Bool: SearchAttributeType.BOOL,
  Datetime: SearchAttributeType.DATETIME,
  KeywordList: SearchAttributeType.KEYWORD_LIST,
} as const;

const devStackSchema = z.object({
  namespace: z.string().min(1),
  ip: z.string().min(1),
  frontendPort: z.number().int().positive(),
  uiPort: z.number().int().positive(),
  dbFilename: z.string().min(1),
  searchAttributes: z.record(z.string(), z.enum(Object.keys(TYPES) as [keyof typeof TYPES])),
  dynamicConfig: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).default({}),
  sqlitePragmas: z.record(z.string(), z.string()).default({}),
});

export type DevStack = z.infer<typeof devStackSchema>;

export const DEV_STACK_FILE = join(__dirname, '..', 'temporal-dev.yml');

export function loadDevStack(file = DEV_STACK_FILE): DevStack {
  const parsed = devStackSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function searchAttributeKeys(stack: DevStack): SearchAttributeKey[] {
  return Object.entries(stack.searchAttributes).map(([name, type]) => defineSearchAttributeKey(name, TYPES[type]));
}

/** Flags shared by `temporal server start-dev` and the tests' `createLocal` (which adds port and namespace itself). */
export function devServerExtraArgs(stack: DevStack): string[] {
  const args: string[] = [];
  for (const [key, value] of Object.entries(stack.dynamicConfig)) {
    args.push('--dynamic-config-value', `${key}=${JSON.stringify(value)}`);
  }
  for (const [key, value] of Object.entries(stack.sqlitePragmas)) args.push('--sqlite-pragma', `${key}=${value}`);
  return args;
}

/**
 * The whole command line of the persistent dev server that `npm start` runs; its UI decodes payloads through the hub's
 * codec server at `codecEndpoint` (api/codec-routes.ts).
 */
export function devServerArgs(stack: DevStack, dataDir: string, codecEndpoint?: string): string[] {
  const dbFile = isAbsolute(stack.dbFilename) ? stack.dbFilename : join(dataDir, stack.dbFilename);
  const args = [
    'server',
    'start-dev',
    '--ip',
    stack.ip,
    '--port',
    String(stack.frontendPort),
    '--ui-port',
    String(stack.uiPort),
    '--namespace',
    stack.namespace,
    '--db-filename',
    dbFile,
    '--log-level',
    'error',
  ];
  for (const [name, type] of Object.entries(stack.searchAttributes)) args.push('--search-attribute', `${name}=${type}`);
  if (codecEndpoint) args.push('--ui-codec-endpoint', codecEndpoint);
  return [...args, ...devServerExtraArgs(stack)];
}
