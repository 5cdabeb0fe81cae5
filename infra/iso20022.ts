/**
 * ISO 20022 bank files: the pain.001.001.09 payout file the hub writes (from a SepaBatch of domain/sepa.ts), the
 * camt.053.001.08 and .02 statements, camt.054.001.08 notifications and pain.002.001.10 and .03 status reports it reads
 * back, and validation of either against the
 * published XSDs kept in infra/iso20022/ (libxml2's validator, compiled to WebAssembly by `libxml2-wasm`, on its own
 * thread: infra/xsd-worker.mjs).
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { XMLBuilder } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import {
  batchProblem,
  batchTotals,
  SEPA_CURRENCY,
  sepaAmount,
  sepaName,
  sepaText,
  SEPA_REMITTANCE_MAX,
  type PostalAddress,
  type SepaBatch,
} from '../domain/sepa';
import { plainText } from '../domain/plain-text';

export const PAIN_001 = 'pain.001.001.09';
export const CAMT_053 = 'camt.053.001.08';
export const CAMT_054 = 'camt.054.001.08';
export const PAIN_002 = 'pain.002.001.10';
/** The 2009 versions many banks still send: read like the current ones. */
export const CAMT_053_V2 = 'camt.053.001.02';
export const PAIN_002_V3 = 'pain.002.001.03';
export type StatementMessage = typeof CAMT_053 | typeof CAMT_053_V2 | typeof CAMT_054;
export type StatusMessage = typeof PAIN_002 | typeof PAIN_002_V3;
export type BankMessage = typeof PAIN_001 | StatementMessage | StatusMessage;
/** What the hub reads back from the bank. */
export const READ_MESSAGES: readonly (StatementMessage | StatusMessage)[] = [CAMT_053, CAMT_053_V2, CAMT_054, PAIN_002, PAIN_002_V3];
export const isStatusMessage = (m: string): m is StatusMessage => m === PAIN_002 || m === PAIN_002_V3;

const namespace = (message: BankMessage) => `urn:iso:std:iso:20022:tech:xsd:${message}`;

/** Every value loses the characters no document may hold (domain/plain-text.ts); the builder escapes markup. */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  tagValueProcessor: (_name, value) => plainText(String(value)),
  attributeValueProcessor: (_name, value) => plainText(String(value)),
});

/** An agent (bank) by its BIC, or "not provided" as the EPC guidelines spell it. */
const agent = (bic: string | null | undefined) => ({ FinInstnId: bic ? { BICFI: bic } : { Othr: { Id: 'NOTPROVIDED' } } });

/** A structured PstlAdr (PostalAddress24, in the schema's order), each part in the SEPA character set; omitted without an address. */
function postalAddress(address: PostalAddress | null | undefined): { PstlAdr?: Record<string, string> } {
  if (!address) return {};
  const part = (value: string | null | undefined, max: number) => (value ? sepaText(value, max) || undefined : undefined);
  const parts = {
    StrtNm: part(address.street, 70),
    BldgNb: part(address.building_number, 16),
    PstCd: part(address.post_code, 16),
    TwnNm: part(address.town, 35),
    Ctry: address.country,
  };
  return { PstlAdr: Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) as Record<string, string> };
}

/**
 * The pain.001.001.09 document of a batch: one payment information block, batch booked (the debtor's statement shows
 * one debit), SEPA service level, charges shared (SLEV), one CdtTrfTxInf per transfer with its EndToEndId, amount,
 * creditor and remittance; names and remittance reduced to the SEPA character set. NbOfTxs and CtrlSum are counted in
 * integers; each party's postal address when known (structured: town and country at least). Throws on a batch a bank would refuse (domain/sepa.ts batchProblem).
 */
