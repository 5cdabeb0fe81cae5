// Lints docs/openapi.json with Redocly's recommended ruleset; exits 1 on any error or warning that is not ignored below.
// A plain .mjs script because @redocly/openapi-core is ESM-only (jest cannot require it); test/unit/openapi.test.ts spawns it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
const source = readFileSync(file, 'utf8');
const pointer = (...segments) => `#/${segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

// operation-4xx-response stays on, except for the /.well-known/ discovery documents (JWKS, RFC 8414 metadata):
// they take no input and no credentials, so no client error can happen there and inventing one would mislead.
const { paths } = JSON.parse(source);
const discovery = Object.keys(paths)
  .filter((path) => path.startsWith('/.well-known/'))
  .flatMap((path) => Object.keys(paths[path]).map((method) => pointer('paths', path, method, 'responses')));
const ignore = { [file]: { 'operation-4xx-response': new Set(discovery) } };

// Examples are checked as JSON Schema says, with additionalProperties where the schema states it (every request schema
// does): the rule's default adds `additionalProperties: false` to every subschema, so an `if/then` that bounds one
// property (a vehicle class's seats) would refuse every other property of a valid example.
const rules = { 'no-invalid-media-type-examples': { severity: 'warn', allowAdditionalProperties: true } };
const config = await createConfig({ extends: ['recommended'], rules }, { ignore });
const problems = (await lintFromString({ source, absoluteRef: file, config })).filter((p) => !p.ignored);

for (const p of problems) {
  const where = p.location
    .map((l) => l.pointer)
    .filter(Boolean)
    .join(', ');
  console.error(`${p.severity} ${p.ruleId}: ${p.message}${where ? ` at ${where}` : ''}`);
}
console.log(problems.length ? `${problems.length} problem(s) in ${file}` : `${file}: no problems (Redocly recommended ruleset)`);
process.exit(problems.length ? 1 : 0);
