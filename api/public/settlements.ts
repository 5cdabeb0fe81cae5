import { Readable } from 'node:stream';
import { z } from 'zod';
import { csvRow } from '../../domain/csv';
import { fromMinor } from '../../domain/money';
import { SETTLEMENT_LINE_KINDS } from '../../domain/settlement';
import {
  SETTLEMENT_STATUSES,
  settlementWithLines,
  readSettlements,
  SETTLEMENT_EXPORT_PAGE,
  settlementExportPage,
  type SettlementFilter,
  type SettlementRow,
} from '../../db/settlements';
import type { Principal } from '../auth/principal';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { Instant } from '../wire-schemas';
import { requireAccountKind } from './account-kind';

const Cursor = keysetCursor((id) => /^stl_[a-z0-9]{26}$/.test(id));
const Money = z.number().meta({ description: 'A decimal amount in the settlement currency.' });
const Settlement = z
  .object({
    settlement: z.string().meta({ example: 'ST-2026-000042' }),
    driver: z.string().meta({ description: 'The fleet unit (`unit_…`), or `sandbox:<licence>` for a simulated driver.' }),
    driver_name: z.string(),
    period: z.object({ id: z.string(), start: z.string(), end: z.string() }),
    currency: z.string(),
    earnings: Money,
    commission: Money,
    fees: Money,
    payable: Money.meta({ description: 'earnings − commission − fees (and any balance carried over); never negative.' }),
    status: z.enum(SETTLEMENT_STATUSES).meta({
      description:
        'pending until paid; failed (tried again next period); returned by the bank (the next settlement pays it again); awaiting_rail: a ' +
        'live payout in a currency no configured payout rail carries (never reported paid without a bank); on_hold until `held_until` ' +
        '(the driver’s bank account changed less than 24 h before), then paid by the next payout run.',
    }),
    paid_at: z.string().nullable(),
    held_until: z.string().nullable().meta({ description: 'While `on_hold`: when the payout may leave.' }),
    failure_reason: z.string().nullable(),
    livemode: z.boolean(),
  })
  .meta({ id: 'Settlement' });
const SettlementLine = z
  .object({
    position: z.number().int(),
    ref: z.string().nullable().meta({ description: 'The booking the line is for (null for fees, adjustments and a carried balance).' }),
    kind: z.enum(SETTLEMENT_LINE_KINDS).meta({
      description:
        'ride and no_show: net earnings; waiting: pay for waiting past the free window; commission: the platform’s; fee and adjustment: recorded by ops; carry_over: a negative balance from an earlier settlement.',
    }),
    description: z.string(),
    amount: Money.meta({ description: 'Signed: the lines of a settlement add up to its payable (before a negative balance is carried).' }),
  })
  .meta({ id: 'SettlementLine' });

const ListSettlementsQuery = z
  .object({
    period: z.string().max(32).optional().meta({ description: 'A period id, e.g. 2026-10.' }),
    from: Instant.optional().meta({ description: 'Periods starting at or after, RFC 3339.' }),
    to: Instant.optional().meta({ description: 'Periods starting before, RFC 3339.' }),
    driver: z.string().max(80).optional(),
    status: Settlement.shape.status.optional(),
    limit: PageLimit,
    cursor: Cursor.optional(),
  })
  .strict();

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function view(r: SettlementRow): z.infer<typeof Settlement> {
  const money = (minor: string) => fromMinor(Number(minor), r.currency);
  return {
    settlement: r.number,
    driver: r.driver_id,
    driver_name: r.driver_name,
    period: { id: r.period_id, start: iso(r.starts_at)!, end: iso(r.ends_at)! },
    currency: r.currency,
    earnings: money(r.earnings_minor),
    commission: money(r.commission_minor),
    fees: money(r.fees_minor),
    payable: money(r.payable_minor),
    status: r.status,
    paid_at: iso(r.paid_at),
    held_until: r.status === 'on_hold' ? iso(r.held_until) : null,
    failure_reason: r.failure_reason,
    livemode: r.livemode,
  };
}

/** Settlements are the platform's: operator keys only (a corporate key gets `403 account_kind_forbidden`). */
function operatorOnly(principal: Principal): void {
  requireAccountKind(principal, 'operator', 'Chauffeur settlements');
}

function filters(query: z.infer<typeof ListSettlementsQuery>, principal: Principal): SettlementFilter {
  return {
    livemode: principal.livemode,
    periodId: query.period,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    driverId: query.driver,
    status: query.status,
  };
}

