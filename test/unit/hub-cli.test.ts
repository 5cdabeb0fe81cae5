import { maskApiKey } from '../../infra/credentials';
import { IntegratorAccountSchema, OAuthClientSchema, PartnerWebhookEndpointSchema } from '../../db/entities';
import { decryptSecret, hashSecret } from '../../infra/secrets';
import { hubCli } from '../support/cli';
import { freshDatabase, type TestDatabase } from '../support/db';
import { TEST_SECRETS } from '../support/hub';
import { createTestPartner } from '../support/fixtures';
import { insertTestBooking } from '../support/fleet';

let db: TestDatabase;

beforeAll(async () => {
  db = await freshDatabase();
});

afterAll(() => db?.close());

const { hub, hubJson } = hubCli(() => db);

async function storedHash(clientId: string) {
  return (await db.orm.em.fork().findOneOrFail(OAuthClientSchema, { id: clientId })).secretHash;
}

describe('partners and clients', () => {
  let created: {
    partner_id: string;
    webhook_secrets: { sandbox: string; live: string };
    clients: { environment: string; client_id: string; client_secret: string }[];
  };

  beforeAll(async () => {
    created = await hubJson(
      'partners',
      'create',
      '--name',
      'Acme Travel',
      '--webhook-url',
      'https://acme.example/hooks',
      '--rate-limit',
      '120',
      '--ip-allow',
      '10.0.0.0/8,192.0.2.1',
    );
  });

  test('create prints the partner, its webhook secrets and both clients with their secrets', async () => {
    expect(created).toMatchObject({
      partner_id: expect.stringMatching(/^ptn_/),
      name: 'Acme Travel',
      webhook_urls: { sandbox: 'https://acme.example/hooks', live: 'https://acme.example/hooks' },
      rate_limit_per_minute: 120,
      ip_allowlist: ['10.0.0.0/8', '192.0.2.1'],
      webhook_secrets: { sandbox: expect.stringMatching(/^phsec_/), live: expect.stringMatching(/^phsec_/) },
    });
    expect(created.webhook_secrets.sandbox).not.toBe(created.webhook_secrets.live);
    expect(created.clients.map((c) => c.environment)).toEqual(['sandbox', 'live']);
    for (const c of created.clients) {
      expect(c.client_secret).toMatch(/^cs_/);
      expect(await storedHash(c.client_id)).toBe(hashSecret(c.client_secret, TEST_SECRETS.hashPepper));
    }

    const text = await hub('partners', 'create', '--name', 'Beta Cabs');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/sandbox client_secret\s+cs_/);
    expect(text.stdout).toMatch(/live client_secret\s+cs_/);
    expect(text.stdout).toContain('shown only this once');
  });

  test('lists never show a secret', async () => {
    const secrets = [created.webhook_secrets.sandbox, created.webhook_secrets.live, ...created.clients.map((c) => c.client_secret)];
    const outputs = [
      await hub('partners', 'list'),
      await hub('partners', 'list', '--json'),
      await hub('clients', 'list'),
      await hub('clients', 'list', '--json'),
      await hub('clients', 'list', '--partner', created.partner_id),
    ];
    for (const { code, stdout } of outputs) {
      expect(code).toBe(0);
      for (const secret of secrets) expect(stdout).not.toContain(secret);
    }
    expect(outputs[2]!.stdout).toContain(created.clients[0]!.client_id);
    const listed = await hubJson('clients', 'list', '--partner', created.partner_id);
    expect(listed.map((c: { client_id: string }) => c.client_id)).toEqual(created.clients.map((c) => c.client_id));
  });

  test('create on a development hub takes a loopback URL for the sandbox endpoint and says the live one needs https', async () => {
    const local = await hubJson('partners', 'create', '--name', 'Local dev', '--webhook-url', 'http://localhost:4000/hooks');
    expect(local).toMatchObject({ webhook_urls: { sandbox: 'http://localhost:4000/hooks', live: null } });
    expect(local.notes).toEqual([expect.stringContaining('a live endpoint needs a public https URL')]);
    const text = await hub('partners', 'create', '--name', 'Local dev 2', '--webhook-url', 'http://localhost:4000/hooks');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('The live webhook endpoint is left unset');
    // A URL no environment takes is still refused.
    expect((await hub('partners', 'create', '--name', 'Bad', '--webhook-url', 'ftp://acme.example')).code).toBe(2);
  });

  test('update changes and clears settings', async () => {
    const id = created.partner_id;
    expect(await hubJson('partners', 'update', id, '--no-webhook-url', '--default-rate-limit', '--no-ip-allow')).toMatchObject({
      webhook_urls: { sandbox: null, live: null },
      rate_limit_per_minute: null,
      ip_allowlist: [],
    });
    expect(await hubJson('partners', 'update', id, '--webhook-url', 'https://acme.example/v2', '--rate-limit', '60')).toMatchObject({
      webhook_urls: { sandbox: 'https://acme.example/v2', live: 'https://acme.example/v2' },
      rate_limit_per_minute: 60,
    });
    expect(await hubJson('partners', 'update', id, '--webhook-url', 'http://localhost:9/sandbox', '--env', 'sandbox')).toMatchObject({
      webhook_urls: { sandbox: 'http://localhost:9/sandbox', live: 'https://acme.example/v2' },
    });
    // The one SSRF rule: never plain http or this machine for live.
    expect((await hub('partners', 'update', id, '--webhook-url', 'http://localhost:9/live', '--env', 'live')).stderr).toContain(
      'must use https (live)',
    );
    expect((await hub('partners', 'update', id, '--rate-limit', '5', '--default-rate-limit')).code).toBe(2);
    expect((await hub('partners', 'update', id)).code).toBe(2);
    expect((await hub('partners', 'update', id, '--ip-allow', '10.0.0.0/')).code).toBe(2);
    expect((await hub('partners', 'update', id, '--webhook-url', 'ftp://acme.example')).code).toBe(2);
  });

  test('commission adds contractual terms from now or later, never edits one, and lists them', async () => {
    const id = created.partner_id;
    expect(await hubJson('partners', 'commission', id)).toEqual({ partner_id: id, basis_points_in_force: 0, terms: [] });
    const now = await hubJson('partners', 'commission', id, '--pct', '12.5');
    expect(now).toMatchObject({ basis_points_in_force: 1250, terms: [{ basis_points: 1250 }] });
    const later = await hubJson('partners', 'commission', id, '--bps', '1000', '--from', '2099-01-01T00:00:00Z');
    expect(later).toMatchObject({
      basis_points_in_force: 1250,
      terms: [{ basis_points: 1250 }, { basis_points: 1000, valid_from: '2099-01-01T00:00:00.000Z' }],
    });
    // The same term again is a no-op; another rate from the same instant, a past start or a bad rate is refused.
    expect((await hubJson('partners', 'commission', id, '--bps', '1000', '--from', '2099-01-01T00:00:00Z')).terms).toHaveLength(2);
    const clash = await hub('partners', 'commission', id, '--bps', '900', '--from', '2099-01-01T00:00:00Z');
    expect({ code: clash.code, stderr: clash.stderr }).toEqual({ code: 1, stderr: expect.stringContaining('already sets 1000') });
    expect((await hub('partners', 'commission', id, '--bps', '900', '--from', '2020-01-01T00:00:00Z')).stderr).toContain('now or later');
    for (const bad of [
      ['--bps', '10001'],
      ['--pct', '12.345'],
      ['--bps', '5', '--pct', '5'],
      ['--from', '2099-01-01T00:00:00Z'],
    ])
      expect((await hub('partners', 'commission', id, ...bad)).code).toBe(2);
    expect((await hub('partners', 'commission', 'ptn_missing', '--bps', '5')).code).toBe(1);
    const text = (await hub('partners', 'commission', id)).stdout;
    expect(text).toMatch(/in force now\s+1250 bps \(12\.5 % of the net fare\)/);
    await expect(db.orm.em.fork().execute('update partner_commissions set basis_points = 1 where partner_id = ?', [id])).rejects.toThrow(
      /immutable/,
    );
  });

  test('rotate-secret replaces the stored hash; revoke stops further rotation', async () => {
    const client = created.clients[0]!;
    const before = await storedHash(client.client_id);
    const rotated = await hubJson('clients', 'rotate-secret', client.client_id);
    expect(rotated.client_secret).not.toBe(client.client_secret);
    const after = await storedHash(client.client_id);
    expect(after).not.toBe(before);
    expect(after).toBe(hashSecret(rotated.client_secret, TEST_SECRETS.hashPepper));

    expect(await hubJson('clients', 'revoke', client.client_id)).toMatchObject({ revoked_at: expect.any(String) });
    const again = await hub('clients', 'rotate-secret', client.client_id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('revoked');
  });
});

