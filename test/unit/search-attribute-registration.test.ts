import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { loadDevStack, type DevStack } from '../../infra/dev-stack';
import { temporalCliPath } from '../../stack/temporal-binaries';
import { registerSearchAttributes } from '../../infra/search-attribute-registration';

const stack = loadDevStack();
const names = Object.keys(stack.searchAttributes);

/** Straight from the proto enum, so the yml → SDK type mapping is checked too. */
const PROTO_TYPE: Record<DevStack['searchAttributes'][string], Parameters<typeof encodeSearchAttributeIndexedValueType>[0]> = {
  Keyword: 'INDEXED_VALUE_TYPE_KEYWORD',
  Text: 'INDEXED_VALUE_TYPE_TEXT',
  Int: 'INDEXED_VALUE_TYPE_INT',
  Double: 'INDEXED_VALUE_TYPE_DOUBLE',
  Bool: 'INDEXED_VALUE_TYPE_BOOL',
  Datetime: 'INDEXED_VALUE_TYPE_DATETIME',
  KeywordList: 'INDEXED_VALUE_TYPE_KEYWORD_LIST',
};

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  // A dev server started without the yml's search attributes, like a fresh cluster.
  env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: temporalCliPath() }, namespace: stack.namespace },
  });
});

afterAll(() => env?.teardown());

const listCustom = async () =>
  (await env.connection.operatorService.listSearchAttributes({ namespace: stack.namespace })).customAttributes ?? {};

test('registers every search attribute of temporal-dev.yml; a second run finds them all', async () => {
  expect(Object.keys(await listCustom()).filter((n) => names.includes(n))).toEqual([]);

  expect(await registerSearchAttributes(env.connection, stack.namespace, stack)).toEqual({ added: names, existing: [], conflicts: [] });
  expect(await registerSearchAttributes(env.connection, stack.namespace, stack)).toEqual({ added: [], existing: names, conflicts: [] });

  const custom = await listCustom();
  for (const [name, type] of Object.entries(stack.searchAttributes)) {
    expect({ name, type: custom[name] }).toEqual({ name, type: encodeSearchAttributeIndexedValueType(PROTO_TYPE[type]) });
  }
});

test('reports an attribute that exists with another type instead of claiming it is there', async () => {
  await env.connection.operatorService.addSearchAttributes({
    namespace: stack.namespace,
    searchAttributes: { HubProbe: encodeSearchAttributeIndexedValueType('INDEXED_VALUE_TYPE_INT')! },
  });
  const probe: DevStack = { ...stack, searchAttributes: { HubProbe: 'Keyword' } };
  expect(await registerSearchAttributes(env.connection, stack.namespace, probe)).toEqual({
    added: [],
    existing: [],
    conflicts: [{ name: 'HubProbe', wanted: 'KEYWORD', actual: 'INT' }],
  });
});
