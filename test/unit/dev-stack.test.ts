import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devServerArgs, loadDevStack, searchAttributeKeys } from '../../infra/dev-stack';
import { ALL_SEARCH_ATTRIBUTE_KEYS } from '../../contracts/search-attributes';

describe('temporal-dev.yml', () => {
  const stack = loadDevStack();

  it('declares exactly the search attributes the workflows use, with the same types', () => {
    const fromYaml = searchAttributeKeys(stack)
      .map((k) => `${k.name}:${k.type}`)
      .sort();
    const fromCode = ALL_SEARCH_ATTRIBUTE_KEYS.map((k) => `${k.name}:${k.type}`).sort();
    expect(fromYaml).toEqual(fromCode);
    expect(fromYaml).toHaveLength(11);
  });

  it('builds the dev server command line: persistent SQLite in the data dir, UI port, attributes, update-with-start', () => {
    const args = devServerArgs(stack, '/var/hub');
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(args.slice(0, 2)).toEqual(['server', 'start-dev']);
    expect(value('--db-filename')).toBe(join('/var/hub', stack.dbFilename));
    expect(value('--ui-port')).toBe(String(stack.uiPort));
    expect(value('--port')).toBe(String(stack.frontendPort));
    const attributes = args.filter((_, i) => args[i - 1] === '--search-attribute');
    expect(attributes).toContain('BookingStatus=Keyword');
    expect(attributes).toContain('PickupAt=Datetime');
    const dynamic = args.filter((_, i) => args[i - 1] === '--dynamic-config-value');
    expect(dynamic).toContain('frontend.enableExecuteMultiOperation=true');
    // Task priority and fairness keys (contracts/task-queues.ts) need the new matcher and fairness on.
    expect(dynamic).toContain('matching.enableFairness=true');
    expect(dynamic).toContain('matching.useNewMatcher=true');
  });

  it('refuses an invalid file with a message naming the file and the field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stack-')), 'bad.yml');
    writeFileSync(file, 'namespace: default\nip: 127.0.0.1\nfrontendPort: -1\nuiPort: 8233\ndbFilename: x\nsearchAttributes: {A: Nope}\n');
    expect(() => loadDevStack(file)).toThrow(new RegExp(`${file}.*(frontendPort|searchAttributes)`, 's'));
  });
});
