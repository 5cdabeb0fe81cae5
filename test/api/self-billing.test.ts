import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { setDriverBillingIdentity } from '../../api/driver/billing-identity';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { appendBilledRide } from '../../stack/billed-rides';
import { closePeriod } from '../../db/finance';
import { ensureSelfBilledInvoice, type SelfBilledInvoiceRow } from '../../db/self-billing';
import { issueSettlement, settlementTargets } from '../../db/settlements';
import type { PeriodRef } from '../../contracts/finance';
import { DEMO_SELLER } from '../../infra/config';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson, putJson } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';

const month = (m: number): PeriodRef => {
  const start = new Date(Date.UTC(2026, m - 1, 1));
  const end = new Date(Date.UTC(2026, m, 1));
  return { id: `2026-${String(m).padStart(2, '0')}`, start: start.toISOString(), end: end.toISOString() };
};
/** The operation's documented example: a French chauffeur under the franchise en base, known by a SIRET. */
const FRANCHISE = setDriverBillingIdentity.request!.bodyExample as Record<string, string>;
const NORMAL = {
  ...FRANCHISE,
  legal_name: 'Jo Martin SARL',
  siret: null,
  siren: '732829320',
  vat_id: 'FR44732829320',
  vat_regime: 'normal',
};

/**
 * Each settlement as the invoice the company issues in its chauffeur's name: the identity the chauffeur records, the
 * numbering (gapless per chauffeur and year, once per settlement however many ask at once), the amounts (the
 * settlement's), the regime at the settlement's date, and the documents served beside the settlement.
 */