describe('driver fees and adjustments', () => {
  test('finance adjust records a fee or an adjustment in minor units, and refuses what a settlement could not take', async () => {
    const args = ['finance', 'adjust', '--driver', 'unit_cli', '--currency', 'eur'];
    const fee = await hubJson(...args, '--amount=-25.50', '--fee', '--description', 'Vehicle inspection');
    expect(fee).toMatchObject({ driver: 'unit_cli', kind: 'fee', currency: 'EUR', amount_minor: '-2550', livemode: true });
    const refund = await hubJson(...args, '--amount', '1000', '--description', 'Toll refund', '--sandbox');
    expect(refund).toMatchObject({ kind: 'adjustment', amount_minor: '100000', livemode: false });
    expect((await hub(...args, '--amount', '5', '--fee', '--description', 'x')).stderr).toContain('negative amount');
    expect((await hub(...args, '--amount', '0.001', '--description', 'x')).stderr).toContain('zero adjusts nothing');
    expect((await hub(...args, '--amount', 'ten', '--description', 'x')).code).toBe(2);
    expect((await hub(...args, '--amount', '5')).code).toBe(2); // no description
    expect((await hub('finance', 'adjust', '--driver', 'u', '--currency', 'XYZ', '--amount', '5', '--description', 'x')).code).toBe(1);
  });
});

