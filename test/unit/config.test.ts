import { checkStripeSettings, ConfigError, loadConfig, requireProductionSettings } from '../../infra/config';
import { productionTarget } from '../../infra/temporal-connection';
import { LIVE_PROVIDERS_ENV } from '../support/production-env';

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
    // A POST that may outlast half its activity's timeout could be retried by the timeout and reach a receiver twice.
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '45000' })).toThrow(/WEBHOOK_TIMEOUT_MS: at most 30000/);
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '30000' }).webhookTimeoutMs).toBe(30_000);
  });

  const key = Buffer.alloc(32, 7).toString('base64');
  const production = {
    PUBLIC_BASE_URL: 'https://hub.example.com',
    DATABASE_URL: 'postgres://h/db',
    TEMPORAL_ADDRESS: 'temporal:7233',
    HUB_ENCRYPTION_KEY: key,
    HUB_HASH_PEPPER: key,
    INVOICE_SELLER: JSON.stringify({
      legal_name: 'Paris Chauffeurs SAS',
      address: '5 avenue Foch',
      city: 'Paris',
      postal_code: '75116',
      country: 'FR',
      tax_id: 'FR40303265045',
      siren: '303265045',
      email: 'billing@paris-chauffeurs.example',
    }),
    // Live money is never simulated: a production configuration names its real payment provider and payout rail.
    ...LIVE_PROVIDERS_ENV,
  };

  it('requires every production setting at once and lists the missing ones', () => {
    expect(() => requireProductionSettings(loadConfig({ DATABASE_URL: 'postgres://h/db' }))).toThrow(
      /PUBLIC_BASE_URL, TEMPORAL_ADDRESS, HUB_ENCRYPTION_KEY, HUB_HASH_PEPPER/,
    );
    const ok = requireProductionSettings(loadConfig(production));
    expect(ok.temporalAddress).toBe('temporal:7233');
    expect(ok.encryptionKey).toHaveLength(32);
  });

  it('stops any process at once with NODE_ENV=production and a missing or development setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_BASE_URL, DATABASE_URL, TEMPORAL_ADDRESS, HUB_ENCRYPTION_KEY, HUB_HASH_PEPPER/,
    );
    const { PUBLIC_BASE_URL: _omitted, ...withoutBaseUrl } = production;
    expect(() => loadConfig({ ...withoutBaseUrl, NODE_ENV: 'production' })).toThrow(
      /Missing required environment variables: PUBLIC_BASE_URL \(/,
    );
    expect(() => loadConfig({ ...production, NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://hub.example.com' })).toThrow(
      /PUBLIC_BASE_URL must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...production, NODE_ENV: 'production', HUB_DEV_WEBHOOK_TARGETS: 'true' })).toThrow(
      /HUB_DEV_WEBHOOK_TARGETS is for development only/,
    );
    const { INVOICE_SELLER: _seller, ...withoutSeller } = production;
    expect(() => loadConfig({ ...withoutSeller, NODE_ENV: 'production' })).toThrow(
      /INVOICE_SELLER must name the company that issues invoices/,
    );
    expect(() => loadConfig({ ...production, INVOICE_SELLER: '{"legal_name":"X"}' })).toThrow(
      /INVOICE_SELLER: the seller needs address, city/,
    );
    expect(() => loadConfig({ ...production, INVOICE_SELLER: 'Paris Chauffeurs' })).toThrow(/INVOICE_SELLER: must be JSON/);
    // The seller's French identity: a SIREN (BR-FR-10), Luhn-checked, and a SIRET of that SIREN.
    const seller = JSON.parse(production.INVOICE_SELLER) as Record<string, unknown>;
    const withSeller = (patch: Record<string, unknown>) => ({ ...production, INVOICE_SELLER: JSON.stringify({ ...seller, ...patch }) });
    expect(() => loadConfig(withSeller({ siren: undefined }))).toThrow(/INVOICE_SELLER: the seller needs siren/);
    expect(() => loadConfig(withSeller({ siren: '303265046' }))).toThrow(/siren must be the 9 digits of a SIREN/);
    expect(() => loadConfig(withSeller({ siret: '54206547900017' }))).toThrow(
      /siret 54206547900017 is not an establishment of siren 303265045/,
    );
    expect(() => loadConfig(withSeller({ vat_regime: 'micro' }))).toThrow(/vat-regime must be normal or franchise/);
    expect(() => loadConfig(withSeller({ vat_on_debits: 'yes' }))).toThrow(/vat_on_debits must be true or false/);
    expect(loadConfig(withSeller({ siret: '30326504500011', vat_on_debits: true })).invoiceSeller).toMatchObject({
      siret: '30326504500011',
      vat_on_debits: true,
    });
    const config = loadConfig({ ...production, NODE_ENV: 'production' });
    expect(config.invoiceSeller).toMatchObject({ legal_name: 'Paris Chauffeurs SAS', tax_id: 'FR40303265045' });
    expect(config.oauth.issuer).toBe('https://hub.example.com');
    expect(config.devWebhookTargets).toBe(false);
    // Without NODE_ENV=production nothing is required up front (tests, npm start), and development targets are off unless set.
    expect(loadConfig({}).devWebhookTargets).toBe(false);
    expect(loadConfig({ HUB_DEV_WEBHOOK_TARGETS: 'true' }).devWebhookTargets).toBe(true);
  });

  it('refuses to start a production process whose live payments or payouts would be simulated, naming the variable', () => {
    const { PAYMENT_PROVIDER: _payments, ...simulatedPayments } = production;
    expect(() => loadConfig({ ...simulatedPayments, NODE_ENV: 'production' })).toThrow(
      /PAYMENT_PROVIDER is simulated \(the default\): live card payments need a real provider/,
    );
    const { PAYOUT_PROVIDER: _payouts, ...simulatedPayouts } = production;
    expect(() => loadConfig({ ...simulatedPayouts, NODE_ENV: 'production' })).toThrow(
      /PAYOUT_PROVIDER is simulated \(the default\): live payouts need a real rail/,
    );
    expect(() => loadConfig({ ...production, PAYOUT_PROVIDER: 'simulated', NODE_ENV: 'production' })).toThrow(
      /PAYOUT_PROVIDER is simulated/,
    );
    const { PAYOUT_DEBTOR_ADDRESS: _address, ...withoutAddress } = production;
    expect(() => loadConfig({ ...withoutAddress, NODE_ENV: 'production' })).toThrow(/PAYOUT_DEBTOR_ADDRESS must give/);
    // Development, tests and sandboxes keep the simulators.
    expect(loadConfig({})).toMatchObject({ payments: { provider: 'simulated' }, payouts: { provider: 'simulated' } });
    expect(loadConfig({ ...production, NODE_ENV: 'production' }).payouts).toMatchObject({
      provider: 'sepa',
      debtor: { address: { town: 'Paris', country: 'FR' } },
    });
  });

  it('validates the debtor address of payout files, required for a debtor account outside the EEA', () => {
    const sepa = { PAYOUT_PROVIDER: 'sepa', PAYOUT_DEBTOR_NAME: 'Zurich Limousines AG' };
    expect(() => loadConfig({ ...sepa, PAYOUT_DEBTOR_IBAN: 'CH9300762011623852957' })).toThrow(/PAYOUT_DEBTOR_ADDRESS is required/);
    expect(() =>
      loadConfig({
        ...sepa,
        PAYOUT_DEBTOR_IBAN: 'CH9300762011623852957',
        PAYOUT_DEBTOR_ADDRESS: '{"town":"Zürich","country":"Switzerland"}',
      }),
    ).toThrow(/PAYOUT_DEBTOR_ADDRESS: country must be an ISO 3166-1 alpha-2 code/);
    expect(() => loadConfig({ ...sepa, PAYOUT_DEBTOR_IBAN: 'CH9300762011623852957', PAYOUT_DEBTOR_ADDRESS: 'Zürich' })).toThrow(
      /PAYOUT_DEBTOR_ADDRESS: must be JSON/,
    );
    const zurich = loadConfig({
      ...sepa,
      PAYOUT_DEBTOR_IBAN: 'CH9300762011623852957',
      PAYOUT_DEBTOR_ADDRESS: '{"town":"Zürich","country":"CH"}',
    });
    expect(zurich.payouts).toMatchObject({ debtor: { address: { town: 'Zürich', country: 'CH' } } });
  });

  it('takes cards with the simulated PSP unless PAYMENT_PROVIDER=stripe, which needs its keys of one mode, live in production', () => {
    expect(loadConfig({}).payments.provider).toBe('simulated');
    expect(checkStripeSettings(loadConfig({}))).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'adyen' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    const test = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Habc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Habc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(() => loadConfig({ ...test, STRIPE_SECRET_KEY: 'pk_test_51Habc' })).toThrow(/STRIPE_SECRET_KEY: expected a Stripe secret/);
    expect(() => loadConfig({ ...test, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc' })).toThrow(
      /STRIPE_SECRET_KEY is a test key but STRIPE_PUBLISHABLE_KEY a live one/,
    );
    // Development and sandboxes may use Stripe's test mode (or stripe-mock at STRIPE_API_BASE)…
    expect(checkStripeSettings(loadConfig({ ...test, STRIPE_API_BASE: 'http://127.0.0.1:12111' }))).toEqual({
      secretKey: 'sk_test_51Habc',
      publishableKey: 'pk_test_51Habc',
      webhookSecret: 'whsec_abc123',
      apiBase: 'http://127.0.0.1:12111',
    });
    // …a live environment never.
    expect(() => loadConfig({ ...production, ...test, NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY is a test key \(sk_test_…\): a live environment takes cards with a live key/,
    );
    const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutSecret } = test;
    const { STRIPE_WEBHOOK_SECRET: _productionSecret, ...productionWithoutSecret } = production;
    expect(() =>
      loadConfig({
        ...productionWithoutSecret,
        ...withoutSecret,
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      }),
    ).toThrow(/needs STRIPE_WEBHOOK_SECRET/);
    const live = loadConfig({
      ...production,
      ...test,
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'rk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
    });
    expect(checkStripeSettings(live)?.secretKey).toBe('rk_live_1');
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
