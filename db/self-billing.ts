import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BillingDetails } from '../domain/billing-details';
import type { ChauffeurBillingIdentity } from '../domain/chauffeur-billing';
import { selfBilledFigures, selfBilledNumber, type SelfBilledLine } from '../domain/self-billing';
import type { SettlementLineKind } from '../domain/settlement';
import { taxRuleAt, type TaxCategory } from '../domain/tax-rules';
import { newId } from '../infra/ids';
import { dbNow } from './finance';

export interface IdentityVersion {
  driver_id: string;
  valid_from: string;
  identity: ChauffeurBillingIdentity;
  set_by: string;
  created_at: string;
}

/** Records a version of a chauffeur's billing identity, in force from `validFrom` (now when not given). */
export async function recordChauffeurIdentity(
  orm: MikroORM,
  v: { driverId: string; identity: ChauffeurBillingIdentity; validFrom?: Date; setBy: string },
): Promise<IdentityVersion> {
  const [row] = await orm.em.fork().execute<IdentityVersion[]>(
    `insert into chauffeur_billing_identities (id, driver_id, valid_from, identity, set_by)
     values (?, ?, coalesce(?::timestamptz, now()), ?, ?) returning driver_id, valid_from, identity, set_by, created_at`,
    [newId('cbi'), v.driverId, v.validFrom ?? null, JSON.stringify(v.identity), v.setBy],
  );
  return row;
}

/**
 * The version in force at `at` (the latest from before it, the last recorded winning a tie); a chauffeur whose first
 * version came later is billed with that first one (an identity recorded after the fact still names the same person).
 */
export async function chauffeurIdentityAt(em: EntityManager, driverId: string, at: Date): Promise<IdentityVersion | null> {
  const [row] = await em.execute<IdentityVersion[]>(
    `select driver_id, valid_from, identity, set_by, created_at from chauffeur_billing_identities where driver_id = ?
      order by (valid_from <= ?) desc, case when valid_from <= ? then valid_from end desc, valid_from, created_at desc limit 1`,
    [driverId, at, at],
  );
  return row ?? null;
}

/** Every version of a chauffeur's identity, latest in force first. */
export async function chauffeurIdentityVersions(orm: MikroORM, driverId: string): Promise<IdentityVersion[]> {
  return orm.em
    .fork()
    .execute<IdentityVersion[]>(
      'select driver_id, valid_from, identity, set_by, created_at from chauffeur_billing_identities where driver_id = ? order by valid_from desc, created_at desc',
      [driverId],
    );
}

/** A self-billed invoice as stored: what was issued, never changed. */
export interface SelfBilledInvoiceRow {
  id: string;
  settlement_id: string;
  number: string;
  driver_id: string;
  livemode: boolean;
  year: number;
  seq: number;
  issued_at: string;
  currency: string;
  seller: ChauffeurBillingIdentity;
  buyer: BillingDetails;
  lines: { kind: SettlementLineKind; ref: string | null; description: string; net: string; category: TaxCategory; rate_ppm: number }[];
  tax_buckets: { category: TaxCategory; rate_ppm: number; net: string; tax: string }[];
  net_minor: string;
  tax_minor: string;
  gross_minor: string;
  rounding_minor: string;
  amount_due_minor: string;
  note: string;
}

interface SettlementForBilling {
  id: string;
  number: string;
  driver_id: string;
  livemode: boolean;
  currency: string;
  created_at: string;
}

/** The VAT rule of the settlement's rides (their market's `fare` rule at the settlement's date), for the normal regime. */
async function ridesRule(em: EntityManager, s: SettlementForBilling): Promise<{ category: TaxCategory; ratePpm: number }> {
  const [ride] = await em.execute<{ jurisdiction: string; vehicle_class: string }[]>(
    `select e.jurisdiction, e.vehicle_class from settlement_lines l join billing_entries e on e.id = l.entry_id
      where l.settlement_id = ? order by l.position limit 1`,
    [s.id],
  );
  const [unit] = ride
    ? []
    : await em.execute<{ market: string; vehicle_class: string }[]>('select market, vehicle_class from fleet_units where id = ?', [
        s.driver_id,
      ]);
  const where = ride ?? (unit && { jurisdiction: unit.market, vehicle_class: unit.vehicle_class });
  if (!where) return { category: 'out_of_scope', ratePpm: 0 };
  const rule = taxRuleAt({ jurisdiction: where.jurisdiction, kind: 'fare', vehicleClass: where.vehicle_class, at: new Date(s.created_at) });
  return { category: rule.category, ratePpm: rule.ratePpm };
}

