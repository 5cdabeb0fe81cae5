import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { setChauffeurIdentity } from '../../app/self-billing';
import { closePeriod } from '../../db/finance';
import { issueSettlement, recordSettlementAdjustment, settlementTargets } from '../../db/settlements';
import type { PeriodRef } from '../../contracts/finance';
import { newId } from '../../infra/ids';
import { DEMO_SELLER } from '../../infra/config';
import { appendBilledRide } from '../../stack/billed-rides';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { ciiSchemaErrors, RULE_SETS, validateEinvoices, type ValidationFailure } from '../support/einvoice-validator';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { validateWithMustang } from '../support/mustang-validator';

const SEPTEMBER: PeriodRef = { id: '2026-09', start: '2026-09-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' };
const PARIS = { address: '12 rue des Lilas', city: 'Paris', postal_code: '75011', country: 'FR' };

/** The chauffeurs a French dispatch company pays: under the franchise en base, under the normal regime, and in Berlin. */
const CHAUFFEURS: readonly { unit: string; market: string; fee?: number; identity: Record<string, string> }[] = [
  {
    unit: 'unit_fx_franchise',
    market: 'PAR',
    identity: { ...PARIS, legal_name: 'Jo Martin EI', siret: '73282932000074', vat_regime: 'franchise' },
  },
  {
    unit: 'unit_fx_normal',
    market: 'PAR',
    identity: { ...PARIS, legal_name: 'Élodie Roux & Fils SARL', siren: '542065479', vat_id: 'FR82542065479', vat_regime: 'normal' },
  },
  {
    // A fee larger than the month's earnings: the invoice's amount due is negative (the balance carried out).
    unit: 'unit_fx_in_debt',
    market: 'PAR',
    fee: -50_000,
    identity: { ...PARIS, legal_name: 'Marc Petit EI', siren: '443061841', vat_regime: 'franchise' },
  },
  {
    unit: 'unit_fx_berlin',
    market: 'BER',
    identity: {
      legal_name: 'Zoë Müller',
      address: 'Unter den Linden 1',
      city: 'Berlin',
      postal_code: '10117',
      country: 'DE',
      vat_id: 'DE123456789',
      electronic_address: '9930:DE123456789',
      vat_regime: 'normal',
    },
  },
];

const fatal = (failures: ValidationFailure[]) => failures.filter((f) => f.flag === 'fatal').map((f) => `${f.rule}: ${f.text}`);

/**
 * Every self-billed invoice the hub serves passes the published rules: EN 16931 in UBL and CII, France's BR-FR on the
 * CII, and for a French chauffeur Mustang's validator on the Factur-X PDF (PDF/A-3b, XMP, CII schema and rules).
 */
describe('self-billed invoices against the published rules (slow tier)', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let key: string;
  const settlements = new Map<string, string>();

  const fetchDocument = async (number: string, format: 'ubl' | 'cii' | 'pdf') => {
    const res = await fetch(`${hub.baseUrl}/api/public/v1/settlements/${number}/self-billed-invoice/${format}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    key = (await createApiKey(db.orm, TEST_SECRETS, { accountId: operator, environment: 'live', label: 'sb', scopes: ['payments.read'] }))
      .key;
    for (const [i, c] of CHAUFFEURS.entries()) {
      await setChauffeurIdentity(db.orm, {
        driverId: c.unit,
        input: c.identity,
        setBy: 'ops',
        validFrom: new Date('2026-01-01T00:00:00Z'),
      });
      for (const [j, gross] of [12_170, 4_480, 9_990].entries())
        await appendBilledRide(db.orm, {
          bookingId: `bkg_sb_${i}_${j}`,
          accountId: 'acct_rider',
          grossMinor: gross + i,
          at: new Date(Date.UTC(2026, 8, 3 + j, 8)),
          market: c.market,
          unit: { id: c.unit, driverName: c.identity.legal_name },
        });
      // A fee charged to the chauffeur: a negative line.
      await recordSettlementAdjustment(db.orm, {
        id: newId('adj'),
        driverId: c.unit,
        livemode: true,
        currency: 'EUR',
        kind: 'fee',
        amountMinor: c.fee ?? -2_500,
        description: 'Vehicle inspection',
      });
    }
    await closePeriod(db.orm, SEPTEMBER);
    for (const target of await settlementTargets(db.orm, SEPTEMBER)) {
      const issued = await issueSettlement(db.orm, SEPTEMBER, target, DEMO_SELLER);
      settlements.set(target.driverId, issued!.number);
    }
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('UBL: no fatal EN 16931 finding; of Peppol BIS Billing’s, only that it is Peppol’s self-billing profile, not billing', async () => {
    const xmls = await Promise.all(CHAUFFEURS.map(async (c) => (await fetchDocument(settlements.get(c.unit)!, 'ubl')).toString()));
    expect(xmls.every((x) => x.includes('<cbc:InvoiceTypeCode>389</cbc:InvoiceTypeCode>'))).toBe(true);
    expect(xmls[2]).toMatch(/<cbc:PayableAmount currencyID="EUR">-\d+\.\d\d</);
    const results = validateEinvoices(xmls);
    expect(results.map((r) => fatal(r.filter((f) => f.rules.startsWith('EN16931'))))).toEqual(CHAUFFEURS.map(() => []));
    // BIS Billing's rules want its own identifiers (R004, R007); 389 is what its self-billing profile is for.
    expect(
      results.map((r) =>
        r
          .filter((f) => f.flag === 'fatal' && f.rules.startsWith('PEPPOL'))
          .map((f) => f.rule)
          .sort(),
      ),
    ).toEqual(CHAUFFEURS.map(() => ['PEPPOL-EN16931-R004', 'PEPPOL-EN16931-R007']));
  }, 120_000);

  it('CII: valid against the D16B schema, no fatal finding of EN 16931 nor of France’s BR-FR rules', async () => {
    const xmls = await Promise.all(CHAUFFEURS.map(async (c) => (await fetchDocument(settlements.get(c.unit)!, 'cii')).toString()));
    expect(xmls.every((x) => x.includes('<ram:TypeCode>389</ram:TypeCode>'))).toBe(true);
    expect(ciiSchemaErrors(xmls)).toEqual(CHAUFFEURS.map(() => []));
    expect(validateEinvoices(xmls, RULE_SETS.cii).map(fatal)).toEqual(CHAUFFEURS.map(() => []));
    expect(validateEinvoices(xmls, RULE_SETS.ciiFrance).map(fatal)).toEqual(CHAUFFEURS.map(() => []));
    // The validator bites: a total that does not add up is refused.
    const broken = xmls[1]!.replace(/<ram:DuePayableAmount>[^<]+</, '<ram:DuePayableAmount>1.00<');
    expect(validateEinvoices([broken], RULE_SETS.cii)[0]!.filter((f) => f.flag === 'fatal').length).toBeGreaterThan(0);
  }, 120_000);

  it('Factur-X: Mustang finds nothing wrong in any chauffeur’s PDF', async () => {
    const files = await Promise.all(
      CHAUFFEURS.map(async (c) => ({ name: `${c.unit}.pdf`, content: await fetchDocument(settlements.get(c.unit)!, 'pdf') })),
    );
    const reports = await validateWithMustang(files);
    expect(reports.map((r) => ({ file: r.file, failures: r.failures.map((f) => f.message), pdfa: r.pdfa, valid: r.valid }))).toEqual(
      files.map((f) => ({ file: f.name, failures: [], pdfa: 'valid', valid: true })),
    );
  }, 180_000);
});