describe('self-billed invoices of chauffeur settlements', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let operatorKey: string;
  let corporateKey: string;
  const sql = sqlOn(() => db);
  const year = new Date().getUTCFullYear();

  const put = (path: string, credential: string, body: unknown) => putJson(`${hub.baseUrl}${path}`, credential, body);
  const url = (path: string) => `${hub.baseUrl}/api/public/v1/settlements${path}`;

  /** One ride per month in `months`, the period closed and every settlement of it issued (with its invoice when `buyer`). */
  async function settle(unit: string, name: string, months: number[], buyer?: typeof DEMO_SELLER) {
    for (const m of months) {
      await appendBilledRide(db.orm, {
        bookingId: `bkg_${unit}_${m}`,
        accountId: 'acct_rider',
        grossMinor: 11_000 + m * 137,
        at: new Date(Date.UTC(2026, m - 1, 10, 8)),
        unit: { id: unit, driverName: name },
      });
      await closePeriod(db.orm, month(m));
      for (const target of await settlementTargets(db.orm, month(m)))
        if (target.driverId === unit) await issueSettlement(db.orm, month(m), target, buyer);
    }
    return (await sql<{ id: string; number: string; payable_minor: string }>(
      'select id, number, payable_minor from settlements where driver_id = ? order by period_id',
      [unit],
    ))!;
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const key = async (kind: 'operator' | 'corporate') =>
      (
        await createApiKey(db.orm, TEST_SECRETS, {
          accountId: (await createIntegratorAccount(db.orm, kind, kind)).accountId,
          environment: 'live',
          label: 't',
          scopes: ['payments.read'],
        })
      ).key;
    [operatorKey, corporateKey] = [await key('operator'), await key('corporate')];
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('lets the chauffeur record a billing identity, refusing wrong fields one by one (problem+json)', async () => {
    const unit = await createTestUnit(db.orm, { name: 'Jo Martin' });
    const wrong = await put('/driver/v1/billing-identity', unit.credential, { ...FRANCHISE, siret: '73282932000075', country: 'DE' });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ code: 'validation_failed' });
    expect(wrong.json.errors.map((e: { param: string; code: string }) => [e.param, e.code])).toEqual([
      ['siret', 'siret_invalid'],
      ['vat_regime', 'franchise_outside_france'],
    ]);
    expect((await getJson(`${hub.baseUrl}/driver/v1/billing-identity`, unit.credential)).status).toBe(404);
    const ok = await put('/driver/v1/billing-identity', unit.credential, FRANCHISE);
    expect(ok).toMatchObject({
      status: 200,
      json: { driver: unit.id, siren: '732829320', electronic_address: '0225:732829320', set_by: 'driver' },
    });
    expect((await getJson(`${hub.baseUrl}/driver/v1/billing-identity`, unit.credential)).json).toMatchObject({ vat_regime: 'franchise' });
  });

  it('issues the invoice with the settlement when the identity is on file, for the settlement’s amounts', async () => {
    const unit = await createTestUnit(db.orm, { name: 'Eve Durand' });
    await put('/driver/v1/billing-identity', unit.credential, NORMAL);
    const [s] = await settle(unit.id, 'Eve Durand', [3], DEMO_SELLER);
    const [issued] = await sql<SelfBilledInvoiceRow>('select * from self_billed_invoices where settlement_id = ?', [s!.id]);
    expect(issued).toMatchObject({ number: `SB-${year}-${unit.id}-000001`, amount_due_minor: s!.payable_minor });
    const settlement = await getJson(url(`/${s!.number}`), operatorKey);
    const invoice = await getJson(url(`/${s!.number}/self-billed-invoice`), operatorKey);
    expect(invoice.json).toMatchObject({ number: issued!.number, type_code: 389, amount_due: settlement.json.payable });
    // VAT of the normal regime, Paris's 10 %, inside the amount paid: net + VAT + rounding (BT-114) is the payable, exactly.
    expect(issued!.tax_buckets).toEqual([{ category: 'reduced', rate_ppm: 100_000, net: issued!.net_minor, tax: issued!.tax_minor }]);
    expect(BigInt(issued!.tax_minor)).toBe((BigInt(issued!.net_minor) + 5n) / 10n);
    expect(BigInt(issued!.net_minor) + BigInt(issued!.tax_minor) + BigInt(issued!.rounding_minor)).toBe(BigInt(s!.payable_minor));
  });

  it('numbers each chauffeur’s invoices 1…N per year without a gap or a repeat, however many ask at once', async () => {
    const unit = await createTestUnit(db.orm, { name: 'Sam Lee' });
    // Last year's series is its own: this year's starts again at 1.
    await sql('insert into self_billing_series (driver_id, livemode, year, last_seq) values (?, true, ?, 41)', [unit.id, year - 1]);
    const settlements = await settle(unit.id, 'Sam Lee', [1, 2, 4, 5, 6, 7]);
    const nothing = await ensureSelfBilledInvoice(db.orm, settlements[0]!.number, true, DEMO_SELLER);
    expect(nothing).toEqual({ missing: 'identity' });
    await put('/driver/v1/billing-identity', unit.credential, FRANCHISE);
    // Every settlement asked three times at once: six invoices, one each.
    const outcomes = await Promise.all(
      [...settlements, ...settlements, ...settlements].map((s) => ensureSelfBilledInvoice(db.orm, s.number, true, DEMO_SELLER)),
    );
    const numbers = outcomes.map((o) => (o && 'issued' in o ? o.issued.number : null));
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.slice(0, 6)).toEqual(numbers.slice(6, 12));
    expect(numbers.slice(0, 6)).toEqual(numbers.slice(12));
    const rows = await sql<{ seq: number; year: number; amount_due_minor: string; payable_minor: string }>(
      `select i.seq, i.year, i.amount_due_minor, s.payable_minor from self_billed_invoices i join settlements s on s.id = i.settlement_id
        where i.driver_id = ? order by i.seq`,
      [unit.id],
    );
    expect(rows.map((r) => [r.seq, r.year])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, year]));
    expect(rows.every((r) => r.amount_due_minor === r.payable_minor)).toBe(true);
    expect(await sql('select last_seq from self_billing_series where driver_id = ? order by year', [unit.id])).toEqual([
      { last_seq: 41 },
      { last_seq: 6 },
    ]);
    // Asked again: the same documents, and an issued one refuses any change.
    const again = await ensureSelfBilledInvoice(db.orm, settlements[0]!.number, true, DEMO_SELLER);
    expect(again).toEqual(outcomes[0]);
    await expect(sql("update self_billed_invoices set note = 'edited' where driver_id = ?", [unit.id])).rejects.toThrow(/immutable/);
  });

  it('takes the VAT regime in force at the settlement’s date', async () => {
    const unit = await createTestUnit(db.orm, { name: 'Kim Noor' });
    await put('/driver/v1/billing-identity', unit.credential, { ...FRANCHISE, valid_from: '2026-01-01T00:00:00Z' });
    const [before] = await settle(unit.id, 'Kim Noor', [8]);
    // The chauffeur passes the franchise's threshold: the normal regime from now on.
    await put('/driver/v1/billing-identity', unit.credential, NORMAL);
    const [, after] = await settle(unit.id, 'Kim Noor', [9]);
    const franchise = await getJson(url(`/${before!.number}/self-billed-invoice`), operatorKey);
    const normal = await getJson(url(`/${after!.number}/self-billed-invoice`), operatorKey);
    expect(franchise.json).toMatchObject({
      tax: 0,
      note: 'Autofacturation — TVA non applicable, art. 293 B du CGI',
      seller: { vat_regime: 'franchise', vat_id: null },
    });
    expect(normal.json).toMatchObject({ note: 'Autofacturation', seller: { vat_regime: 'normal', vat_id: 'FR44732829320' } });
    expect(normal.json.tax).toBeGreaterThan(0);
    expect([franchise.json.number, normal.json.number]).toEqual([1, 2].map((n) => `SB-${year}-${unit.id}-00000${n}`));
  });

  it('serves UBL and CII of type 389 beside the settlement, the same bytes each time, to operator keys only', async () => {
    const unit = await createTestUnit(db.orm, { name: 'Ana Silva' });
    await put('/driver/v1/billing-identity', unit.credential, FRANCHISE);
    const [s] = await settle(unit.id, 'Ana Silva', [10], DEMO_SELLER);
    const xml = async (format: string, key = operatorKey) => {
      const res = await fetch(url(`/${s!.number}/self-billed-invoice/${format}`), { headers: { authorization: `Bearer ${key}` } });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };
    const ubl = await xml('ubl');
    expect(ubl).toMatchObject({ status: 200, type: 'application/xml; charset=utf-8' });
    expect(ubl.body).toContain('<cbc:InvoiceTypeCode>389</cbc:InvoiceTypeCode>');
    // One note (Peppol allows one): the self-billing mention, then France's coded ones, the franchise's among them.
    expect(ubl.body).toMatch(
      /<cbc:Note>Autofacturation#TXD#TVA non applicable, art\. 293 B du CGI#PMT#[^<]*#PMD#[^<]*#AAB#[^<]*<\/cbc:Note>/,
    );
    expect(ubl.body).toMatch(
      /<cac:AccountingSupplierParty>[\s\S]*Jo Martin EI[\s\S]*<cac:AccountingCustomerParty>[\s\S]*Dispatch Hub Demo SAS/,
    );
    const cii = await xml('cii');
    expect(cii.body).toContain('<ram:TypeCode>389</ram:TypeCode>');
    expect(cii.body).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
    expect(cii.body).toContain('<ram:IncludedNote><ram:Content>Autofacturation</ram:Content></ram:IncludedNote>');
    expect((await xml('ubl')).body).toBe(ubl.body);
    expect((await xml('cii')).body).toBe(cii.body);
    expect((await xml('ubl', corporateKey)).status).toBe(403);
  });

  it('answers 409 while the chauffeur has no billing identity, and 404 for no such settlement', async () => {
    const unit = await createTestUnit(db.orm, { name: 'Lou Petit' });
    const [s] = await settle(unit.id, 'Lou Petit', [11]);
    const missing = await getJson(url(`/${s!.number}/self-billed-invoice`), operatorKey);
    expect(missing).toMatchObject({ status: 409, json: { code: 'self_billing_identity_missing' } });
    expect((await getJson(url('/ST-2026-999999/self-billed-invoice/ubl'), operatorKey)).status).toBe(404);
  });
});
