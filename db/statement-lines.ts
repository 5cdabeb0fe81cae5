import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { resolutionProblem, type LineOutcome, type Resolution } from '../domain/statement-lines';
import { markPaid, markReturned, type SettledPayout } from './bank-statements';

/** An imported statement or status report as listed. */
export interface StatementRow {
  id: string;
  livemode: boolean;
  message: string;
  message_id: string;
  sha256: string;
  transactions: number;
  applied: number;
  unmatched: number;
  account_iban_masked: string | null;
  imported_at: Date;
  /** Lines still needing a person: needs_review or unmatched, not resolved. */
  open_lines: number;
}

/** A stored line with its outcome and, once resolved by hand, who resolved it, how and why. */
export interface StatementLineRow {
  id: string;
  statement_id: string;
  position: number;
  entry: number;
  end_to_end_id: string | null;
  batch_ref: string | null;
  outcome: LineOutcome;
  detail: string;
  payout_ids: string[];
  amount_minor: string | null;
  expected_minor: string | null;
  difference_minor: string | null;
  currency: string | null;
  reason: string | null;
  info: string | null;
  status: string | null;
  booking_date: string | null;
  resolved_outcome: Resolution | null;
  resolved_payout_ids: string[] | null;
  resolved_reason: string | null;
  resolved_by: string | null;
  resolution_note: string | null;
  resolved_at: Date | null;
}

const STATEMENT_COLUMNS = `s.id, s.livemode, s.message, s.message_id, s.sha256, s.transactions, s.applied, s.unmatched, s.account_iban_masked,
  s.imported_at, (select count(*)::int from bank_statement_lines l where l.statement_id = s.id
                   and l.outcome in ('needs_review', 'unmatched') and l.resolved_at is null) as open_lines`;
const LINE_COLUMNS = `id, statement_id, position, entry, end_to_end_id, batch_ref, outcome, detail, payout_ids, amount_minor, expected_minor,
  difference_minor, currency, reason, info, status, to_char(booking_date, 'YYYY-MM-DD') as booking_date, resolved_outcome, resolved_payout_ids,
  resolved_reason, resolved_by, resolution_note, resolved_at`;

/** One page of an environment's imports, newest first, after the id `before`; `open` keeps those with lines left to resolve. */
export async function readStatements(
  orm: MikroORM,
  q: { livemode: boolean; before?: string; limit: number; open?: boolean },
): Promise<StatementRow[]> {
  return orm.em.fork().execute<StatementRow[]>(
    `select * from (select ${STATEMENT_COLUMNS} from bank_statements s where s.livemode = ? ${q.before ? 'and s.id < ?' : ''}) x
      ${q.open ? 'where open_lines > 0' : ''} order by id desc limit ?`,
    [q.livemode, ...(q.before ? [q.before] : []), q.limit],
  );
}

/** A statement of the environment with its lines in file order; undefined when there is none. */
export async function findStatement(
  orm: MikroORM,
  id: string,
  livemode: boolean,
): Promise<(StatementRow & { lines: StatementLineRow[] }) | undefined> {
  const em = orm.em.fork();
  const [row] = await em.execute<StatementRow[]>(`select ${STATEMENT_COLUMNS} from bank_statements s where s.id = ? and s.livemode = ?`, [
    id,
    livemode,
  ]);
  if (!row) return undefined;
  const lines = await em.execute<StatementLineRow[]>(
    `select ${LINE_COLUMNS} from bank_statement_lines where statement_id = ? order by position`,
    [id],
  );
  return { ...row, lines };
}

export class ResolutionRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'not_found' | 'conflict',
  ) {
    super(message);
  }
}

/**
 * Resolves a line needing review (or unmatched) by hand, once, in one transaction: as `matched` (the named payouts of
 * its environment, submitted, become paid), `returned` (they become returned with the reason, `unknown` if none) or
 * `ignored` (no payout); the line keeps who resolved it, when and why. The same resolution asked again answers the line
 * as it stands and changes nothing.
 */
