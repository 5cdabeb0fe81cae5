/**
 * `npm run bench:seed -- --bookings 1000000`: fills the local stack's database (the one `npm start` runs, or
 * DATABASE_URL) with bookings for the list benchmarks, through COPY: several corporate and operator accounts,
 * partners with and without a linked account, every market and status, pickups over a year around today, in both
 * environments. Also creates one corporate and one operator account with test and live keys holding every scope, and
 * writes them to `$HUB_DATA_DIR/bench-keys.json` for `npm run bench -- public-list`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createApiKey, createIntegratorAccount, createPartner } from '../app/accounts';
import { migrate } from '../db/orm';
import { MARKET_CODES, marketCentre } from '../domain/markets';
import { priceFare } from '../domain/pricing';
import { loadConfig } from '../infra/config';
import { embeddedDatabaseUrl } from '../stack/embedded-postgres';
import { newId } from '../infra/ids';
import { API_KEY_SCOPES } from '../infra/scopes';
import { connect, hubSecrets } from '../scripts/hub-connection';
import { environmentOfTestOrLive } from '../domain/environment';

const STATUS_MIX = [
  ...Array<string>(55).fill('completed'),
  ...Array<string>(25).fill('confirmed'),
  ...Array<string>(12).fill('cancelled'),
  ...Array<string>(4).fill('no_show'),
  'assigned',
  'on_the_way',
  'arrived',
  'on_board',
];
const DAY = 86_400_000;
// Passenger names for the name search: common first names and surnames (some accented), and one ride in a thousand a
// surname of its own, the needle a planner looks for.
const FIRST_NAMES = ['Ada', 'Zoë', 'Jean', 'Maria', 'José', 'Chloé', 'Ingrid', 'Noah', 'Léa', 'Omar', 'Björn', 'Amélie'];
const SURNAMES = ['Martin', 'Bernard', 'Müller', 'García', 'Rossi', 'Smith', 'Dubois', 'Ångström', 'Nowak', 'Jansen'];
const passengerName = (i: number) =>
  `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i % 1000 === 7 ? `Rare${i}` : SURNAMES[Math.floor(i / 7) % SURNAMES.length]}`;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number ≥ 0`);
  return value;
}

/** A COPY text-format field: NULL as \N, backslash, tab and newlines escaped. */
const field = (v: string | number | null) =>
  v === null ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

const COLUMNS = [
  'id',
  'partner_id',
  'account_id',
  'environment',
  'status',
  'vehicle_class',
  'market',
  'pickup',
  'dropoff',
  'passenger',
  'pickup_at',
  'currency',
  'fare',
  'fare_total_minor',
  'commission_pct',
  'free_until',
  'late_cancellation_fee_minor',
  'driver',
  'created_at',
  'updated_at',
  'customer_reference',
  'workflow_started_at',
];

