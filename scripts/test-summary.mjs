// Prints `tests: N passed, N failed` over jest's JSON results of both tiers (CI reads that line, not jest's summary).
import { existsSync, readFileSync } from 'node:fs';

const files = process.argv.length > 2 ? process.argv.slice(2) : ['jest-results.json'];
let passed = 0;
let failed = 0;
let complete = true;
for (const file of files) {
  if (!existsSync(file)) {
    console.error(`no jest results at ${file}: the type check, the lint or an earlier tier failed before jest ran`);
    complete = false;
    continue;
  }
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
  if (!results.success) complete = false;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || !complete ? 1 : 0);
