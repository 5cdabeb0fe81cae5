import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createHash } from 'node:crypto';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import type { PeriodRef } from '../../contracts/finance';
import { awaitingRailCount } from '../../db/payouts';
import { PAIN_001, schemaErrors } from '../../infra/iso20022';
import { appendBilledRide } from '../../stack/billed-rides';
import { eventually } from '../../stack/eventually';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { runSettlementCycle } from '../support/payouts';

const DEBTOR_IBAN = 'FR7630006000011234567890189';
const PARIS = { street: 'rue de Rivoli', building_number: '10', post_code: '75001', town: 'Paris', country: 'FR' };
const OCTOBER: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };
// Later runs over one-day periods that have ended.
const day = (d: string): PeriodRef => ({
  id: d,
  start: `${d}T00:00:00.000Z`,
  end: new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString(),
});
const [NOV2, NOV5, NOV9] = ['2026-11-02', '2026-11-05', '2026-11-09'].map(day) as [PeriodRef, PeriodRef, PeriodRef];

/**
 * Issue 39's guards on the money that leaves: with PAYOUT_PROVIDER=sepa a live payout no rail carries waits
 * `awaiting_rail` (never paid), payout files are encrypted at rest and downloaded only with `payouts.read`, and a
 * driver's new account holds its first payout 24 h, with a name check, a notice and an operator event.
 */