export function painXml(batch: SepaBatch): string {
  const problem = batchProblem(batch);
  if (problem) throw new RangeError(problem);
  const { count, controlSum } = batchTotals(batch.transfers);
  const debtorName = sepaName(batch.debtor.name);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': namespace(PAIN_001),
      CstmrCdtTrfInitn: {
        GrpHdr: { MsgId: batch.messageId, CreDtTm: batch.createdAt, NbOfTxs: count, CtrlSum: controlSum, InitgPty: { Nm: debtorName } },
        PmtInf: {
          PmtInfId: batch.messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: batch.executionDate },
          Dbtr: { Nm: debtorName, ...postalAddress(batch.debtor.address) },
          DbtrAcct: { Id: { IBAN: batch.debtor.iban } },
          DbtrAgt: agent(batch.debtor.bic),
          ChrgBr: 'SLEV',
          CdtTrfTxInf: batch.transfers.map((t) => ({
            PmtId: { EndToEndId: t.endToEndId },
            Amt: { InstdAmt: { '@_Ccy': SEPA_CURRENCY, '#text': sepaAmount(t.amountMinor) } },
            ...(t.creditor.bic ? { CdtrAgt: agent(t.creditor.bic) } : {}),
            Cdtr: { Nm: sepaName(t.creditor.name), ...postalAddress(t.creditor.address) },
            CdtrAcct: { Id: { IBAN: t.creditor.iban } },
            RmtInf: { Ustrd: sepaText(t.remittance, SEPA_REMITTANCE_MAX) || 'NOTPROVIDED' },
          })),
        },
      },
    },
  };
  return builder.build(doc) as string;
}

/** The validator thread (infra/xsd-worker.mjs), started on first use; it keeps the process alive only while it works. */
let validatorThread: Worker | null = null;
const validations = new Map<number, { resolve: (errors: SchemaError[]) => void; reject: (err: Error) => void }>();
let nextValidation = 0;

function validatorWorker(): Worker {
  if (validatorThread) return validatorThread;
  const worker = new Worker(join(__dirname, 'xsd-worker.mjs'));
  worker.unref();
  const failAll = (err: Error) => {
    for (const v of validations.values()) v.reject(err);
    validations.clear();
    if (validatorThread === worker) validatorThread = null;
  };
  worker.on('message', (m: { id: number; errors?: SchemaError[]; failure?: string }) => {
    const v = validations.get(m.id);
    validations.delete(m.id);
    if (!validations.size) worker.unref();
    if (m.failure !== undefined) v?.reject(new Error(`XSD validator failed: ${m.failure}`));
    else v?.resolve(m.errors ?? []);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`XSD validator thread exited (${code})`)));
  validatorThread = worker;
  return worker;
}

/** The ISO 20022 message a document declares (its default or prefixed namespace `urn:iso:std:iso:20022:tech:xsd:…`). */
export function declaredMessage(xml: string): string | null {
  return (
    /xmlns(?::\w+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3}\.\d{3}\.\d{2})["']/.exec(xml.slice(0, 4096))?.[1] ?? null
  );
}

export interface SchemaError {
  line: number | null;
  message: string;
}

/** Validates a document against the published XSD of `message`; its errors in document order (none: valid). */
export async function schemaErrors(xml: string, message: BankMessage): Promise<SchemaError[]> {
  // Entities and external subsets are never read: a bank file has no use for a DOCTYPE.
  if (/<!DOCTYPE/i.test(xml)) return [{ line: null, message: 'a DOCTYPE is not allowed in a bank file' }];
  const worker = validatorWorker();
  const id = ++nextValidation;
  const errors = new Promise<SchemaError[]>((resolve, reject) => validations.set(id, { resolve, reject }));
  worker.ref();
  worker.postMessage({ id, xml, schema: join(__dirname, 'iso20022', `${message}.xsd`) });
  return errors;
}

/** An entry's bank transaction code: ISO's domain / family / sub-family, or the bank's proprietary code and its issuer. */
export interface BankTransactionCode {
  domain: string | null;
  family: string | null;
  subFamily: string | null;
  proprietary: string | null;
  issuer: string | null;
}

/** The batch an entry books (NtryDtls/Btch): the payment information block or message it answers, its count and total. */
export interface BookedBatch {
  messageId: string | null;
  paymentInfoId: string | null;
  count: number | null;
  totalMinor: bigint | null;
}

