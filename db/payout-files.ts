import { createHash } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isSEPACountry } from 'ibantools';
import { isSandboxDriver, maskIban, payoutFileEnvironmentProblem, SANDBOX_DEBTOR, sandboxTestIban } from '../domain/bank-accounts';
import { addressesRequired, batchTotals, payoutRemittance, requestedExecutionDate, SEPA_CURRENCY, type SepaTransfer } from '../domain/sepa';
import { newId } from '../infra/ids';
import { PAIN_001, painXml } from '../infra/iso20022';
import type { PayoutOutcome, PayoutTransfer, SepaDebtor } from '../infra/payouts/provider';
import type { SepaFileStore } from '../infra/payouts/sepa';
import { decryptSecret, encryptSecret } from '../infra/secrets';
import { payoutHeld } from '../domain/payout-rails';
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
 * bank account (a sandbox driver may have none) not on hold, with the returned payouts now due again
 * (db/payout-reissue.ts), one file per environment (series `PF-` and `PF-TEST-`, gapless like the documents), each
 * transfer's id the payout key (the EndToEndId the bank hands back) and the fingerprint of the account it goes to. A
 * live file is drawn on the debtor's account and pays the chauffeurs' accounts; a sandbox file, which must never move
 * money, is drawn on SANDBOX_DEBTOR and pays each chauffeur's sandbox-range stand-in (domain/bank-accounts.ts); which
 * sandbox payouts go in is decided as for live ones (the same waits, holds and address rules). A transfer already in a
 * file is never written again, so a retried step writes nothing twice. The XML is stored encrypted with the current
 * key (`keys[0]`); files written in clear before are sealed.
 */
export async function writePayoutFiles(
  orm: MikroORM,
  keys: readonly Buffer[],
  debtor: SepaDebtor,
  transfers: PayoutTransfer[],
  reissue: ReissueRequest = { explicit: false, by: null, note: null },
): Promise<{ files: WrittenFile[]; reissues: ReissueCandidate[] }> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute("select pg_advisory_xact_lock(hashtextextended('payout-files', 0))");
    await sealPayoutFiles(em, keys[0]!);
    const reissues = await reissueReturned(em, keys, reissue);
    const due = reissues.filter((r) => r.nextPayoutId);
    const wanted = [...transfers.filter((t) => t.currency === SEPA_CURRENCY).map((t) => t.key), ...due.map((r) => r.nextPayoutId!)];
    if (!wanted.length) return { files: [], reissues };
    const facts = await em.execute<SettlementFacts[]>(
      `select s.payout_key, s.number, s.period_id, s.driver_id, s.driver_name, s.livemode, s.id as settlement_id from settlements s
        where s.payout_key in (select jsonb_array_elements_text(?::jsonb)) and s.status in ('pending', 'on_hold')
          and not exists (select 1 from bank_transfers t where t.id = s.payout_key)
        order by s.number`,
      [jsonList(wanted)],
    );
    const now = await dbNow(em);
    const amounts = new Map([
      ...transfers.map((t) => [t.key, t.amountMinor] as const),
      ...due.map((r) => [r.nextPayoutId!, r.amountMinor] as const),
    ]);
    const accounts = await bankAccountsOf(em, keys, [...new Set(facts.map((f) => f.driver_id))]);
    const groups = new Map<boolean, FiledTransfer[]>();
    for (const fact of facts) {
      const account =
        accounts.get(fact.driver_id) ??
        (isSandboxDriver(fact.driver_id) && !fact.livemode
          ? { holder: fact.driver_name, iban: sandboxTestIban(fact.driver_id), bic: null, holdUntil: null, address: null }
          : null);
      if (!account || !isSEPACountry(account.iban.slice(0, 2)) || payoutHeld(account.holdUntil, now)) continue; // waits: outcomes() says why
      if (addressesRequired(debtor.iban.slice(0, 2), account.iban.slice(0, 2)) && !(debtor.address && account.address)) continue;
      const group = groups.get(fact.livemode) ?? [];
      group.push({
        fact,
        accountIban: account.iban,
        transfer: {
          endToEndId: fact.payout_key,
          amountMinor: amounts.get(fact.payout_key)!,
          creditor: fact.livemode
            ? { name: account.holder, iban: account.iban, bic: account.bic, address: account.address }
            : { name: account.holder, iban: sandboxTestIban(fact.driver_id), bic: null, address: null },
          remittance: payoutRemittance(fact.number, fact.period_id),
        },
      });
      groups.set(fact.livemode, group);
    }
    const written: WrittenFile[] = [];
    for (const [livemode, items] of groups) {
      written.push(await insertFile(em, keys, debtor, livemode, items, now));
    }
    return { files: written, reissues };
  });
}

