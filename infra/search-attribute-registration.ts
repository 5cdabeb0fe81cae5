import { isGrpcServiceError, type ConnectionLike } from '@temporalio/client';
import { SearchAttributeType } from '@temporalio/common';
// Not re-exported from the package root; the SDK exports it for registering search attributes in tests.
import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes';
import { searchAttributeKeys, type DevStack } from './dev-stack';

const GRPC_ALREADY_EXISTS = 6;

export interface Registration {
  added: string[];
  existing: string[];
  /** Present on the cluster with another type: a search attribute's type cannot be changed in place. */
  conflicts: { name: string; wanted: string; actual: string }[];
}

/** The stack's search attributes as the operator service names their types. */
export function indexedValueTypes(stack: DevStack): Record<string, number> {
  return Object.fromEntries(searchAttributeKeys(stack).map((k) => [k.name, encodeSearchAttributeIndexedValueType(k.type)!]));
}

function typeName(indexed: number | undefined): string {
  return Object.values(SearchAttributeType).find((t) => encodeSearchAttributeIndexedValueType(t) === indexed) ?? `#${indexed}`;
}

/**
 * Adds the search attributes of temporal-dev.yml that the namespace lacks, one per call. Existing ones are listed
 * first because SQL-backed servers (the dev server) answer "added" even for an attribute that already exists, whatever
 * its type; Elasticsearch-backed clusters answer ALREADY_EXISTS, which counts as present too.
 */
export async function registerSearchAttributes(connection: ConnectionLike, namespace: string, stack: DevStack): Promise<Registration> {
  const service = connection.operatorService;
  const { customAttributes } = await service.listSearchAttributes({ namespace });
  const result: Registration = { added: [], existing: [], conflicts: [] };
  const types = indexedValueTypes(stack);
  for (const { name, type: wanted } of searchAttributeKeys(stack)) {
    const type = types[name];
    const actual = customAttributes?.[name];
    if (actual !== undefined && actual !== null) {
      if (actual === type) result.existing.push(name);
      else result.conflicts.push({ name, wanted, actual: typeName(actual) });
      continue;
    }
    try {
      await service.addSearchAttributes({ namespace, searchAttributes: { [name]: type } });
      result.added.push(name);
    } catch (err) {
      if (!isGrpcServiceError(err) || err.code !== GRPC_ALREADY_EXISTS) throw err;
      result.existing.push(name);
    }
  }
  return result;
}