/** One transaction of a statement entry (or the entry itself when it has no details), as the hub matches it. */
export interface StatementTransaction {
  /** The entry's position in the file (1-based) and the transaction's within it. */
  entry: number;
  endToEndId: string | null;
  /** Minor units of the transaction (its own amount, or the entry's when it is the entry's only transaction). */
  amountMinor: bigint | null;
  currency: string | null;
  creditDebit: 'CRDT' | 'DBIT';
  /** BOOK, PDNG, INFO… */
  status: string;
  bookingDate: string | null;
  /** A returned transfer's ISO reason code (AC04, AC01, MS03…; NARR when RtrInf gives none) and the bank's words. */
  returnReason: string | null;
  returnInfo: string | null;
  reversal: boolean;
  /** The transaction's bank transaction code, else its entry's. */
  bankCode: BankTransactionCode | null;
  /** A batch booking without per-transfer references: the batch (Btch, or a lone TxDtls's MsgId / PmtInfId). */
  batch: BookedBatch | null;
}

export interface BankStatement {
  message: StatementMessage;
  messageId: string;
  createdAt: string | null;
  /** The account statements (or notifications) of the file, with their account's IBAN. */
  accounts: { id: string; iban: string | null }[];
  transactions: StatementTransaction[];
}

const ARRAYS = new Set([
  'Stmt',
  'Ntfctn',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'RtrInf',
  'AddtlInf',
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
]);

/**
 * Reads a bank file into plain objects in one streaming pass (saxes): an element with only text is its text, with
 * attributes or children an object (attributes `@_name`, text `#text`), namespace prefixes and declarations dropped,
 * repeated elements (and those in ARRAYS) lists. A DOCTYPE was refused before (schemaErrors), so only the predefined
 * entities and character references are expanded. Several times faster than a general parser on a 10 MB statement.
 */
function parseXml(xml: string): Node {
  const root: Node = {};
  const stack: { node: Node; text: string; name: string }[] = [{ node: root, text: '', name: '' }];
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => {
    const element: Node = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) element[`@_${name.slice(name.indexOf(':') + 1)}`] = value;
    }
    stack.push({ node: element, text: '', name: tag.name.slice(tag.name.indexOf(':') + 1) });
  });
  parser.on('text', (t) => {
    stack[stack.length - 1]!.text += t;
  });
  parser.on('closetag', () => {
    const { node: element, text: raw, name } = stack.pop()!;
    const parent = stack[stack.length - 1]!.node;
    const text = raw.trim();
    let value: unknown = element;
    if (Object.keys(element).length === 0) value = text;
    else if (text) element['#text'] = text;
    const existing = parent[name];
    if (existing === undefined) parent[name] = ARRAYS.has(name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent[name] = [existing, value];
  });
  parser.write(xml).close();
  return root;
}

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v === undefined ? [] : [node(v)]);
const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim();
  if (v && typeof v === 'object' && '#text' in v) return String((v as Node)['#text']).trim();
  return null;
};

/** `12.34` in a currency of two decimals → 1234n; null when it is not such an amount. */
function minorOf(amount: string | null): bigint | null {
  const m = amount ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount) : null;
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
}

function bankCodeOf(v: unknown): BankTransactionCode | null {
  const code = node(v);
  const domain = node(code.Domn);
  const proprietary = node(code.Prtry);
  const result = {
    domain: text(domain.Cd),
    family: text(node(domain.Fmly).Cd),
    subFamily: text(node(domain.Fmly).SubFmlyCd),
    proprietary: text(proprietary.Cd),
    issuer: text(proprietary.Issr),
  };
  return result.domain || result.proprietary ? result : null;
}

/** An amount element's minor units and currency. */
function amountOf(v: unknown): { amountMinor: bigint | null; currency: string | null } | null {
  if (text(v) === null) return null;
  return { amountMinor: minorOf(text(v)), currency: (node(v)['@_Ccy'] as string | undefined) ?? null };
}