/** A transfer going into a file, with the account it stands for (a sandbox file names a stand-in): its fingerprint. */
interface FiledTransfer {
  fact: SettlementFacts;
  accountIban: string;
  transfer: SepaTransfer;
}

/** The XML of a payout file is sealed to it: a ciphertext copied to another file's row does not open there. */
const xmlAad = (fileId: string) => `payout-file:${fileId}`;

/** Encrypts the XML of files written in clear before it was kept encrypted (the one change their trigger allows). */
async function sealPayoutFiles(em: EntityManager, key: Buffer): Promise<void> {
  const clear = await em.execute<{ id: string; xml: string }[]>('select id, xml from payout_files where xml is not null');
  for (const f of clear) {
    await em.execute('update payout_files set xml = null, xml_enc = ? where id = ?', [encryptSecret(f.xml, key, xmlAad(f.id)), f.id]);
  }
}

async function insertFile(
  em: EntityManager,
  keys: readonly Buffer[],
  debtor: SepaDebtor,
  livemode: boolean,
  items: FiledTransfer[],
  now: Date,
): Promise<WrittenFile> {
  const number = await nextNumber(em, 'PF', livemode, now);
  const id = newId('pf');
  const batch = {
    messageId: number,
    createdAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    executionDate: requestedExecutionDate(now),
    debtor: livemode ? debtor : SANDBOX_DEBTOR,
    transfers: items.map((i) => i.transfer),
  };
  // The last guard before a file exists: a sandbox file a bank could execute, or a live one paying a made-up account.
  const problem = payoutFileEnvironmentProblem(batch, livemode);
  if (problem) throw new Error(`payout file ${number} not written: ${problem}`);
  const xml = painXml(batch);
  const totals = batchTotals(items.map((i) => i.transfer));
  await em.execute(
    `insert into payout_files (id, number, livemode, format, debtor_iban_masked, execution_date, transactions, control_sum_minor, currency, sha256, xml_enc, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      number,
      livemode,
      PAIN_001,
      maskIban(batch.debtor.iban),
      requestedExecutionDate(now),
      totals.count,
      String(totals.sumMinor),
      SEPA_CURRENCY,
      createHash('sha256').update(xml).digest('hex'),
      encryptSecret(xml, keys[0]!, xmlAad(id)),
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
      ibanFingerprints(i.accountIban, keys)[0],
    ]),
  );
  await linkReissues(em, id);
  return { id, number, livemode, transactions: totals.count };
}

/** Where each EUR payout key stands: in a file (submitted, or already settled by a statement), or waiting, held, and why. */
export async function sepaOutcomes(orm: MikroORM, debtor: SepaDebtor, keys: string[]): Promise<PayoutOutcome[]> {
  if (!keys.length) return [];
  const em = orm.em.fork();
  const now = await dbNow(em);
  const rows = await em.execute<
    {
      payout_key: string;
      driver_id: string;
      livemode: boolean;
      file: string | null;
      country: string | null;
      hold_until: Date | null;
      has_address: boolean | null;
    }[]
  >(
    `select s.payout_key, s.driver_id, s.livemode, f.number as file, a.country, a.hold_until, a.address is not null as has_address from settlements s
       left join bank_transfers t on t.id = s.payout_key left join payout_files f on f.id = t.file_id
       left join driver_bank_accounts a on a.driver_id = s.driver_id
      where s.payout_key in (select jsonb_array_elements_text(?::jsonb))`,
    [jsonList(keys)],
  );
  return rows.map((r): PayoutOutcome => {
    if (r.file) return { key: r.payout_key, status: 'submitted', reason: r.file };
    if (!r.country && !(isSandboxDriver(r.driver_id) && !r.livemode))
      return { key: r.payout_key, status: 'waiting', reason: 'no_bank_account' };
    if (r.country && !isSEPACountry(r.country)) return { key: r.payout_key, status: 'waiting', reason: 'iban_outside_sepa' };
    if (r.country && addressesRequired(debtor.iban.slice(0, 2), r.country) && !(debtor.address && r.has_address))
      return { key: r.payout_key, status: 'waiting', reason: debtor.address ? 'creditor_address_missing' : 'debtor_address_missing' };
    const holdUntil = r.hold_until ? new Date(r.hold_until) : null;
    if (payoutHeld(holdUntil, now)) return { key: r.payout_key, status: 'on_hold', reason: holdUntil!.toISOString() };
    return { key: r.payout_key, status: 'waiting', reason: 'not_filed' };
  });
}

/** The SEPA rail's files on this database (infra/payouts/sepa.ts), drawn on `debtor`; `keys` HUB_ENCRYPTION_KEY's ring. */
export function sepaFileStore(orm: MikroORM, keys: readonly Buffer[], debtor: SepaDebtor): SepaFileStore {
  return {
    writeFiles: async (transfers) => void (await writePayoutFiles(orm, keys, debtor, transfers)),
    outcomes: (payoutKeys) => sepaOutcomes(orm, debtor, payoutKeys),
    async payouts(payoutKeys) {
      const rows = await orm.em
        .fork()
        .execute<{ payout_key: string; currency: string; livemode: boolean }[]>(
          'select payout_key, currency, livemode from settlements where payout_key in (select jsonb_array_elements_text(?::jsonb))',
          [jsonList(payoutKeys)],
        );
      return rows.map((r) => ({ key: r.payout_key, currency: r.currency, livemode: r.livemode }));
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
  const rows = await orm.em
    .fork()
    .execute<PayoutFileRow[]>(
      `select ${PAYOUT_FILE_COLUMNS} from payout_files where livemode = ? ${q.before ? 'and id < ?' : ''} order by id desc limit ?`,
      [q.livemode, ...(q.before ? [q.before] : []), q.limit],
    );
  return rows.map(remasked);
}

/** A file as stored, its debtor's mask in the current form (files written before kept an older one: they never change). */
const remasked = <R extends PayoutFileRow>(row: R): R => ({ ...row, debtor_iban_masked: maskIban(row.debtor_iban_masked) });

/**
 * A payout file of the environment (both when `livemode` is undefined) by id or number, its XML decrypted exactly as
 * written; undefined when there is none.
 */
export async function findPayoutFile(
  orm: MikroORM,
  keys: readonly Buffer[],
  idOrNumber: string,
  livemode?: boolean,
): Promise<(PayoutFileRow & { xml: string }) | undefined> {
  const [row] = await orm.em
    .fork()
    .execute<(PayoutFileRow & { xml: string | null; xml_enc: string | null })[]>(
      `select ${PAYOUT_FILE_COLUMNS}, xml, xml_enc from payout_files where (id = ? or number = ?) ${livemode === undefined ? '' : 'and livemode = ?'}`,
      [idOrNumber, idOrNumber, ...(livemode === undefined ? [] : [livemode])],
    );
  if (!row) return undefined;
  const { xml_enc: sealed, xml, ...facts } = row;
  return remasked({ ...facts, xml: sealed ? decryptSecret(sealed, keys, xmlAad(row.id)) : xml! });
}