const CSV_HEADER = ['settlement', 'driver', 'driver_name', 'period', 'ref', 'kind', 'description', 'amount', 'currency', 'status'];

/** One CSV row per line item, settlement by settlement, read in pages of 500 settlements: never the whole set in memory. */
function csvStream(deps: ApiDeps, filter: SettlementFilter): Readable {
  async function* rows() {
    yield csvRow(CSV_HEADER);
    let after: string | null = null;
    for (;;) {
      const { settlements: page, lines } = await settlementExportPage(deps.orm, filter, after);
      if (!page.length) return;
      const byId = new Map(page.map((r) => [r.id, r]));
      let chunk = '';
      for (const l of lines) {
        const s = byId.get(l.settlement_id)!;
        chunk += csvRow([
          s.number,
          s.driver_id,
          s.driver_name,
          s.period_id,
          l.booking_ref ?? '',
          l.kind,
          l.description,
          fromMinor(Number(l.amount_minor), s.currency),
          s.currency,
          s.status,
        ]);
      }
      yield chunk;
      after = page.at(-1)!.id;
      if (page.length < SETTLEMENT_EXPORT_PAGE) return;
    }
  }
  return Readable.from(rows());
}

const ERRORS = ['invalid_api_key', 'insufficient_scope', 'account_kind_forbidden', 'validation_failed', 'rate_limited'] as const;

export const listSettlements = defineOperation({
  operationId: 'listSettlements',
  method: 'get',
  path: '/api/public/v1/settlements',
  summary: 'List chauffeur settlements (operator accounts)',
  description:
    "Settlements of the key's environment, newest first: per driver, period and currency, with earnings, the platform's commission, fees and what is paid out. " +
    "Operator accounts only. With `Accept: text/csv` the same selection streams as CSV (RFC 4180): a header row, then one row per line item, amounts signed so that a settlement's rows add up to its payable.",
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request: { query: ListSettlementsQuery },
  responses: {
    200: {
      description: 'One page of settlements (JSON), or every line item of the selection (CSV).',
      schema: z
        .object({ data: z.array(Settlement), has_more: z.boolean(), next_cursor: z.string().nullable() })
        .meta({ id: 'SettlementList' }),
      alternative: {
        contentType: 'text/csv',
        schema: z.string(),
        example:
          'settlement,driver,driver_name,period,ref,kind,description,amount,currency,status\r\nST-2026-000042,unit_01jd…,Jo Martin,2026-10,bkg_01jd…,ride,Ride bkg_01jd…,100,EUR,paid\r\n',
      },
    },
  },
  errors: [...ERRORS],
  async handler({ query, principal, deps, ctx }) {
    operatorOnly(principal);
    const filter = filters(query, principal);
    if (ctx.accepts('application/json', 'text/csv') === 'text/csv') {
      return { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: csvStream(deps, filter) };
    }
    const rows = await readSettlements(deps.orm, filter, { before: query.cursor, limit: query.limit + 1 });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (r) => r.id, view) };
  },
});

export const getSettlement = defineOperation({
  operationId: 'getSettlement',
  method: 'get',
  path: '/api/public/v1/settlements/:number',
  summary: 'Retrieve a settlement with its lines (operator accounts)',
  description: 'One settlement of the key’s environment with its line items (rides, no-show pay, commission, fees, carried balance).',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request: {
    params: z.object({ number: z.string().regex(/^ST(-TEST)?-\d{4}-\d{6}$/, 'expected a settlement number such as ST-2026-000042') }),
  },
  responses: {
    200: {
      description: 'The settlement with its lines.',
      schema: Settlement.extend({ lines: z.array(SettlementLine) }).meta({ id: 'SettlementWithLines' }),
    },
  },
  errors: [...ERRORS, 'not_found'],
  async handler({ params, principal, deps }) {
    operatorOnly(principal);
    const found = await settlementWithLines(deps.orm, params.number, principal.livemode);
    if (!found) throw new ProblemError('not_found', { detail: `No settlement ${params.number}.`, param: 'number' });
    const { settlement: row, lines } = found;
    return {
      status: 200,
      body: {
        ...view(row),
        lines: lines.map((l) => ({
          position: l.position,
          ref: l.booking_ref,
          kind: l.kind,
          description: l.description,
          amount: fromMinor(Number(l.amount_minor), row.currency),
        })),
      },
    };
  },
});