/** A transaction's own amount: Amt (camt .08), else the transaction amount of its AmtDtls (the only place in .02). */
function transactionAmount(tx: Node) {
  const details = node(tx.AmtDtls);
  return amountOf(tx.Amt) ?? amountOf(node(details.TxAmt).Amt) ?? amountOf(node(details.InstdAmt).Amt);
}

function batchOf(btch: Node | undefined, refs: Node | undefined): BookedBatch | null {
  const b = node(btch);
  const r = node(refs);
  const messageId = text(b.MsgId) ?? text(r.MsgId);
  const paymentInfoId = text(b.PmtInfId) ?? text(r.PmtInfId);
  if (!messageId && !paymentInfoId) return null;
  const count = text(b.NbOfTxs);
  return { messageId, paymentInfoId, count: count === null ? null : Number(count), totalMinor: minorOf(text(b.TtlAmt)) };
}

/**
 * Reads a camt.053.001.08 or camt.053.001.02 statement or camt.054.001.08 notification (already valid against its
 * schema): every transaction of every entry with the references, bank transaction code, batch and return reason the
 * hub matches on. An entry without transaction details (a batch booked as one debit, often) is one transaction.
 */
export function readStatement(xml: string, message: StatementMessage): BankStatement {
  const doc = node(parseXml(xml).Document);
  const root = node(message === CAMT_054 ? doc.BkToCstmrDbtCdtNtfctn : doc.BkToCstmrStmt);
  const header = node(root.GrpHdr);
  const reports = list(message === CAMT_054 ? root.Ntfctn : root.Stmt);
  const transactions: StatementTransaction[] = [];
  let entryNo = 0;
  for (const report of reports) {
    for (const entry of list(report.Ntry)) {
      entryNo++;
      const entryAmount = amountOf(entry.Amt) ?? { amountMinor: null, currency: null };
      const creditDebit = text(entry.CdtDbtInd) === 'CRDT' ? 'CRDT' : 'DBIT';
      const base = {
        entry: entryNo,
        creditDebit,
        status: text(node(entry.Sts).Cd) ?? text(node(entry.Sts).Prtry) ?? text(entry.Sts) ?? '',
        bookingDate: text(node(entry.BookgDt).Dt) ?? text(node(entry.BookgDt).DtTm),
        reversal: text(entry.RvslInd) === 'true',
        bankCode: bankCodeOf(entry.BkTxCd),
      } as const;
      const blocks = list(entry.NtryDtls);
      const details = blocks.flatMap((d) => list(d.TxDtls).map((tx) => ({ tx, btch: node(d.Btch) })));
      if (!details.length) {
        const btch = blocks.map((d) => d.Btch).find(Boolean) as Node | undefined;
        transactions.push({
          ...base,
          ...entryAmount,
          endToEndId: null,
          returnReason: null,
          returnInfo: null,
          batch: batchOf(btch, undefined),
        });
        continue;
      }
      for (const { tx, btch } of details) {
        const amount = transactionAmount(tx) ?? (details.length === 1 ? entryAmount : { amountMinor: null, currency: null });
        const refs = node(tx.Refs);
        const endToEndId = text(refs.EndToEndId);
        const ret = list(tx.RtrInf)[0];
        const reason = ret ? node(ret.Rsn) : null;
        transactions.push({
          ...base,
          ...amount,
          creditDebit: (text(tx.CdtDbtInd) as 'CRDT' | 'DBIT' | null) ?? creditDebit,
          bankCode: bankCodeOf(tx.BkTxCd) ?? base.bankCode,
          endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
          returnReason: ret ? (text(reason?.Cd) ?? text(reason?.Prtry) ?? 'NARR') : null,
          returnInfo: ret ? [ret.AddtlInf].flat().map(text).filter(Boolean).join(' ') || null : null,
          batch: endToEndId && endToEndId !== 'NOTPROVIDED' ? null : batchOf(btch, refs),
        });
      }
    }
  }
  return {
    message,
    messageId: text(header.MsgId) ?? '',
    createdAt: text(header.CreDtTm),
    accounts: reports.map((r) => ({ id: text(r.Id) ?? '', iban: text(node(node(r.Acct).Id).IBAN) })),
    transactions,
  };
}

