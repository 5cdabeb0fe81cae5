import { ConfigError, loadConfig, requireProductionSettings } from '../../infra/config';
import { productionTarget } from '../../infra/temporal-connection';

describe('configuration', () => {
  it('has working defaults for the embedded stack', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.oauth).toEqual({ issuer: 'http://localhost:3000', audience: 'http://localhost:3000/v1', tokenTtlSeconds: 3600 });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('stops on a bad value with a message that names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TEMPORAL_ADDRESS: 'no-port' })).toThrow(/TEMPORAL_ADDRESS/);
    expect(() => loadConfig({ HUB_ENCRYPTION_KEY: 'short' })).toThrow(/HUB_ENCRYPTION_KEY/);
  });

  it('requires every production setting at once and lists the missing ones', () => {
    expect(() => requireProductionSettings(loadConfig({ DATABASE_URL: 'postgres://h/db' }))).toThrow(
      /TEMPORAL_ADDRESS, HUB_ENCRYPTION_KEY, HUB_HASH_PEPPER/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    const ok = requireProductionSettings(
      loadConfig({ DATABASE_URL: 'postgres://h/db', TEMPORAL_ADDRESS: 'temporal:7233', HUB_ENCRYPTION_KEY: key, HUB_HASH_PEPPER: key }),
    );
    expect(ok.temporalAddress).toBe('temporal:7233');
    expect(ok.encryptionKey).toHaveLength(32);
  });
});

describe('production Temporal target', () => {
  const required = { DATABASE_URL: 'postgres://h/db', TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233' };

  it('uses TEMPORAL_NAMESPACE when set and `default` otherwise', () => {
    expect(productionTarget(loadConfig(required), 'ns.acct.tmprl.cloud:7233')).toMatchObject({
      address: 'ns.acct.tmprl.cloud:7233',
      namespace: 'default',
    });
    const cloud = loadConfig({ ...required, TEMPORAL_NAMESPACE: 'ns.acct', TEMPORAL_API_KEY: 'key' });
    expect(productionTarget(cloud, 'ns.acct.tmprl.cloud:7233')).toMatchObject({ namespace: 'ns.acct', apiKey: 'key', tls: true });
  });

  it('reads the worker metrics port, 0 turning it off', () => {
    expect(loadConfig({}).workerMetricsPort).toBe(9464);
    expect(loadConfig({ WORKER_METRICS_PORT: '0' }).workerMetricsPort).toBe(0);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '-1' })).toThrow(/WORKER_METRICS_PORT/);
  });
});
