import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * The messages `npm run lint` gives each [path, text] (the files need not exist), by ESLint's API in a Node process of
 * its own (its configuration is an ES module, which jest's sandbox does not load).
 */
function lintAll(files: [string, string][]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const files = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const [path, text] of files) {
        const [result] = await eslint.lintText(text, { filePath: require('node:path').join(process.cwd(), path) });
        out.push(result.messages.map((m) => m.ruleId + ': ' + m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, JSON.stringify(files)], { cwd: ROOT, encoding: 'utf8' }));
}

const RAW_STATEMENT = `import type { MikroORM } from '@mikro-orm/postgresql';
export async function count(orm: MikroORM) {
  return orm.em.fork().execute('select count(*) from settlements');
}
`;
const PG_IMPORT = `import { Pool } from 'pg';
export const pool = () => new Pool();
`;

const START_WORKFLOW = `import type { Client } from '@temporalio/client';
export const run = (client: Client) => client.workflow.execute('w', { taskQueue: 'q', workflowId: 'w' });
`;

describe('the sqlInDb lint: SQL lives in db/', () => {
  const rawIn = ['app/x.ts', 'workers/x.ts', 'scripts/x.ts', 'infra/x.ts'];
  const pgIn = ['activities/x.ts', 'api/x.ts'];
  let results: string[][];
  beforeAll(() => {
    results = lintAll([
      ...rawIn.map((p): [string, string] => [p, RAW_STATEMENT]),
      ...pgIn.map((p): [string, string] => [p, PG_IMPORT]),
      ['db/x.ts', RAW_STATEMENT],
      ['db/x.ts', PG_IMPORT],
      ['app/x.ts', START_WORKFLOW],
    ]);
  }, 120_000);

  it('refuses a raw statement in app/, workers/, scripts/ and infra/', () => {
    rawIn.forEach((_, i) =>
      expect(results[i]).toEqual([
        expect.stringMatching(/^no-restricted-syntax: SQL lives in db\/.*`\.execute\(…\)` runs SQL outside db\//),
      ]),
    );
  });

  it('refuses the pg driver in activities/ and api/', () => {
    pgIn.forEach((_, i) =>
      expect(results[rawIn.length + i]).toEqual([
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*SQL lives in db\/.*`pg` driver/),
      ]),
    );
  });

  it('lets db/ run statements and import pg, and a workflow client execute a workflow anywhere', () => {
    expect(results.slice(rawIn.length + pgIn.length)).toEqual([[], [], []]);
  });
});