describe('receipts', () => {
  test('revoke stamps the booking once, names an unknown one', async () => {
    const { partnerId } = await createTestPartner(db.orm);
    const booking = await insertTestBooking(db.orm, { partnerId, status: 'completed' });
    const first = await hubJson('receipts', 'revoke', booking.id);
    expect(first).toEqual({ booking_id: booking.id, receipt_revoked_at: expect.any(String) });
    expect((await hubJson('receipts', 'revoke', booking.id)).receipt_revoked_at).toBe(first.receipt_revoked_at);
    expect(await hub('receipts', 'revoke', 'bkg_unknown')).toMatchObject({ code: 1, stderr: 'hub: no booking bkg_unknown\n' });
  });
});

describe('partner webhook secret and test event', () => {
  test('rotate-webhook-secret stores a new phsec_ secret (printed once) that decrypts to what was printed', async () => {
    const created = await hubJson('partners', 'create', '--name', 'Rotating');
    const rotated = await hubJson('partners', 'rotate-webhook-secret', created.partner_id, '--env', 'live');
    expect(rotated.webhook_secret).toMatch(/^phsec_[0-9A-Za-z]{40}$/);
    expect(rotated.webhook_secret).not.toBe(created.webhook_secrets.live);
    const live = await db.orm.em.fork().findOneOrFail(PartnerWebhookEndpointSchema, { partnerId: created.partner_id, environment: 'live' });
    expect(decryptSecret(live.secretEnc, TEST_SECRETS.encryptionKey)).toBe(rotated.webhook_secret);
    expect(decryptSecret(live.previousSecretEnc!, TEST_SECRETS.encryptionKey)).toBe(created.webhook_secrets.live);
    const sandbox = await db.orm.em
      .fork()
      .findOneOrFail(PartnerWebhookEndpointSchema, { partnerId: created.partner_id, environment: 'sandbox' });
    expect(decryptSecret(sandbox.secretEnc, TEST_SECRETS.encryptionKey)).toBe(created.webhook_secrets.sandbox);
    expect((await hub('partners', 'rotate-webhook-secret', created.partner_id)).stderr).toContain('--env must be sandbox or live');
    const listed = await hub('partners', 'list');
    expect(listed.stdout).not.toContain(rotated.webhook_secret);
  });

  test('rotate-webhook-secret and test-webhook fail clearly for an unknown partner or one without a URL', async () => {
    expect(await hub('partners', 'rotate-webhook-secret', 'ptn_unknown', '--env', 'sandbox')).toMatchObject({
      code: 1,
      stderr: 'hub: no partner ptn_unknown\n',
    });
    expect(await hub('partners', 'test-webhook', 'ptn_unknown')).toMatchObject({ code: 1, stderr: 'hub: no partner ptn_unknown\n' });
    const created = await hubJson('partners', 'create', '--name', 'No URL');
    const noUrl = await hub('partners', 'test-webhook', created.partner_id);
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toContain('has no sandbox webhook URL');
  });
});

