/**
 * Two tiers: `npm test` runs every suite but the slow ones, `npm run test:slow` (HUB_TEST_TIER=slow) only those: the
 * crash test, the production Temporal server test, the fuzzer, the browser tests (the web console's among them), the Stripe adapter on stripe-mock and
 * promtool's rule tests (stripe-mock and promtool built from their Go modules the first time), each a minute or more, and
 * the e-invoice proofs: the published Schematron (CII, France's BR-FR) and Mustang's Factur-X validation (a JVM with veraPDF).
 */
const SLOW = [
  '<rootDir>/test/crash/**/*.test.ts',
  '<rootDir>/test/cluster/**/*.test.ts',
  '<rootDir>/test/fuzz/**/*.test.ts',
  '<rootDir>/test/e2e/tracking-and-receipts.test.ts',
  '<rootDir>/test/e2e/payment-page.test.ts',
  '<rootDir>/test/e2e/stripe-mock.test.ts',
  '<rootDir>/test/ops/prometheus-rules.test.ts',
  '<rootDir>/test/console/**/*.test.ts',
  '<rootDir>/test/facturx/**/*.test.ts',
  '<rootDir>/test/einvoice/**/*.test.ts',
];
const slowTier = process.env.HUB_TEST_TIER === 'slow';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: slowTier ? SLOW : ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: slowTier
    ? ['/node_modules/']
    : [
        '/node_modules/',
        '<rootDir>/test/crash/',
        '<rootDir>/test/cluster/',
        '<rootDir>/test/fuzz/',
        '<rootDir>/test/e2e/tracking-and-receipts.test.ts',
        '<rootDir>/test/e2e/payment-page.test.ts',
        '<rootDir>/test/e2e/stripe-mock.test.ts',
        '<rootDir>/test/ops/prometheus-rules.test.ts',
        '<rootDir>/test/console/',
        '<rootDir>/test/facturx/',
        '<rootDir>/test/einvoice/',
      ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/setup-runtime.ts'],
  maxWorkers: 2,
  testTimeout: 60_000,
};
