import { createHash } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isSEPACountry } from 'ibantools';
import { isSandboxDriver, maskIban, sandboxTestIban } from '../domain/bank-accounts';
import { batchTotals, payoutRemittance, requestedExecutionDate, SEPA_CURRENCY, type SepaTransfer } from '../domain/sepa';
import { newId } from '../infra/ids';
import { PAIN_001, painXml } from '../infra/iso20022';
import type { PayoutOutcome, PayoutProvider, PayoutTransfer, SepaDebtor } from '../infra/payouts/provider';
import { bankAccountsOf } from './bank-accounts';
import { dbNow, insertRows, nextNumber } from './finance';
import { ibanFingerprints, linkReissues, reissueReturned, type ReissueCandidate } from './payout-reissue';

const jsonList = (values: string[]) => JSON.stringify(values);

interface SettlementFacts {
  payout_key: string;
  number: string;
  period_id: string;
  driver_id: string;
  driver_name: string;
  livemode: boolean;
  settlement_id: string;
}

/** A file written by one run: its number and how many transfers it holds. */
export interface WrittenFile {
  id: string;
  number: string;
  livemode: boolean;
  transactions: number;
}

/** What a re-issue asks for: every due returned payout, or the one ops name (`explicit`), with who asked and why. */
export interface ReissueRequest {
  payoutId?: string;
  livemode?: boolean;
  explicit: boolean;
  by: string | null;
  note: string | null;
}

/**
 * Writes the pain.001 files of a pay step, in one transaction: the EUR transfers not yet in a file whose driver has a
 * bank account (a sandbox driver without one is paid into its test IBAN), with the returned payouts now due again
 * (db/payout-reissue.ts), one file per environment (series `PF-` and `PF-TEST-`, gapless like the documents) drawn on
 * the debtor's account, each transfer's id the payout key (the EndToEndId the bank hands back) and the fingerprint of
 * the account it goes to. A transfer already in a file is never written again, so a retried step writes nothing twice.
 */
export async function writePayoutFiles(
  orm: MikroORM,
  keys: Buffer | readonly Buffer[],
  debtor: SepaDebtor,
  transfers: PayoutTransfer[],
  reissue: ReissueRequest = { explicit: false, by: null, note: null },
): Promise<{ files: WrittenFile[]; reissues: ReissueCandidate[] }> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute("select pg_advisory_xact_lock(hashtextextended('payout-files', 0))");
    const reissues = await reissueReturned(em, keys, reissue);
    const due = reissues.filter((r) => r.nextPayoutId);
    const wanted = [...transfers.filter((t) => t.currency === SEPA_CURRENCY).map((t) => t.key), ...due.map((r) => r.nextPayoutId!)];
    if (!wanted.length) return { files: [], reissues };
    const facts = await em.execute<SettlementFacts[]>(
      `select s.payout_key, s.number, s.period_id, s.driver_id, s.driver_name, s.livemode, s.id as settlement_id from settlements s
        where s.payout_key in (select jsonb_array_elements_text(?::jsonb)) and s.status = 'pending'
          and not exists (select 1 from bank_transfers t where t.id = s.payout_key)
        order by s.number`,
      [jsonList(wanted)],
    );
    const amounts = new Map([
      ...transfers.map((t) => [t.key, t.amountMinor] as const),
      ...due.map((r) => [r.nextPayoutId!, r.amountMinor] as const),
    ]);
    const accounts = await bankAccountsOf(em, keys, [...new Set(facts.map((f) => f.driver_id))]);
    const groups = new Map<boolean, { fact: SettlementFacts; transfer: SepaTransfer }[]>();
    for (const fact of facts) {
      const account =
        accounts.get(fact.driver_id) ??
        (isSandboxDriver(fact.driver_id) && !fact.livemode
          ? { holder: fact.driver_name, iban: sandboxTestIban(fact.driver_id), bic: null }
          : null);
      if (!account || !isSEPACountry(account.iban.slice(0, 2))) continue; // waits: outcomes() says why
      const group = groups.get(fact.livemode) ?? [];
      group.push({
        fact,
        transfer: {
          endToEndId: fact.payout_key,
          amountMinor: amounts.get(fact.payout_key)!,
          creditor: { name: account.holder, iban: account.iban, bic: account.bic },
          remittance: payoutRemittance(fact.number, fact.period_id),
        },
      });
      groups.set(fact.livemode, group);
    }
    const written: WrittenFile[] = [];
    for (const [livemode, items] of groups) {
      written.push(await insertFile(em, debtor, livemode, items, keys));
    }
    return { files: written, reissues };
  });
}

