// Prints `tests: N passed, N failed` from jest's JSON results (CI reads that line, not jest's summary).
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'jest-results.json';
if (!existsSync(file)) {
  console.error(`no jest results at ${file}: the type check or the lint failed before jest ran`);
  process.exit(1);
}
const results = JSON.parse(readFileSync(file, 'utf8'));
const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
console.log(`tests: ${results.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 || !results.success ? 1 : 0);
