import { join } from 'node:path';
import { fail } from '../infra/config';
import { checkAndTestRules, ensurePromtool } from '../stack/promtool';

/**
 * `npm run test:rules`: `promtool check rules` and `promtool test rules` on ops/prometheus/ (Debian's, unpacked once into
 * .temporal/monitoring/). Prints both outputs; exits non-zero when either fails.
 */
async function main() {
  const dir = join(__dirname, '..', 'ops', 'prometheus');
  const promtool = await ensurePromtool((line) => console.log(line));
  const result = await checkAndTestRules(
    promtool,
    [join(dir, 'hub-slo.rules.yml'), join(dir, 'hub-outage.rules.yml')],
    [join(dir, 'hub-slo.test.yml'), join(dir, 'hub-outage.test.yml')],
  );
  console.log(result.check.trim());
  console.log(result.test.trim());
  process.exit(result.ok ? 0 : 1);
}

main().catch(fail);