async function insertFile(
  em: EntityManager,
  debtor: SepaDebtor,
  livemode: boolean,
  items: { fact: SettlementFacts; transfer: SepaTransfer }[],
  keys: Buffer | readonly Buffer[],
): Promise<WrittenFile> {
  const now = await dbNow(em);
  const number = await nextNumber(em, 'PF', livemode, now);
  const id = newId('pf');
  const xml = painXml({
    messageId: number,
    createdAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    executionDate: requestedExecutionDate(now),
    debtor,
    transfers: items.map((i) => i.transfer),
  });
  const totals = batchTotals(items.map((i) => i.transfer));
  await em.execute(
    `insert into payout_files (id, number, livemode, format, debtor_iban_masked, execution_date, transactions, control_sum_minor, currency, sha256, xml, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      number,
      livemode,
      PAIN_001,
      maskIban(debtor.iban),
      requestedExecutionDate(now),
      totals.count,
      String(totals.sumMinor),
      SEPA_CURRENCY,
      createHash('sha256').update(xml).digest('hex'),
      xml,
      now,
    ],
  );
  await insertRows(
    em,
    'bank_transfers',
    ['id', 'file_id', 'settlement_id', 'livemode', 'amount_minor', 'currency', 'status', 'creditor_fingerprint'],
    items.map((i) => [
      i.transfer.endToEndId,
      id,
      i.fact.settlement_id,
      livemode,
      String(i.transfer.amountMinor),
      SEPA_CURRENCY,
      'submitted',
      ibanFingerprints(i.transfer.creditor.iban, keys)[0],
    ]),
  );
  await linkReissues(em, id);
  return { id, number, livemode, transactions: totals.count };
}

/** Where each EUR payout key stands: in a file (submitted, or already settled by a statement), or waiting and why. */
export async function sepaOutcomes(orm: MikroORM, keys: string[]): Promise<PayoutOutcome[]> {
  if (!keys.length) return [];
  const rows = await orm.em
    .fork()
    .execute<{ payout_key: string; driver_id: string; livemode: boolean; file: string | null; country: string | null }[]>(
      `select s.payout_key, s.driver_id, s.livemode, f.number as file, a.country from settlements s
       left join bank_transfers t on t.id = s.payout_key left join payout_files f on f.id = t.file_id
       left join driver_bank_accounts a on a.driver_id = s.driver_id
      where s.payout_key in (select jsonb_array_elements_text(?::jsonb))`,
      [jsonList(keys)],
    );
  return rows.map((r): PayoutOutcome => {
    if (r.file) return { key: r.payout_key, status: 'submitted', reason: r.file };
    if (!r.country && !(isSandboxDriver(r.driver_id) && !r.livemode))
      return { key: r.payout_key, status: 'waiting', reason: 'no_bank_account' };
    return { key: r.payout_key, status: 'waiting', reason: r.country && !isSEPACountry(r.country) ? 'iban_outside_sepa' : 'not_filed' };
  });
}

/**
 * SEPA credit transfer files for EUR payouts; any other currency stays with `fallback` (the simulated provider), since
 * a SEPA transfer carries only euros.
 */
export function sepaPayoutProvider(o: {
  orm: MikroORM;
  keys: Buffer | readonly Buffer[];
  debtor: SepaDebtor;
  fallback: PayoutProvider;
}): PayoutProvider {
  return {
    async submitBatch(transfers: PayoutTransfer[]) {
      const other = transfers.filter((t) => t.currency !== SEPA_CURRENCY);
      if (other.length) await o.fallback.submitBatch(other);
      await writePayoutFiles(o.orm, o.keys, o.debtor, transfers);
    },
    async outcomes(keys: string[]) {
      const facts = await o.orm.em
        .fork()
        .execute<{ payout_key: string; currency: string }[]>(
          'select payout_key, currency from settlements where payout_key in (select jsonb_array_elements_text(?::jsonb))',
          [jsonList(keys)],
        );
      const eur = new Set(facts.filter((f) => f.currency === SEPA_CURRENCY).map((f) => f.payout_key));
      return [...(await sepaOutcomes(o.orm, [...eur])), ...(await o.fallback.outcomes(keys.filter((k) => !eur.has(k))))];
    },
  };
}

/** A payout file as `GET /api/public/v1/payout-files` lists it (its XML read only on download). */
export interface PayoutFileRow {
  id: string;
  number: string;
  format: string;
  created_at: string;
  execution_date: string;
  transactions: number;
  control_sum_minor: string;
  currency: string;
  debtor_iban_masked: string;
  sha256: string;
  livemode: boolean;
}

const PAYOUT_FILE_COLUMNS =
  "id, number, format, created_at, to_char(execution_date, 'YYYY-MM-DD') as execution_date, transactions, control_sum_minor, currency, debtor_iban_masked, sha256, livemode";

/** One page of an environment's payout files, newest first, after the id `before` when given. */
export async function readPayoutFiles(orm: MikroORM, q: { livemode: boolean; before?: string; limit: number }): Promise<PayoutFileRow[]> {
  return orm.em
    .fork()
    .execute<PayoutFileRow[]>(
      `select ${PAYOUT_FILE_COLUMNS} from payout_files where livemode = ? ${q.before ? 'and id < ?' : ''} order by id desc limit ?`,
      [q.livemode, ...(q.before ? [q.before] : []), q.limit],
    );
}

/** A payout file of the environment by id or number, with its XML exactly as written; undefined when there is none. */
export async function findPayoutFile(
  orm: MikroORM,
  idOrNumber: string,
  livemode: boolean,
): Promise<(PayoutFileRow & { xml: string }) | undefined> {
  const [row] = await orm.em
    .fork()
    .execute<(PayoutFileRow & { xml: string })[]>(
      `select ${PAYOUT_FILE_COLUMNS}, xml from payout_files where (id = ? or number = ?) and livemode = ?`,
      [idOrNumber, idOrNumber, livemode],
    );
  return row;
}