export type SelfBillingOutcome = { issued: SelfBilledInvoiceRow } | { missing: 'identity' };

/**
 * Issues the settlement's self-billed invoice in the caller's transaction, once: a second call (or a concurrent one,
 * which waits on the lock) answers the one issued. Its number is the next of the chauffeur's series for the year, taken
 * in the same transaction, so a rollback burns none. The seller is the chauffeur's identity in force at the settlement's
 * date; without one there is nothing to issue yet.
 */
export async function issueSelfBilledInvoice(em: EntityManager, settlementId: string, buyer: BillingDetails): Promise<SelfBillingOutcome> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`self-billing|${settlementId}`]);
  const [existing] = await em.execute<SelfBilledInvoiceRow[]>('select * from self_billed_invoices where settlement_id = ?', [settlementId]);
  if (existing) return { issued: existing };
  const [s] = await em.execute<SettlementForBilling[]>(
    'select id, number, driver_id, livemode, currency, created_at from settlements where id = ?',
    [settlementId],
  );
  const version = await chauffeurIdentityAt(em, s.driver_id, new Date(s.created_at));
  if (!version) return { missing: 'identity' };
  const settlementLines = await em.execute<
    { kind: SettlementLineKind; booking_ref: string | null; description: string; amount_minor: string }[]
  >('select kind, booking_ref, description, amount_minor from settlement_lines where settlement_id = ? order by position', [s.id]);
  const figures = selfBilledFigures(
    settlementLines.map((l) => ({ kind: l.kind, ref: l.booking_ref, description: l.description, amount: BigInt(l.amount_minor) })),
    version.identity,
    await ridesRule(em, s),
  );
  const now = await dbNow(em);
  const year = now.getUTCFullYear();
  const [{ seq }] = await em.execute<{ seq: number }[]>(
    `insert into self_billing_series (driver_id, livemode, year, last_seq) values (?, ?, ?, 1)
     on conflict (driver_id, livemode, year) do update set last_seq = self_billing_series.last_seq + 1 returning last_seq as seq`,
    [s.driver_id, s.livemode, year],
  );
  const line = (l: SelfBilledLine) => ({
    kind: l.kind,
    ref: l.ref,
    description: l.description,
    net: String(l.net),
    category: l.category,
    rate_ppm: l.ratePpm,
  });
  const [issued] = await em.execute<SelfBilledInvoiceRow[]>(
    `insert into self_billed_invoices (id, settlement_id, number, driver_id, livemode, year, seq, issued_at, currency, seller, buyer,
       lines, tax_buckets, net_minor, tax_minor, gross_minor, rounding_minor, amount_due_minor, note)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
    [
      newId('sbi'),
      s.id,
      selfBilledNumber(s.driver_id, s.livemode, year, seq),
      s.driver_id,
      s.livemode,
      year,
      seq,
      now,
      s.currency,
      JSON.stringify(version.identity),
      JSON.stringify(buyer),
      JSON.stringify(figures.lines.map(line)),
      JSON.stringify(
        figures.buckets.map((b) => ({
          category: b.category,
          rate_ppm: b.ratePpm,
          net: String(b.net),
          tax: String(b.tax),
        })),
      ),
      String(figures.net),
      String(figures.tax),
      String(figures.gross),
      String(figures.rounding),
      String(figures.amountDue),
      figures.note,
    ],
  );
  return { issued };
}

/** The settlement's self-billed invoice, issued now in its own transaction if it was not yet (see issueSelfBilledInvoice). */
export async function ensureSelfBilledInvoice(
  orm: MikroORM,
  settlementNumber: string,
  livemode: boolean,
  buyer: BillingDetails,
): Promise<SelfBillingOutcome | null> {
  return orm.em.fork().transactional(async (em) => {
    const [s] = await em.execute<{ id: string }[]>('select id from settlements where number = ? and livemode = ?', [
      settlementNumber,
      livemode,
    ]);
    return s ? issueSelfBilledInvoice(em, s.id, buyer) : null;
  });
}