describe('accounts and API keys', () => {
  test('create → list masked → revoke → list shows revoked', async () => {
    const account = await hubJson('accounts', 'create', '--name', 'Corporate Portal');
    expect(account.account_id).toMatch(/^acct_/);
    expect(await hubJson('accounts', 'list')).toContainEqual(expect.objectContaining({ account_id: account.account_id }));

    const created = await hubJson(
      'keys',
      'create',
      '--account',
      account.account_id,
      '--env',
      'test',
      '--label',
      'ci',
      '--scopes',
      'bookings.read,fleet.read',
      '--rate',
      '90',
    );
    expect(created.key).toMatch(/^hub_test_/);
    const masked = maskApiKey(created.key);

    const list = await hub('keys', 'list', '--account', account.account_id);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(masked);
    expect(list.stdout).toContain('bookings.read,fleet.read');
    expect(list.stdout).not.toContain(created.key);
    const [listed] = await hubJson('keys', 'list', '--account', account.account_id);
    expect(listed).toMatchObject({ masked, label: 'ci', scopes: ['bookings.read', 'fleet.read'], rate_per_minute: 90, revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const revoke = await hub('keys', 'revoke', created.key_id);
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toContain(masked);
    const [revoked] = await hubJson('keys', 'list', '--account', account.account_id);
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect((await hub('keys', 'list')).stdout).toMatch(new RegExp(`${created.key_id}.*\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s*$`, 'm'));
  });

  test('an account is corporate unless created --kind operator; list shows the kind, in text and JSON', async () => {
    const corporate = await hubJson('accounts', 'create', '--name', 'Client Portal');
    const operator = await hubJson('accounts', 'create', '--name', 'Dispatch ERP', '--kind', 'operator');
    expect(corporate).toMatchObject({ name: 'Client Portal', kind: 'corporate' });
    expect(operator).toMatchObject({ name: 'Dispatch ERP', kind: 'operator' });
    const stored = await db.orm.em.fork().findOneOrFail(IntegratorAccountSchema, { id: operator.account_id });
    expect(stored.kind).toBe('operator');

    const listed = await hubJson('accounts', 'list');
    expect(listed).toContainEqual(expect.objectContaining({ account_id: corporate.account_id, kind: 'corporate' }));
    expect(listed).toContainEqual(expect.objectContaining({ account_id: operator.account_id, kind: 'operator' }));
    const text = await hub('accounts', 'list');
    expect(text.stdout).toMatch(/^ID\s+NAME\s+KIND\s+SCOPE CEILING\s+BILLING\s+CREATED/m);
    // The default ceilings: every scope for an operator, all but passengers.read for a corporate account.
    expect(text.stdout).toMatch(new RegExp(`${operator.account_id}\\s+Dispatch ERP\\s+operator\\s+all\\s`));
    expect(text.stdout).toMatch(new RegExp(`${corporate.account_id}\\s+Client Portal\\s+corporate\\s+all but passengers.read\\s`));
    expect((await hub('accounts', 'create', '--name', 'Dispatch ERP', '--kind', 'operator')).stdout).toMatch(/kind\s+operator/);
  });

  test('billing details: set at creation or by update, checked, and shown as complete or missing', async () => {
    const created = await hubJson('accounts', 'create', '--name', 'Acme', '--legal-name', 'Acme Travel SAS', '--country', 'FR');
    const listed = async () => (await hub('accounts', 'list')).stdout.split('\n').find((l) => l.startsWith(created.account_id))!;
    expect(await listed()).toContain('incomplete (missing address, city, postal_code, email)');
    const bad = await hub('accounts', 'update', created.account_id, '--country', 'France');
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('ISO 3166-1 alpha-2') });
    expect((await hub('accounts', 'update', created.account_id, '--terms-days', '365')).code).toBe(2);
    const updated = await hubJson(
      'accounts',
      'update',
      created.account_id,
      '--address',
      '1 rue de la Paix',
      '--city',
      'Paris',
      '--postal-code',
      '75002',
      '--email',
      'ap@acme.example',
      '--terms-days',
      '45',
    );
    expect(updated).toMatchObject({ billing_complete: true, billing: { legal_name: 'Acme Travel SAS', country: 'FR', terms_days: 45 } });
    expect(await listed()).toMatch(/\scomplete\s/);
    // Passenger names on invoice lines: off until the account asks, yes or no only.
    expect(updated.billing.invoice_passengers).toBeUndefined();
    expect(await hub('accounts', 'update', created.account_id, '--invoice-passengers', 'maybe')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('invoice-passengers must be yes or no'),
    });
    const named = await hubJson('accounts', 'update', created.account_id, '--invoice-passengers', 'yes');
    expect(named.billing).toMatchObject({ invoice_passengers: true, terms_days: 45 });
    expect((await hubJson('accounts', 'update', created.account_id, '--invoice-passengers', 'no')).billing.invoice_passengers).toBe(false);
    expect((await hub('accounts', 'update', 'acct_nope', '--city', 'Paris')).code).toBe(1);
  });

  test('French billing identity: SIREN and SIRET Luhn-checked, consistent with each other and the 0225 address, and the VAT regime', async () => {
    const created = await hubJson('accounts', 'create', '--name', 'Lumière', '--country', 'FR', '--siren', '542065479');
    const update = (...args: string[]) => hub('accounts', 'update', created.account_id, ...args);
    expect(await update('--siren', '542065478')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('siren must be the 9 digits of a SIREN'),
    });
    expect(await update('--siret', '54206547900018')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('siret must be the 14 digits'),
    });
    // Luhn-valid, but an establishment of another company.
    expect(await update('--siret', '30326504500011')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('siret 30326504500011 is not an establishment of siren 542065479'),
    });
    expect(await update('--peppol-id', '0225:303265045')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('does not start with siren 542065479'),
    });
    expect(await update('--peppol-id', '0225:12345')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('0225 (France) must be a valid SIREN'),
    });
    expect(await update('--vat-regime', 'exempt')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('vat-regime must be normal or franchise'),
    });
    // La Poste's establishments follow INSEE's own rule (digit sum divisible by 5), not Luhn.
    expect((await hubJson('accounts', 'create', '--name', 'La Poste', '--country', 'FR', '--siret', '35600000000024')).account_id).toMatch(
      /^acct_/,
    );
    const updated = await hubJson(
      'accounts',
      'update',
      created.account_id,
      '--siret',
      '54206547900017',
      '--peppol-id',
      '0225:542065479_54206547900017',
      '--vat-regime',
      'franchise',
    );
    expect(updated.billing).toMatchObject({
      siren: '542065479',
      siret: '54206547900017',
      peppol_id: '0225:542065479_54206547900017',
      vat_regime: 'franchise',
    });
    const stored = await db.orm.em.fork().findOneOrFail(IntegratorAccountSchema, { id: created.account_id });
    expect(stored.billing).toMatchObject({ siren: '542065479', siret: '54206547900017', vat_regime: 'franchise' });
  });

  test('an unknown --kind is refused with a usage error naming the kinds, and creates nothing', async () => {
    const before = (await hubJson('accounts', 'list')).length;
    const refused = await hub('accounts', 'create', '--name', 'Typo', '--kind', 'operater');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('--kind must be one of corporate, operator');
    expect((await hubJson('accounts', 'list')).length).toBe(before);
  });

  test('bad key options are usage errors', async () => {
    const { account_id } = await hubJson('accounts', 'create', '--name', 'Other');
    const base = ['keys', 'create', '--account', account_id, '--label', 'x'];
    expect((await hub(...base, '--env', 'prod', '--scopes', 'bookings.read')).code).toBe(2);
    expect((await hub(...base, '--env', 'live', '--scopes', 'bookings.delete')).code).toBe(2);
    expect((await hub(...base, '--env', 'live', '--scopes', 'bookings.read', '--rate', '0')).code).toBe(2);
  });
});

