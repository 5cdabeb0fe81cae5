import { Type } from '@mikro-orm/core';
import type { Environment, TestOrLive } from '../../domain/environment';

/**
 * The `environment` column of the Public Integration API's own tables (api_keys, webhook destinations, deliveries,
 * public events): it has always stored that API's words, `test` or `live`; the entities read and write the hub's one
 * word, `Environment` (domain/environment.ts). Either word converts, so a value already translated passes unchanged.
 */
export class TestOrLiveColumn extends Type<Environment, TestOrLive> {
  override convertToDatabaseValue(value: Environment | TestOrLive): TestOrLive {
    return value === 'live' ? 'live' : 'test';
  }

  override convertToJSValue(value: TestOrLive | Environment): Environment {
    return value === 'live' ? 'live' : 'sandbox';
  }

  override getColumnType(): string {
    return 'text';
  }

  override compareAsType(): string {
    return 'string';
  }
}
