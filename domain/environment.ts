/**
 * Where a thing lives, one name inside the hub: `live` (real rides, real money) or `sandbox` (simulated rides, test
 * keys, test money). Partners and integrators meet the same two environments under their own words, which are made
 * only at each API's edge (docs/architecture.md#one-word-for-an-environment): the Partner API says `sandbox` / `live`,
 * the Public Integration API `test` / `live` (`hub_test_…` keys) and `livemode`.
 */
export type Environment = 'sandbox' | 'live';

export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'live'];

/** The environment of a credential, booking or document that carries `livemode`. */
export const environmentOf = (livemode: boolean): Environment => (livemode ? 'live' : 'sandbox');

/**
 * The Public Integration API's word for an environment: `test` or `live`. It is also what that API's own tables
 * (api_keys, webhook destinations and deliveries, public events) and its workflows' payloads have always stored, so
 * those keep it; `testOrLive` and `environmentOfTestOrLive` translate at that edge.
 */
export type TestOrLive = 'test' | 'live';

export const testOrLive = (environment: Environment): TestOrLive => (environment === 'live' ? 'live' : 'test');

export const environmentOfTestOrLive = (word: TestOrLive): Environment => (word === 'live' ? 'live' : 'sandbox');
