import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createBookingActivities } from '../../activities/booking';
import { updateBillingDetails } from '../../app/accounts';
import { recordAdjustment } from '../../app/settlement-adjustments';
import { setChauffeurIdentity } from '../../app/self-billing';
import { appendBilledRide } from '../../stack/billed-rides';
import { issueInvoice } from '../../db/finance';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import { settlementCycleWorkflowId, type CycleSummary, type IssuedDocument, type PeriodRef } from '../../contracts/finance';
import { documentTotals } from '../../domain/invoice-math';
import { newId } from '../../infra/ids';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestPartner } from '../support/fixtures';
import { insertTestBooking } from '../support/fleet';
import { createTestWorkers } from '../support/hub';
import { timeSkippingEnvironment } from '../../stack/temporal';

const OCTOBER: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };
const NOVEMBER_FIRST_WEEK: PeriodRef = { id: '2026-11-02', start: '2026-11-02T00:00:00.000Z', end: '2026-11-03T00:00:00.000Z' };

/** The ledger and the settlement cycle on the time-skipping server, against a real database. */
describe('settlement cycle', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db));
    await billedAccount(ACME, 'Acme');
    await billedAccount(GLOBEX, 'Globex');
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const ACME = 'acct_a_acme';
  const GLOBEX = 'acct_b_globex';
  let partnerAccount: string;

  /** An account with complete billing details (fixed ids: targets are ordered by account). */
  async function billedAccount(id: string, name: string) {
    const billing = {
      legal_name: `${name} Ltd`,
      address: '1 Main St',
      city: 'Paris',
      postal_code: '75001',
      country: 'FR',
      email: `ap@${id}.example`,
    };
    await sql(
      `insert into integrator_accounts (id, name, kind, billing, scope_ceiling, created_at) values (?, ?, 'corporate', ?::jsonb, '{}', now())`,
      [id, name, JSON.stringify(billing)],
    );
  }

  const runCycle = (period: PeriodRef) =>
    env.client.workflow.execute('settlementCycleWorkflow', {
      workflowId: settlementCycleWorkflowId(period.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ period }],
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    }) as Promise<CycleSummary>;

  /** A billable fact straight into the ledger, as a booking's end writes it. */
  async function fact(
    party: { kind: 'account'; id: string },
    o: { gross: number; at: string; currency?: string; market?: string; live?: boolean; kind?: 'completed' | 'no_show'; unit?: string },
  ) {
    const id = newId('bkg');
    const unit = o.unit ? { id: o.unit, driverName: `Driver of ${o.unit}` } : undefined;
    await appendBilledRide(db.orm, {
      bookingId: id,
      accountId: party.id,
      grossMinor: o.gross,
      at: o.at,
      currency: o.currency,
      market: o.market,
      live: o.live,
      status: o.kind,
      unit,
    });
    return id;
  }

  it('writes the ledger fact in the transaction that ends the booking, once however often the activity runs', async () => {
    const partner = await createTestPartner(db.orm);
    const booking = await insertTestBooking(db.orm, { partnerId: partner.partnerId, status: 'on_board' });
    const activities = createBookingActivities({ orm: db.orm });
    const change = {
      bookingId: booking.id,
      changes: { status: 'completed' as const, completedAt: '2026-10-15T10:00:00.000Z', at: '2026-10-15T10:00:00.000Z' },
    };
    await activities.recordBookingChange(change);
    await activities.recordBookingChange(change);
    const rows = await sql<{
      kind: string;
      party_kind: string;
      party_id: string;
      gross_minor: string;
      commission_minor: string;
      tax_point: string;
    }>('select * from billing_entries where booking_id = ?', [booking.id]);
    expect(rows).toHaveLength(1);
    // A partner is billed through its linked account, created for it on its first billed ride.
    const [{ account_id }] = await sql<{ account_id: string }>('select account_id from partners where id = ?', [partner.partnerId]);
    partnerAccount = account_id;
    expect(rows[0]).toMatchObject({
      kind: 'fare',
      party_kind: 'account',
      party_id: account_id,
      gross_minor: String(booking.fareTotalMinor),
    });
    expect(Number(rows[0].commission_minor)).toBeGreaterThan(0); // a partner is billed net of its commission
    expect(new Date(rows[0].tax_point)).toEqual(new Date('2026-10-15T10:00:00.000Z'));
    await expect(sql('update billing_entries set gross_minor = 1 where booking_id = ?', [booking.id])).rejects.toThrow(/immutable/);
  });

  it('issues one invoice per party, currency and environment with gapless numbers, adds nothing on a re-run, and keeps late rides for the next period', async () => {
    const [acmeEur, acmeJpy, globex] = [ACME, ACME, GLOBEX].map((id) => ({ kind: 'account' as const, id }));
    await fact(acmeEur, { gross: 11_000, at: '2026-10-03T08:00:00Z' });
    await fact(acmeEur, { gross: 5_500, at: '2026-10-20T08:00:00Z', kind: 'no_show' });
    await fact(acmeEur, { gross: 12_000, at: '2026-10-21T08:00:00Z', market: 'LON' });
    await fact(acmeJpy, { gross: 8_110, at: '2026-10-04T08:00:00Z', currency: 'JPY' });
    await fact(globex, { gross: 2_000, at: '2026-10-05T08:00:00Z', live: false });
    await fact(globex, { gross: 9_999, at: '2026-11-02T08:00:00Z' }); // the next period's

    const first = await runCycle(OCTOBER);
    // The partner's ride of the first test waits: the account it is billed through has no billing details yet.
    expect(first.unbilled).toEqual([
      expect.objectContaining({ partyId: partnerAccount, livemode: true, missing: expect.arrayContaining(['legal_name', 'country']) }),
    ]);
    expect(first.invoices.map((d) => [d.partyId, d.currency, d.livemode, d.lines])).toEqual([
      [ACME, 'EUR', true, 3],
      [ACME, 'JPY', true, 1],
      [GLOBEX, 'EUR', false, 1],
    ]);
    const year = new Date().getUTCFullYear();
    expect(first.invoices.map((d) => d.number)).toEqual([`INV-${year}-000001`, `INV-${year}-000002`, `INV-TEST-${year}-000001`]);

    // Paris at 10 % and London at 20 % make two buckets; each rounded once from its net; the document adds up.
    const [eur] = await sql<{
      id: string;
      net_minor: string;
      tax_minor: string;
      gross_minor: string;
      tax_buckets: { rate_ppm: number; net: string; tax: string }[];
    }>('select * from finance_documents where number = ?', [first.invoices[0].number]);
    const lines = await sql<{ net_minor: string; tax_minor: string; category: string; rate_ppm: number; kind: string }>(
      'select * from finance_document_lines where document_id = ? order by position',
      [eur.id],
    );
    expect(lines.map((l) => [l.kind, l.rate_ppm])).toEqual([
      ['fare', 100_000],
      ['no_show_fee', 100_000],
      ['fare', 200_000],
    ]);
    const totals = documentTotals(
      lines.map((l) => ({ net: BigInt(l.net_minor), category: l.category as 'standard', ratePpm: l.rate_ppm })),
    );
    expect([eur.net_minor, eur.tax_minor, eur.gross_minor].map(String)).toEqual([totals.net, totals.tax, totals.gross].map(String));
    expect(eur.tax_buckets.map((b) => b.rate_ppm)).toEqual([100_000, 200_000]); // reduced, then standard
    expect(lines.reduce((s, l) => s + BigInt(l.tax_minor), 0n)).toBe(totals.tax);
    // ¥8,110 tax-inclusive at 10 %: ¥7,373 net and ¥737 of tax, computed in yen.
    const [jpy] = await sql<{ net_minor: string; tax_minor: string }>('select * from finance_documents where number = ?', [
      first.invoices[1].number,
    ]);
    expect([jpy.net_minor, jpy.tax_minor].map(String)).toEqual(['7373', '737']);

    // A ride of October recorded after the close: not in October's re-run, in the next period's invoice.
    await fact(globex, { gross: 3_000, at: '2026-10-30T08:00:00Z' });
    const again = await runCycle(OCTOBER);
    expect(again.invoices.map((d) => d.number)).toEqual(first.invoices.map((d) => d.number));
    expect(again.closedAt).toBe(first.closedAt);
    expect(await sql('select count(*)::int as n from finance_documents')).toEqual([{ n: 3 }]);

    // Once the partner's account has its billing details, the next run bills its waiting ride too.
    await updateBillingDetails(db.orm, partnerAccount, {
      legal_name: 'Partner SA',
      address: '2 quai',
      city: 'Lyon',
      postal_code: '69002',
      country: 'FR',
      email: 'ap@partner.example',
    });
    const next = await runCycle(NOVEMBER_FIRST_WEEK);
    // Targets go in account order: the linked account's generated id sorts before the fixed ones.
    expect(next.invoices.map((d) => [d.number, d.partyId, d.lines])).toEqual([
      [`INV-${year}-000003`, partnerAccount, 1],
      [`INV-${year}-000004`, GLOBEX, 2],
    ]);
    expect(next.unbilled).toEqual([]);
  });

  it('never changes an issued invoice: amounts and lines are refused, the status may move', async () => {
    const [doc] = await sql<{ id: string }>('select id from finance_documents order by issued_at limit 1');
    await expect(sql('update finance_documents set net_minor = net_minor + 1 where id = ?', [doc.id])).rejects.toThrow(/never changes/);
    await expect(sql('update finance_document_lines set net_minor = 0 where document_id = ?', [doc.id])).rejects.toThrow(/immutable/);
    await expect(sql('delete from finance_documents where id = ?', [doc.id])).rejects.toThrow(/immutable/);
    await sql(`update finance_documents set status = 'paid' where id = ?`, [doc.id]);
  });

  it('numbers without gaps when several cycles issue at once, and one invoice when two issue the same', async () => {
    const period: PeriodRef = { id: '2026-09', start: '2026-09-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' };
    const parties = Array.from({ length: 12 }, (_, i) => ({ kind: 'account' as const, id: `acc_busy_${String(i).padStart(2, '0')}` }));
    for (const p of parties) await fact(p, { gross: 1_000 + parties.indexOf(p), at: '2026-09-10T08:00:00Z', live: false });
    await sql(`insert into finance_periods (id, starts_at, ends_at) values (?, ?, ?)`, [period.id, period.start, period.end]);
    const before = await sql<{ last_seq: string }>(`select last_seq from document_series where series = ?`, [
      `INV-TEST-${new Date().getUTCFullYear()}`,
    ]);
    const target = (id: string) => ({ partyKind: 'account' as const, partyId: id, currency: 'EUR', livemode: false });
    const issued = await Promise.all(
      parties.flatMap((p) => [issueInvoice(db.orm, period, target(p.id)), issueInvoice(db.orm, period, target(p.id))]),
    );
    const numbers = [...new Set(issued.map((d) => (d as IssuedDocument).number))];
    expect(numbers).toHaveLength(parties.length); // the pair of each party answered one invoice
    const seqs = numbers.map((n) => Number(n.split('-').at(-1))).sort((a, b) => a - b);
    const start = Number(before[0].last_seq) + 1;
    expect(seqs).toEqual(Array.from({ length: parties.length }, (_, i) => start + i));
  });

  it('settles each driver of the period, pays through the provider once per key, and retries a failed payout in the next cycle', async () => {
    const june: PeriodRef = { id: '2026-06', start: '2026-06-01T00:00:00.000Z', end: '2026-07-01T00:00:00.000Z' };
    const july: PeriodRef = { id: '2026-07', start: '2026-07-01T00:00:00.000Z', end: '2026-08-01T00:00:00.000Z' };
    const acme = { kind: 'account' as const, id: ACME };
    await fact(acme, { gross: 11_000, at: '2026-06-03T08:00:00Z', unit: 'unit_good' }); // Paris: 100.00 net
    await fact(acme, { gross: 5_500, at: '2026-06-04T08:00:00Z', unit: 'unit_good', kind: 'no_show' }); // 50.00 net
    await fact(acme, { gross: 12_000, at: '2026-06-05T08:00:00Z', unit: 'unit_gone_closed', market: 'LON' }); // 100.00 net
    // unit_good's billing identity is on file: its settlement is also its self-billed invoice, issued with it.
    await setChauffeurIdentity(db.orm, {
      driverId: 'unit_good',
      input: {
        legal_name: 'Good Driver EI',
        address: '1 rue X',
        city: 'Paris',
        postal_code: '75001',
        country: 'FR',
        siret: '73282932000074',
        vat_regime: 'franchise',
      },
      validFrom: new Date('2026-01-01T00:00:00Z'),
      setBy: 'ops',
    });

    const first = await runCycle(june);
    expect(first.settlements.map((s) => [s.driverId, s.payable, s.status])).toEqual([
      ['unit_gone_closed', '7500', 'pending'], // London: 25 % commission
      ['unit_good', '12000', 'pending'], // Paris: 20 %
    ]);
    const year = new Date().getUTCFullYear();
    expect(first.settlements.map((s) => s.number).sort()).toEqual([`ST-${year}-000001`, `ST-${year}-000002`]);
    expect(first.payouts.map((p) => [p.driverId, p.status, p.reason])).toEqual([
      ['unit_gone_closed', 'failed', 'account_closed'],
      ['unit_good', 'paid', null],
    ]);
    const [good] = await sql<{
      earnings_minor: string;
      commission_minor: string;
      payable_minor: string;
      status: string;
      paid_at: string | null;
    }>(`select * from settlements where driver_id = 'unit_good'`);
    expect(good).toMatchObject({ earnings_minor: '15000', commission_minor: '3000', payable_minor: '12000', status: 'paid' });
    const lines = await sql<{ kind: string; amount_minor: string }>(
      `select l.kind, l.amount_minor from settlement_lines l join settlements s on s.id = l.settlement_id where s.driver_id = 'unit_good' order by l.position`,
    );
    expect(lines.map((l) => [l.kind, l.amount_minor])).toEqual([
      ['ride', '10000'],
      ['commission', '-2000'],
      ['no_show', '5000'],
      ['commission', '-1000'],
    ]);
    expect(lines.reduce((s, l) => s + BigInt(l.amount_minor), 0n)).toBe(12000n); // the lines add up to the payable

    // A re-run pays nobody again; the next cycle retries the failed payout under a new key.
    const again = await runCycle(june);
    expect(again.payouts).toEqual([]);
    expect(
      await sql('select driver_id, number, amount_due_minor from self_billed_invoices where driver_id in (?, ?)', [
        'unit_good',
        'unit_gone_closed',
      ]),
    ).toEqual([{ driver_id: 'unit_good', number: `SB-${year}-unit_good-000001`, amount_due_minor: '12000' }]);
    expect(again.settlements.map((s) => s.number).sort()).toEqual(first.settlements.map((s) => s.number).sort());
    const next = await runCycle(july);
    expect(next.payouts.map((p) => [p.driverId, p.status, p.reason])).toEqual([['unit_gone_closed', 'failed', 'account_closed']]);
    const transfers = await sql<{ idempotency_key: string; status: string }>(
      'select idempotency_key, status from payout_transfers order by idempotency_key',
    );
    const closed = first.settlements.find((s) => s.driverId === 'unit_gone_closed')!.number;
    const paid = first.settlements.find((s) => s.driverId === 'unit_good')!.number;
    expect(transfers).toEqual([
      { idempotency_key: `${closed}:1`, status: 'failed' },
      { idempotency_key: `${closed}:2`, status: 'failed' },
      { idempotency_key: `${paid}:1`, status: 'paid' },
    ]);
    await expect(sql(`update settlements set payable_minor = 1 where number = ?`, [paid])).rejects.toThrow(/never changes/);
    const events = await sql<{ type: string; account_id: string }>(
      `select type, account_id from public_events where type like 'settlement.%' order by created_at`,
    );
    // Published together: two failures (the first cycle's and the retry's) and one payment, all the platform's.
    expect(events.map((e) => `${e.type} ${e.account_id}`).sort()).toEqual([
      'settlement.failed platform',
      'settlement.failed platform',
      'settlement.paid platform',
    ]);
  });

  it('pays waiting past the free window, takes a fee and an adjustment once, and carries a fee-only balance', async () => {
    const march: PeriodRef = { id: '2026-03', start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' };
    const april: PeriodRef = { id: '2026-04', start: '2026-04-01T00:00:00.000Z', end: '2026-05-01T00:00:00.000Z' };
    const acme = { kind: 'account' as const, id: ACME };
    const unit = { id: 'unit_waited', driverName: 'Driver of unit_waited' };
    // 25 minutes from the booked pickup to boarding: 10 past the 15 free, at the executive class's 0.50 EUR a minute.
    await appendBilledRide(db.orm, {
      bookingId: newId('bkg'),
      accountId: ACME,
      grossMinor: 11_000,
      at: '2026-03-03T08:00:00Z',
      unit,
      waitedMinutes: 25,
    });
    await fact(acme, { gross: 11_000, at: '2026-03-04T08:00:00Z', unit: 'unit_waited' }); // boarded at once: no waiting line
    const driver = { livemode: true, currency: 'EUR' };
    await recordAdjustment(db.orm, { ...driver, driverId: unit.id, kind: 'fee', amount: -25, description: 'Vehicle inspection' });
    await recordAdjustment(db.orm, { ...driver, driverId: unit.id, kind: 'adjustment', amount: 10, description: 'Toll refund' });
    await recordAdjustment(db.orm, { ...driver, driverId: 'unit_fee_only', kind: 'fee', amount: -5, description: 'Lost badge' });
    await expect(
      recordAdjustment(db.orm, { ...driver, driverId: unit.id, kind: 'fee', amount: 5, description: 'A fee is negative' }),
    ).rejects.toThrow(/negative/);

    await runCycle(march);
    const settled = await sql<{
      driver_id: string;
      earnings_minor: string;
      fees_minor: string;
      payable_minor: string;
      carry_out_minor: string;
    }>(`select * from settlements where period_id = '2026-03' order by driver_id`);
    expect(settled.map((r) => [r.driver_id, r.earnings_minor, r.fees_minor, r.payable_minor, r.carry_out_minor])).toEqual([
      ['unit_fee_only', '0', '500', '0', '-500'],
      ['unit_waited', '20500', '2500', '15000', '0'], // 20000 + 500 waiting − 4000 commission − 2500 fee + 1000 adjustment
    ]);
    const lines = await sql<{ kind: string; amount_minor: string; description: string }>(
      `select l.kind, l.amount_minor, l.description from settlement_lines l join settlements s on s.id = l.settlement_id
        where s.driver_id = 'unit_waited' order by l.position`,
    );
    expect(lines.map((l) => [l.kind, l.amount_minor])).toEqual([
      ['ride', '10000'],
      ['commission', '-2000'],
      ['waiting', '500'],
      ['ride', '10000'],
      ['commission', '-2000'],
      ['fee', '-2500'],
      ['adjustment', '1000'],
    ]);
    expect(lines[2]!.description).toMatch(/^Waiting 10 min past the free window/);

    // Neither a re-run nor the next period takes an adjustment twice; the next period carries the fee-only balance.
    await runCycle(march);
    await fact(acme, { gross: 11_000, at: '2026-04-02T08:00:00Z', unit: 'unit_fee_only' });
    await runCycle(april);
    const [taken] = await sql<{ n: string }>(`select count(*) as n from settlement_lines where adjustment_id is not null`);
    expect(Number(taken.n)).toBe(3);
    const aprilLines = await sql<{ kind: string; amount_minor: string }>(
      `select l.kind, l.amount_minor from settlement_lines l join settlements s on s.id = l.settlement_id
        where s.period_id = '2026-04' order by s.driver_id, l.position`,
    );
    expect(aprilLines.map((l) => [l.kind, l.amount_minor])).toEqual([
      ['ride', '10000'],
      ['commission', '-2000'],
      ['carry_over', '-500'],
    ]);
  });
});