export async function resolveLine(
  orm: MikroORM,
  input: { lineId: string; livemode: boolean; outcome: Resolution; payoutIds: string[]; reason: string | null; note: string; by: string },
  /** Runs in the resolution's transaction with the payouts it settled (their events are queued there). */
  within?: (em: EntityManager, settled: SettledPayout[]) => Promise<void>,
): Promise<{ line: StatementLineRow; settled: SettledPayout[] }> {
  return orm.em.fork().transactional(async (em) => {
    const [locked] = await em.execute<{ id: string }[]>(
      `select l.id from bank_statement_lines l join bank_statements s on s.id = l.statement_id where l.id = ? and s.livemode = ? for update of l`,
      [input.lineId, input.livemode],
    );
    const [line] = locked
      ? await em.execute<StatementLineRow[]>(`select ${LINE_COLUMNS} from bank_statement_lines where id = ?`, [locked.id])
      : [];
    if (!line) throw new ResolutionRefused(`No statement line ${input.lineId}.`, 'not_found');
    const payoutIds = [...new Set(input.payoutIds)].sort();
    const same =
      line.resolved_at &&
      line.resolved_outcome === input.outcome &&
      JSON.stringify([...(line.resolved_payout_ids ?? [])].sort()) === JSON.stringify(payoutIds);
    if (same) return { line, settled: [] };
    const problem = resolutionProblem({ outcome: line.outcome, resolvedAt: line.resolved_at }, { ...input, payoutIds });
    if (problem) throw new ResolutionRefused(problem, 'conflict');
    const transfers = await em.execute<
      {
        id: string;
        status: string;
        amount_minor: string;
        number: string;
        driver_id: string;
        driver_name: string;
        currency: string;
        payable_minor: string;
      }[]
    >(
      `select t.id, t.status, t.amount_minor, s.number, s.driver_id, s.driver_name, s.currency, s.payable_minor
         from bank_transfers t join settlements s on s.id = t.settlement_id
        where t.livemode = ? and t.id in (select jsonb_array_elements_text(?::jsonb)) order by t.id for update of t`,
      [input.livemode, JSON.stringify(payoutIds)],
    );
    const missing = payoutIds.filter((id) => !transfers.some((t) => t.id === id));
    if (missing.length) throw new ResolutionRefused(`No payout ${missing.join(', ')} in this environment.`, 'conflict');
    const settledAlready = transfers.filter((t) => t.status === 'returned' || (input.outcome === 'matched' && t.status !== 'submitted'));
    if (settledAlready.length)
      throw new ResolutionRefused(
        `Payout ${settledAlready.map((t) => `${t.id} is ${t.status}`).join(', ')}: not changed by hand.`,
        'conflict',
      );
    const reason = input.outcome === 'returned' ? (input.reason ?? 'unknown') : null;
    const on = line.booking_date;
    if (input.outcome === 'matched')
      await markPaid(
        em,
        transfers.map((t) => ({ id: t.id, on })),
      );
    if (input.outcome === 'returned')
      await markReturned(
        em,
        transfers.map((t) => ({ id: t.id, on, reason: reason!, info: input.note, back: null })),
      );
    const [resolved] = await em.execute<StatementLineRow[]>(
      `update bank_statement_lines set resolved_outcome = ?, resolved_payout_ids = (select coalesce(array_agg(v), '{}') from jsonb_array_elements_text(?::jsonb) v),
         resolved_reason = ?, resolved_by = ?, resolution_note = ?, resolved_at = clock_timestamp()
        where id = ? returning ${LINE_COLUMNS}`,
      [input.outcome, JSON.stringify(payoutIds), reason, input.by, input.note, line.id],
    );
    const settled = transfers.map((t): SettledPayout => ({
      settlement: t.number,
      payout: t.id,
      driverId: t.driver_id,
      driverName: t.driver_name,
      livemode: input.livemode,
      currency: t.currency,
      payable: String(t.payable_minor),
      status: input.outcome === 'matched' ? 'paid' : 'failed',
      reason,
    }));
    const changed = input.outcome === 'ignored' ? [] : settled;
    await within?.(em, changed);
    return { line: resolved!, settled: changed };
  });
}
