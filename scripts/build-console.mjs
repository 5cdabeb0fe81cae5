// Install step (run by `npm ci` through postinstall, and by `npm run typecheck`): builds the web console.
//   1. console/src/client/schema.gen.ts (git-ignored): the TypeScript types of docs/openapi.json (openapi-typescript), so that
//      `tsc -p console` fails whenever the console and the public document disagree;
//   2. console/dist/: the console bundled by esbuild (one script, one stylesheet, content-hashed names) and its
//      index.html, which loads them by URL only: no inline script or style, so a strict Content-Security-Policy holds.
// `--types` stops after step 1. Both are skipped quietly when the build tools are absent (`npm ci --omit=dev`).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = join(root, 'console');
const dist = join(consoleDir, 'dist');
const started = Date.now();

async function load(name) {
  try {
    return await import(name);
  } catch {
    return null;
  }
}

const esbuild = await load('esbuild');
if (!esbuild) {
  console.log('[console] build tools not installed (production install): console/dist left as it is');
  process.exit(0);
}

// The types are regenerated only when the document changed (its hash is in the generated file's first line):
// openapi-typescript takes seconds to load, esbuild a fraction of one.
const documentText = readFileSync(join(root, 'docs', 'openapi.json'), 'utf8');
const hash = createHash('sha256').update(documentText).digest('hex').slice(0, 16);
const header = `// Generated from docs/openapi.json (${hash}) by scripts/build-console.mjs: do not edit, never committed.\n`;
const typesFile = join(consoleDir, 'src', 'client', 'schema.gen.ts');
if (!existsSync(typesFile) || !readFileSync(typesFile, 'utf8').startsWith(header)) {
  const openapiTS = await import('openapi-typescript');
  const ast = await openapiTS.default(JSON.parse(documentText));
  writeFileSync(typesFile, header + openapiTS.astToString(ast));
}
if (process.argv.includes('--types')) process.exit(0);

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { app: 'console/src/main.tsx' },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['chrome120', 'firefox120', 'safari17'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((file) => relative(dist, join(root, file)));
const script = outputs.find((file) => file.endsWith('.js'));
const style = outputs.find((file) => file.endsWith('.css'));
const template = readFileSync(join(consoleDir, 'index.html'), 'utf8');
writeFileSync(join(dist, 'index.html'), template.replace('%SCRIPT%', `/console/${script}`).replace('%STYLE%', `/console/${style}`));
console.log(`[console] built console/dist (${outputs.join(', ')}) in ${Date.now() - started} ms`);