/** One status a pain.002 reports: of one transaction (by its OrgnlEndToEndId), or of the whole original message. */
export interface ReportedStatus {
  /** The TxInfAndSts's position in the report (1-based); 0 for a status of the whole original message or payment. */
  entry: number;
  /** The payout id the hub wrote as EndToEndId; null when the status is the group's (or payment's) own. */
  endToEndId: string | null;
  /** ExternalPaymentTransactionStatus1Code (RJCT, ACCP, ACSC, ACSP, PDNG…), inherited from the payment or group. */
  status: string;
  /** The ISO status reason (StsRsnInf/Rsn/Cd: AC01, AC04, AM04…) and the bank's words. */
  reason: string | null;
  info: string | null;
}

export interface StatusReport {
  message: StatusMessage;
  messageId: string;
  createdAt: string | null;
  /** The MsgId of the payout file the report answers (the hub's PF-… number). */
  originalMessageId: string;
  originalMessage: string;
  groupStatus: string | null;
  /** Transaction statuses; when the report has none, one status (endToEndId null) for the whole message. */
  statuses: ReportedStatus[];
}

/** The first reason of a list of StsRsnInf: its code (or proprietary code) and additional information. */
function statusReason(v: unknown): { reason: string | null; info: string | null } {
  const first = list(v)[0];
  if (!first) return { reason: null, info: null };
  const rsn = node(first.Rsn);
  return {
    reason: text(rsn.Cd) ?? text(rsn.Prtry),
    info: [first.AddtlInf].flat().map(text).filter(Boolean).join(' ') || null,
  };
}

/**
 * Reads a pain.002.001.10 or pain.002.001.03 Customer Payment Status Report (already valid against its schema; both
 * versions name the same elements the hub reads). A transaction without
 * its own status or reason takes its payment's, then the group's; a payment block (or a report) without transaction
 * statuses reports one status for the whole original message, which the hub applies to every transfer of that file.
 */
export function readStatusReport(xml: string, message: StatusMessage = PAIN_002): StatusReport {
  const root = node(node(parseXml(xml).Document).CstmrPmtStsRpt);
  const header = node(root.GrpHdr);
  const group = node(root.OrgnlGrpInfAndSts);
  const groupStatus = text(group.GrpSts);
  const groupReason = statusReason(group.StsRsnInf);
  const statuses: ReportedStatus[] = [];
  let entry = 0;
  for (const payment of list(root.OrgnlPmtInfAndSts)) {
    const paymentStatus = text(payment.PmtInfSts) ?? groupStatus;
    const own = statusReason(payment.StsRsnInf);
    const paymentReason = own.reason || own.info ? own : groupReason;
    const transactions = list(payment.TxInfAndSts);
    if (!transactions.length && paymentStatus) statuses.push({ entry: 0, endToEndId: null, status: paymentStatus, ...paymentReason });
    for (const tx of transactions) {
      entry++;
      const txReason = statusReason(tx.StsRsnInf);
      statuses.push({
        entry,
        endToEndId: text(tx.OrgnlEndToEndId),
        status: text(tx.TxSts) ?? paymentStatus ?? '',
        ...(txReason.reason || txReason.info ? txReason : paymentReason),
      });
    }
  }
  if (!statuses.length && groupStatus) statuses.push({ entry: 0, endToEndId: null, status: groupStatus, ...groupReason });
  return {
    message,
    messageId: text(header.MsgId) ?? '',
    createdAt: text(header.CreDtTm),
    originalMessageId: text(group.OrgnlMsgId) ?? '',
    originalMessage: text(group.OrgnlMsgNmId) ?? '',
    groupStatus,
    statuses,
  };
}