describe('payout guards (PAYOUT_PROVIDER=sepa)', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let paymentsReadKey: string;
  let payoutsReadKey: string;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, {
      env: {
        PAYOUT_PROVIDER: 'sepa',
        PAYOUT_DEBTOR_IBAN: DEBTOR_IBAN,
        PAYOUT_DEBTOR_NAME: 'Dispatch Hub Demo SAS',
        PAYOUT_DEBTOR_ADDRESS: JSON.stringify(PARIS),
      },
    });
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    const key = async (scopes: string[]) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId: operator, environment: 'live', label: scopes.join(' '), scopes })).key;
    paymentsReadKey = await key(['payments.read']);
    payoutsReadKey = await key(['payments.read', 'payouts.read']);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const runCycle = (period: PeriodRef) => runSettlementCycle(env, period);

  const settlementOf = async (driver: string, period: string) =>
    (
      await sql<{ status: string; payout_key: string; held_until: Date | null; number: string }>(
        'select status, payout_key, held_until, number from settlements where driver_id = ? and period_id = ?',
        [driver, period],
      )
    )[0]!;

  async function put(path: string, credential: string, body: unknown) {
    const res = await fetch(`${hub.baseUrl}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  let london: string;
  let zurich: string;
  let paris: { id: string; credential: string };

  it('a live payout in a currency no rail carries waits awaiting_rail, never paid; sandbox keeps simulating', async () => {
    london = (await createTestUnit(db.orm, { name: 'Amelia Clarke', market: 'LON' })).id;
    zurich = (await createTestUnit(db.orm, { name: 'Lukas Meier', market: 'ZRH' })).id;
    paris = await createTestUnit(db.orm, { name: 'Jo Martin' });
    const ride = (bookingId: string, unitId: string, driverName: string, currency: string, live = true) =>
      appendBilledRide(db.orm, {
        bookingId,
        accountId: 'acct_rider',
        grossMinor: 20_000,
        at: '2026-10-03T08:00:00Z',
        currency,
        live,
        unit: { id: unitId, driverName },
      });
    await ride('bkg_rail_gbp', london, 'Amelia Clarke', 'GBP');
    await ride('bkg_rail_chf', zurich, 'Lukas Meier', 'CHF');
    await ride('bkg_rail_sandbox', 'sandbox:GB-1', 'Sam Sandbox', 'GBP', false);
    await ride('bkg_rail_eur', paris.id, 'Jo Martin', 'EUR');

    const first = await runCycle(OCTOBER);
    const byDriver = Object.fromEntries(first.payouts.map((p) => [p.driverId, p]));
    expect(byDriver[london]).toMatchObject({ status: 'awaiting_rail', reason: 'no_rail:GBP', currency: 'GBP' });
    expect(byDriver[zurich]).toMatchObject({ status: 'awaiting_rail', reason: 'no_rail:CHF' });
    const sandbox = first.payouts.find((p) => !p.livemode)!;
    expect(sandbox).toMatchObject({ status: 'paid', currency: 'GBP' });
    expect(byDriver[paris.id]).toMatchObject({ status: 'waiting', reason: 'no_bank_account' });
    expect((await settlementOf(london, OCTOBER.id)).status).toBe('awaiting_rail');
    // Nothing was handed to the simulator for a live payout.
    const simulated = await sql<{ idempotency_key: string }>('select idempotency_key from payout_transfers');
    expect(simulated.map((r) => r.idempotency_key)).toEqual([(await settlementOf(sandbox.driverId, OCTOBER.id)).payout_key]);
    expect(await awaitingRailCount(db.orm)).toBe(2);
    const metrics = await (await fetch(`${hub.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^hub_payouts_awaiting_rail 2$/m);

    // The next run asks again: still waiting, still not paid, announced once.
    const again = await runCycle(NOV2);
    expect(again.payouts.find((p) => p.driverId === london)).toMatchObject({ status: 'awaiting_rail' });
    expect((await settlementOf(london, OCTOBER.id)).status).toBe('awaiting_rail');
    const events = await eventually(
      () =>
        sql<{ type: string; body: { data: { settlement: string; currency: string } } }>(
          "select type, body::jsonb as body from public_events where type like 'settlement.%' order by body::jsonb->'data'->>'settlement'",
        ),
      (rows) => rows.length === 3,
      'two awaiting_rail events and the sandbox payout',
    );
    expect(events.filter((e) => e.type === 'settlement.paid')).toHaveLength(1); // the sandbox one only
    expect(
      events
        .filter((e) => e.type === 'settlement.awaiting_rail')
        .map((e) => e.body.data.currency)
        .sort(),
    ).toEqual(['CHF', 'GBP']);
  });

  it('the settlements API shows awaiting_rail', async () => {
    const list = await getJson(`${hub.baseUrl}/api/public/v1/settlements?status=awaiting_rail`, paymentsReadKey);
    expect(list.status).toBe(200);
    expect(list.json.data.map((s: { driver: string }) => s.driver).sort()).toEqual([london, zurich].sort());
  });

  let fileNumber: string;

  it('a driver replacing their account: a notice, an operator event, a name check, and the first payout held 24 h', async () => {
    const first = await put('/driver/v1/bank-account', paris.credential, { holder: 'Jo Martin', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(first).toMatchObject({ status: 200, json: { hold_until: null, name_check: 'match' } });
    const changed = await put('/driver/v1/bank-account', paris.credential, { holder: 'J. Martín', iban: 'NL91 ABNA 0417 1643 00' });
    expect(changed).toMatchObject({ status: 200, json: { iban: 'NL** **** **** **43 00', name_check: 'close' } });
    const [change] = await sql<{
      created_at: Date;
      hold_until: Date;
      name_check: string;
      changed_by: string;
      previous_iban_masked: string;
    }>('select * from driver_bank_account_changes where driver_id = ? order by created_at desc limit 1', [paris.id]);
    expect(new Date(change!.hold_until).getTime() - new Date(change!.created_at).getTime()).toBe(24 * 3600 * 1000);
    expect(change).toMatchObject({ name_check: 'close', changed_by: 'driver', previous_iban_masked: 'DE** **** **** **** **30 00' });
    expect(changed.json.hold_until).toBe(new Date(change!.hold_until).toISOString());

    const notices = await getJson(`${hub.baseUrl}/driver/v1/notices`, paris.credential);
    expect(notices.status).toBe(200);
    expect(notices.json.data).toHaveLength(2);
    expect(notices.json.data[0]).toMatchObject({
      kind: 'bank_account_changed',
      data: { iban: 'NL** **** **** **43 00', previous_iban: 'DE** **** **** **** **30 00', hold_until: changed.json.hold_until },
      message: expect.stringContaining('If you did not make this change'),
    });
    const event = await eventually(
      () =>
        sql<{ body: { data: Record<string, unknown> } }>(
          "select body::jsonb as body from public_events where type = 'driver.bank_account_changed'",
        ),
      (rows) => rows.length === 2,
      'two account change events',
    );
    expect(event.map((e) => e.body.data)).toContainEqual(
      expect.objectContaining({
        driver: paris.id,
        holder: 'J. Martín',
        name_check: 'close',
        changed_by: 'driver',
        hold_until: changed.json.hold_until,
      }),
    );

    // The pay step holds the payout; reads show until when.
    const held = await runCycle(NOV5);
    expect(held.payouts.find((p) => p.driverId === paris.id)).toMatchObject({ status: 'on_hold', reason: changed.json.hold_until });
    const settlement = await getJson(`${hub.baseUrl}/api/public/v1/settlements?driver=${paris.id}`, paymentsReadKey);
    expect(settlement.json.data[0]).toMatchObject({ status: 'on_hold', held_until: changed.json.hold_until });
    expect(await sql('select * from payout_files')).toEqual([]);

    // A day later (the hold's end moved to the past, as the clock would), the next run files it.
    await sql("update driver_bank_accounts set hold_until = now() - interval '1 second' where driver_id = ?", [paris.id]);
    const released = await runCycle(NOV9);
    const payout = released.payouts.find((p) => p.driverId === paris.id)!;
    expect(payout.status).toBe('submitted');
    fileNumber = payout.reason!;
    expect((await settlementOf(paris.id, OCTOBER.id)).status).toBe('pending');
  });

  it('keeps the payout file encrypted at rest: no IBAN in the stored row', async () => {
    const [row] = await sql<Record<string, unknown>>('select * from payout_files where number = ?', [fileNumber]);
    expect(row!.xml).toBeNull();
    const raw = JSON.stringify(row);
    for (const iban of ['NL91ABNA0417164300', DEBTOR_IBAN, '0417164300']) expect(raw).not.toContain(iban);
    await expect(sql('update payout_files set xml_enc = ? where number = ?', ['x', fileNumber])).rejects.toThrow(/immutable/);
  });

  it('downloads payout files with payouts.read only; payments.read lists them but gets 403 on the XML', async () => {
    const listed = await getJson(`${hub.baseUrl}/api/public/v1/payout-files`, paymentsReadKey);
    expect(listed.status).toBe(200);
    const forbidden = await getJson(`${hub.baseUrl}/api/public/v1/payout-files/${fileNumber}`, paymentsReadKey);
    expect(forbidden).toMatchObject({ status: 403, json: { code: 'insufficient_scope' } });
    expect(forbidden.text).not.toContain('NL91');
    const ok = await fetch(`${hub.baseUrl}/api/public/v1/payout-files/${fileNumber}`, {
      headers: { authorization: `Bearer ${payoutsReadKey}` },
    });
    expect(ok.status).toBe(200);
    const xml = await ok.text();
    expect(xml).toContain('<IBAN>NL91ABNA0417164300</IBAN>');
    expect(createHash('sha256').update(xml).digest('hex')).toBe(listed.json.data[0].sha256);
    expect(await schemaErrors(xml, PAIN_001)).toEqual([]);
  });

  it('seals a file written in clear before the upgrade at the next pay step; its download is unchanged', async () => {
    const legacy = '<?xml version="1.0" encoding="UTF-8"?>\n<Document><IBAN>DE89370400440532013000</IBAN></Document>\n';
    const id = `pf_${'0'.repeat(25)}1`;
    await sql(
      `insert into payout_files (id, number, livemode, format, debtor_iban_masked, execution_date, transactions, control_sum_minor, currency, sha256, xml)
       values (?, 'PF-2025-000001', true, 'pain.001.001.09', 'FR76 …', '2025-01-02', 1, 100, 'EUR', ?, ?)`,
      [id, createHash('sha256').update(legacy).digest('hex'), legacy],
    );
    await runCycle(day('2026-11-10')); // London's and Zurich's payouts still wait: the pay step runs
    const [row] = await sql<Record<string, unknown>>('select * from payout_files where id = ?', [id]);
    expect(row).toMatchObject({ xml: null, xml_enc: expect.stringMatching(/^v1\./) });
    expect(JSON.stringify(row)).not.toContain('0532013000');
    const download = await fetch(`${hub.baseUrl}/api/public/v1/payout-files/${id}`, {
      headers: { authorization: `Bearer ${payoutsReadKey}` },
    });
    expect(await download.text()).toBe(legacy);
  });

  it('an account outside the EEA needs the holder’s address, and the file carries both addresses', async () => {
    const geneva = await createTestUnit(db.orm, { name: 'Léa Favre' });
    const without = await put('/driver/v1/bank-account', geneva.credential, { holder: 'Léa Favre', iban: 'CH93 0076 2011 6238 5295 7' });
    expect(without).toMatchObject({ status: 422, json: { code: 'validation_failed', param: 'address' } });
    const address = { street: 'Rue du Rhône', building_number: '8', post_code: '1204', town: 'Genève', country: 'CH' };
    const ok = await put('/driver/v1/bank-account', geneva.credential, {
      holder: 'Léa Favre',
      iban: 'CH93 0076 2011 6238 5295 7',
      address,
    });
    expect(ok).toMatchObject({ status: 200, json: { address, hold_until: null, name_check: 'match' } });
    await appendBilledRide(db.orm, {
      bookingId: 'bkg_rail_geneva',
      accountId: 'acct_rider',
      grossMinor: 30_000,
      at: '2026-11-12T08:00:00Z',
      unit: { id: geneva.id, driverName: 'Léa Favre' },
    });
    const summary = await runCycle(day('2026-11-12'));
    expect(summary.payouts.find((p) => p.driverId === geneva.id)).toMatchObject({ status: 'submitted' });
    const [{ number }] = await sql<{ number: string }>(
      'select f.number from payout_files f join bank_transfers t on t.file_id = f.id join settlements s on s.id = t.settlement_id where s.driver_id = ?',
      [geneva.id],
    );
    const xml = await (
      await fetch(`${hub.baseUrl}/api/public/v1/payout-files/${number}`, { headers: { authorization: `Bearer ${payoutsReadKey}` } })
    ).text();
    expect(await schemaErrors(xml, PAIN_001)).toEqual([]);
    expect(xml).toMatch(/<Dbtr>\s*<Nm>Dispatch Hub Demo SAS<\/Nm>\s*<PstlAdr>[\s\S]*<TwnNm>Paris<\/TwnNm>\s*<Ctry>FR<\/Ctry>/);
    expect(xml).toMatch(/<Cdtr>\s*<Nm>Lea Favre<\/Nm>\s*<PstlAdr>[\s\S]*<TwnNm>Geneve<\/TwnNm>\s*<Ctry>CH<\/Ctry>/);
  });
});
