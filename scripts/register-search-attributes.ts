import { fail, loadConfig } from '../infra/config';
import { loadDevStack } from '../infra/dev-stack';
import { registerSearchAttributes } from '../infra/search-attribute-registration';
import { connectOperator, temporalTarget } from '../infra/temporal-connection';

async function main() {
  const config = loadConfig();
  const stack = loadDevStack();
  const target = temporalTarget(config, { address: `${stack.ip}:${stack.frontendPort}`, namespace: stack.namespace });
  const connection = await connectOperator(target);
  try {
    const { added, existing, conflicts } = await registerSearchAttributes(connection, target.namespace, stack);
    console.log(`Search attributes of namespace ${target.namespace} at ${target.address}:`);
    for (const name of added) console.log(`  added           ${name} (${stack.searchAttributes[name]})`);
    for (const name of existing) console.log(`  already there   ${name} (${stack.searchAttributes[name]})`);
    for (const c of conflicts)
      console.error(`  WRONG TYPE      ${c.name}: the cluster has ${c.actual}, temporal-dev.yml wants ${c.wanted}`);
    if (conflicts.length) process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

if (require.main === module) main().catch(fail);
