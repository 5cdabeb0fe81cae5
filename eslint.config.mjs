import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** A relative import that reaches into one of our top-level folders. */
const folder = (name) => `^(\\.\\./)+${name}(/|$)`;

/**
 * One layer's rule: the folders its files may not import (at all, or only for types), and whether Node built-ins are
 * out (code that runs inside Temporal's deterministic workflow sandbox).
 */
function layer(files, { forbidden, typesOnly = [], deterministic = false, sqlInDb = false, why }) {
  return {
    files,
    rules: {
      ...(sqlInDb ? { 'no-restricted-syntax': ['error', ...RAW_SQL_CALLS] } : {}),
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...(deterministic
              ? nodeBuiltins.map((name) => ({ name, message: 'Workflow code must stay deterministic: no Node built-ins.' }))
              : []),
            ...(sqlInDb ? [{ name: 'pg', message: `${SQL_IN_DB} (the \`pg\` driver is db/'s alone.)` }] : []),
          ],
          patterns: [
            ...forbidden.map((name) => ({ regex: folder(name), message: `${why} (${name}/ is above it or beside it).` })),
            ...(sqlInDb ? [{ regex: '^(\\.\\./)+db/sql$', message: SQL_IN_DB }] : []),
            ...typesOnly.map((name) => ({
              regex: folder(name),
              allowTypeImports: true,
              message: `Only types from ${name}/ here (import type); call it through its proper door.`,
            })),
          ],
        },
      ],
    },
  };
}

// SQL lives in db/ behind named functions (docs/architecture.md#layers): outside it, no raw statement through the ORM's
// connection, knex or query builder, no import of db/sql's executor or of the `pg` driver. A new statement goes into a
// db/ module. Every layer but db/ holds to it, the scripts of scripts/ too; the tools that load, build and test the
// stack (bench/, stack/, test/) may reach PostgreSQL directly.
const SQL_IN_DB =
  'SQL lives in db/: add a named function to a db/ module (booking-writes, partner-events, public-deliveries, …) and call it.';
// `.execute(…)` on a Temporal workflow client (`client.workflow.execute`, `workflow.execute`) starts a workflow and
// waits for its result: no SQL, so it is left alone.
const NOT_TEMPORAL = `:not([callee.object.name='workflow'], [callee.object.property.name='workflow'])`;
const RAW_SQL_CALLS = ['execute', 'getConnection', 'getKnex', 'createQueryBuilder'].map((method) => ({
  selector: `CallExpression[callee.type='MemberExpression'][callee.property.name='${method}']${method === 'execute' ? NOT_TEMPORAL : ''}`,
  message: `${SQL_IN_DB} (\`.${method}(…)\` runs SQL outside db/.)`,
}));

// Imports run one way (docs/architecture.md#layers):
//   api, scripts, bench → app → contracts, db → domain, infra;  workflows → contracts, domain;  activities → db, domain, infra.
const TOOLS = ['scripts', 'bench', 'test'];
// The console reaches none of the hub's own folders; within it, pages use components, never the other way round.
const CONSOLE_FORBIDDEN = ['api', 'app', 'activities', 'contracts', 'db', 'domain', 'infra', 'workflows', 'workers', ...TOOLS];

export default tseslint.config(
  { ignores: ['node_modules/', '.temporal/', '.data/', 'dist/', 'coverage/', 'console/dist/', 'console/src/client/schema.gen.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  layer(['domain/**/*.ts'], {
    forbidden: ['db', 'api', 'app', 'infra', 'contracts', 'workflows', 'activities', 'workers', ...TOOLS],
    deterministic: true,
    sqlInDb: true,
    why: 'Domain rules are pure and run inside workflows',
  }),
  layer(['contracts/**/*.ts'], {
    forbidden: ['db', 'api', 'app', 'infra', 'workflows', 'activities', 'workers', ...TOOLS],
    deterministic: true,
    sqlInDb: true,
    why: 'Workflow contracts are shared by workflows and their callers, so they hold only names, messages and types',
  }),
  layer(['workflows/**/*.ts'], {
    forbidden: ['db', 'api', 'app', 'infra', 'workers', ...TOOLS],
    typesOnly: ['activities'],
    deterministic: true,
    sqlInDb: true,
    why: 'Workflow code must not reach the database, the API or infrastructure',
  }),
  layer(['infra/**/*.ts'], {
    forbidden: ['db', 'api', 'app', 'contracts', 'workflows', 'activities', 'workers', ...TOOLS],
    sqlInDb: true,
    why: 'Infrastructure is the floor: it knows nothing of the hub above it',
  }),
  layer(['db/**/*.ts'], {
    forbidden: ['api', 'app', 'workflows', 'activities', 'workers', ...TOOLS],
    why: 'The database layer holds entities, migrations and queries only',
  }),
  layer(['activities/**/*.ts'], {
    forbidden: ['api', 'app', 'workflows', 'workers', ...TOOLS],
    sqlInDb: true,
    why: 'Activities are side effects on db and infra, called by workflows',
  }),
  layer(['app/**/*.ts'], {
    forbidden: ['api', 'activities', 'workers', ...TOOLS],
    typesOnly: ['workflows'],
    sqlInDb: true,
    why: 'The application layer serves both APIs, the CLI and housekeeping; it knows no HTTP',
  }),
  layer(['api/**/*.ts'], {
    forbidden: ['activities', 'workers', ...TOOLS],
    typesOnly: ['workflows'],
    sqlInDb: true,
    why: 'The API calls app/ and reads the read model; workflows are reached through Temporal',
  }),
  layer(['console/**/*.{ts,tsx}'], {
    forbidden: CONSOLE_FORBIDDEN,
    why: 'The console is a browser client of the public API: it knows the hub only through docs/openapi.json',
  }),
  layer(['console/src/components/**/*.{ts,tsx}'], {
    forbidden: [...CONSOLE_FORBIDDEN, 'pages'],
    why: 'A console component serves pages without knowing them, and knows the hub only through docs/openapi.json',
  }),
  layer(['workers/**/*.ts'], {
    forbidden: ['api', 'app', ...TOOLS],
    sqlInDb: true,
    why: 'Workers wire activities and workflows to task queues',
  }),
  layer(['scripts/**/*.ts'], {
    forbidden: [],
    sqlInDb: true,
    why: 'Scripts run the hub and its CLI',
  }),
);