test('signing keys: rotate, then list shows the new key active and the previous one still verifying', async () => {
  const first = await hubJson('signing-keys', 'rotate');
  const second = await hubJson('signing-keys', 'rotate');
  const keys = await hubJson('signing-keys', 'list');
  expect(keys.map((k: { kid: string; status: string }) => [k.kid, k.status])).toEqual([
    [first.kid, 'verifying'],
    [second.kid, 'active'],
  ]);
});

test('an unknown id fails with exit 1 and a clear message', async () => {
  const cases = [
    ['partners', 'update', 'ptn_nope', '--rate-limit', '5'],
    ['clients', 'rotate-secret', 'cli_sandbox_nope'],
    ['clients', 'revoke', 'cli_sandbox_nope'],
    ['clients', 'list', '--partner', 'ptn_nope'],
    ['keys', 'create', '--account', 'acct_nope', '--env', 'test', '--label', 'x', '--scopes', 'bookings.read'],
    ['keys', 'list', '--account', 'acct_nope'],
    ['keys', 'revoke', 'AAAAAAAAAAAA'],
  ];
  for (const argv of cases) {
    const { code, stdout, stderr } = await hub(...argv);
    expect({ argv, code, stdout }).toEqual({ argv, code: 1, stdout: '' });
    expect(stderr).toMatch(/^hub: no .*nope|^hub: no API key AAAAAAAAAAAA/);
  }
});

test('a bad command line prints usage on stderr and exits 2', async () => {
  for (const argv of [
    [],
    ['bogus'],
    ['partners'],
    ['partners', 'frobnicate'],
    ['partners', 'list', '--bogus'],
    ['clients', 'revoke'],
    ['accounts', 'create'],
  ]) {
    const { code, stdout, stderr } = await hub(...argv);
    expect({ argv, code, stdout }).toEqual({ argv, code: 2, stdout: '' });
    expect(stderr).toContain('Usage: npm run hub --');
  }
});

test('--help prints usage on stdout', async () => {
  for (const argv of [['--help'], ['keys', '--help'], ['keys', 'create', '--help']]) {
    const { code, stdout, stderr } = await hub(...argv);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('keys create --account ID');
  }
});
