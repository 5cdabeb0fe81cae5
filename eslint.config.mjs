import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  { ignores: ['node_modules/', '.temporal/', '.data/', 'dist/', 'coverage/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Workflow code is replayed deterministically inside Temporal's sandbox: no Node built-ins, no I/O layers.
    // Activities may be imported for their types only (proxyActivities).
    files: ['workflows/**/*.ts', 'domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'Workflow code must stay deterministic: no Node built-ins.' })),
          patterns: [
            {
              group: ['**/db', '**/db/**', '**/api', '**/api/**', '**/infra/**', '**/workers/**'],
              message: 'Workflow code must not reach the database, the API or infrastructure.',
            },
            {
              group: ['**/activities/**'],
              allowTypeImports: true,
              message: 'Import activities with `import type` and call them through proxyActivities.',
            },
          ],
        },
      ],
    },
  },
);
