import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createFinanceActivities } from '../../activities/finance';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { appendBilledRide } from '../../stack/billed-rides';
import { closePeriod } from '../../db/finance';
import { issueSettlement, settlementTargets } from '../../db/settlements';
import type { PeriodRef } from '../../contracts/finance';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { testPayouts } from '../support/payouts';

const MAY: PeriodRef = { id: '2026-05', start: '2026-05-01T00:00:00.000Z', end: '2026-06-01T00:00:00.000Z' };

/** RFC 4180 back into rows (quoted fields with doubled quotes, commas and line breaks inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

describe('Public Integration API: chauffeur settlements', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let operatorKey: string;
  let corporateKey: string;

  async function ride(unit: string, driverName: string, gross: number, at: string, market = 'PAR') {
    const when = new Date(at);
    await appendBilledRide(db.orm, {
      bookingId: `bkg_${unit}_${when.getTime()}`,
      accountId: 'acct_rider',
      grossMinor: gross,
      at: when,
      market,
      unit: { id: unit, driverName },
    });
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    const corporate = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
    const key = async (accountId: string) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'live', label: 't', scopes: ['payments.read'] })).key;
    [operatorKey, corporateKey] = [await key(operator), await key(corporate)];

    await ride('unit_a', 'Jo "JJ" Martin, Jr.', 11_000, '2026-05-03T08:00:00Z');
    await ride('unit_a', 'Jo "JJ" Martin, Jr.', 22_000, '2026-05-04T08:00:00Z');
    await ride('unit_b_closed', 'Sam Lee', 12_000, '2026-05-05T08:00:00Z', 'LON');
    await closePeriod(db.orm, MAY);
    for (const target of await settlementTargets(db.orm, MAY)) await issueSettlement(db.orm, MAY, target);
    await createFinanceActivities({ orm: db.orm, payouts: testPayouts(db.orm) }).payOutSettlements(MAY);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const url = (path = '') => `${hub.baseUrl}/api/public/v1/settlements${path}`;

  it('lists settlements for operator keys, and refuses a corporate key with its own problem', async () => {
    const list = await getJson(url(), operatorKey);
    expect(list.status).toBe(200);
    expect(list.json.data.map((s: { driver: string; payable: number; status: string }) => [s.driver, s.payable, s.status]).sort()).toEqual([
      ['unit_a', 240, 'paid'], // 100 + 200 net, less 20 %
      ['unit_b_closed', 75, 'failed'],
    ]);
    const failed = list.json.data.find((s: { driver: string }) => s.driver === 'unit_b_closed');
    expect(failed).toMatchObject({
      failure_reason: 'account_closed',
      period: { id: '2026-05' },
      earnings: 100,
      commission: 25,
      fees: 0,
      livemode: true,
    });
    expect((await getJson(url('?status=paid'), operatorKey)).json.data.map((s: { driver: string }) => s.driver)).toEqual(['unit_a']);
    expect((await getJson(url('?driver=unit_a&period=2026-05'), operatorKey)).json.data).toHaveLength(1);
    expect((await getJson(url('?period=2026-04'), operatorKey)).json.data).toEqual([]);

    const refused = await getJson(url(), corporateKey);
    expect(refused).toMatchObject({
      status: 403,
      json: { code: 'account_kind_forbidden', account_kind: 'corporate', required_kind: 'operator' },
    });
    expect((await getJson(url(`/${list.json.data[0].settlement}`), corporateKey)).status).toBe(403);
  });

  it('reads one settlement with lines that add up to its payable', async () => {
    const [a] = (await getJson(url('?driver=unit_a'), operatorKey)).json.data;
    const one = await getJson(url(`/${a.settlement}`), operatorKey);
    expect(one.json.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['ride', 100],
      ['commission', -20],
      ['ride', 200],
      ['commission', -40],
    ]);
    expect(one.json.lines.reduce((s: number, l: { amount: number }) => s + l.amount * 100, 0)).toBe(a.payable * 100);
    expect((await getJson(url('/ST-2026-999999'), operatorKey)).status).toBe(404);
  });

  it('streams the same selection as CSV that parses back to the JSON, quoting what needs it', async () => {
    const response = await fetch(url(), { headers: { authorization: `Bearer ${operatorKey}`, accept: 'text/csv' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('"Jo ""JJ"" Martin, Jr."');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['settlement', 'driver', 'driver_name', 'period', 'ref', 'kind', 'description', 'amount', 'currency', 'status']);
    const json = (await getJson(url(), operatorKey)).json.data as { settlement: string; driver_name: string; payable: number }[];
    for (const s of json) {
      const mine = rows.filter((r) => r[0] === s.settlement);
      const detail = (await getJson(url(`/${s.settlement}`), operatorKey)).json;
      expect(mine.map((r) => [r[4], r[5], r[6], Number(r[7])])).toEqual(
        detail.lines.map((l: { ref: string; kind: string; description: string; amount: number }) => [
          l.ref,
          l.kind,
          l.description,
          l.amount,
        ]),
      );
      expect(mine.every((r) => r[2] === s.driver_name)).toBe(true);
      expect(Math.round(mine.reduce((sum, r) => sum + Number(r[7]) * 100, 0))).toBe(Math.round(s.payable * 100));
    }
  });
});