async function main() {
  const total = arg('bookings', 1_000_000);
  const config = loadConfig();
  const url = config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgresPort, 'hub');
  const orm = await connect(config, 4);
  await migrate(orm);
  const secrets = hubSecrets(config);

  const corporate = await Promise.all(
    Array.from({ length: 8 }, (_, i) => createIntegratorAccount(orm, `Bench corporate ${i + 1}`, 'corporate', {}, API_KEY_SCOPES)),
  );
  const operators = await Promise.all(
    Array.from({ length: 2 }, (_, i) => createIntegratorAccount(orm, `Bench operator ${i + 1}`, 'operator')),
  );
  const partners = await Promise.all(Array.from({ length: 6 }, (_, i) => createPartner(orm, secrets, { name: `Bench partner ${i + 1}` })));
  const key = async (accountId: string, environment: 'test' | 'live') =>
    (
      await createApiKey(orm, secrets, {
        accountId,
        environment: environmentOfTestOrLive(environment),
        label: 'bench',
        scopes: [...API_KEY_SCOPES],
        ratePerMinute: 1_000_000,
      })
    ).key;
  const keys = {
    corporate: {
      accountId: corporate[0].accountId,
      test: await key(corporate[0].accountId, 'test'),
      live: await key(corporate[0].accountId, 'live'),
    },
    operator: {
      accountId: operators[0].accountId,
      test: await key(operators[0].accountId, 'test'),
      live: await key(operators[0].accountId, 'live'),
    },
  };

  // One priced fare per market and class is enough: the list reads the totals, not the route.
  const markets = MARKET_CODES.map((code) => ({ code, center: marketCentre(code)! }));
  const fares = markets.map((m) =>
    priceFare({
      pickup: m.center,
      dropoff: { lat: m.center.lat + 0.05, lng: m.center.lng + 0.05 },
      pickupAt: new Date(),
      vehicleClass: 'executive',
      currency: 'EUR',
    }),
  );
  const now = Date.now();
  const rows = (function* () {
    for (let i = 0; i < total; i++) {
      const m = i % markets.length;
      const market = markets[m];
      const fare = fares[m];
      const createdAt = now - 180 * DAY + Math.floor((i / total) * 180 * DAY);
      const pickupAt = now - 180 * DAY + Math.floor(Math.random() * 365 * DAY);
      // Six bookings in ten belong to a corporate account (made through the public API or a linked partner).
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
      const accountId = Math.random() < 0.6 ? pick(corporate).accountId : null;
      const partnerId = accountId && Math.random() < 0.3 ? null : pick(partners).partnerId;
      // Most rides are over or waiting; few are under way at any moment, as in a real book.
      const status = pick(STATUS_MIX);
      // An account's own reference: a third of its rides name one of four cost centres (thousands of rides each), a
      // fifth a purchase order of their own, the rest none; partner bookings have none.
      const reference = !accountId ? null : Math.random() < 0.3 ? `CC-${1 + (i % 4)}` : Math.random() < 0.3 ? `PO-${i}` : null;
      const driver =
        status === 'confirmed' || status === 'cancelled' ? null : JSON.stringify({ name: 'Bench Driver', phone: '+33600000000' });
      const place = JSON.stringify({ address: `${market.code} ${i % 997}`, lat: market.center.lat, lng: market.center.lng });
      const values = [
        newId('bkg', createdAt),
        partnerId,
        accountId,
        i % 5 === 0 ? 'sandbox' : 'live',
        status,
        'executive',
        market.code,
        place,
        place,
        JSON.stringify({ name: passengerName(i), phone: '+33611111111', pax: 1, luggage: 0 }),
        new Date(pickupAt).toISOString(),
        fare.currency,
        JSON.stringify(fare),
        fare.total,
        0,
        new Date(pickupAt - 3_600_000).toISOString(),
        Math.round(fare.total / 2),
        driver,
        new Date(createdAt).toISOString(),
        new Date(createdAt).toISOString(),
        reference,
        // Past bookings whose workflows ran: left null, the unstarted-bookings sweep of every API process (and of
        // `npm start`) would start the workflows of the last hour's seeded rows every minute, on the cores the list
        // bench measures.
        new Date(createdAt).toISOString(),
      ];
      yield values.map(field).join('\t') + '\n';
    }
  })();

  const client = new Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    const copy = client.query(copyFrom(`copy bookings (${COLUMNS.join(', ')}) from stdin`));
    await pipeline(Readable.from(rows), copy);
    // Statistics for the planner, and the visibility map and hint bits: without the vacuum the first reads of each
    // page after the COPY check every row's transaction and write the page back (p99 480 ms right after seeding).
    await client.query('vacuum (analyze) bookings');
  } finally {
    await client.end();
  }
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(join(config.dataDir, 'bench-keys.json'), JSON.stringify(keys, null, 2));
  console.log(
    `COPY of ${total.toLocaleString('en')} bookings in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en')} rows/s) into ${url}`,
  );
  console.log(`keys for the list bench: ${join(config.dataDir, 'bench-keys.json')}`);
  await orm.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
