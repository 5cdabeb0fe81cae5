/** Writes docs/openapi.json from OPERATIONS (`npm run openapi`); test/unit/openapi.test.ts fails while it is stale. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiJson } from '../api/openapi';

const target = join(__dirname, '..', 'docs', 'openapi.json');
writeFileSync(target, openApiJson());
console.log(`wrote ${target}`);
