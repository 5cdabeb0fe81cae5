/**
 * A bank, as far as the tests, the bench and the docs' samples need one: it reads the transfers of a pain.001 payout
 * file and answers with the camt.053 statement (.08 or .02) or camt.054.001.08 notification a bank would send: a booked
 * debit per transfer paid or one debit for a whole batch, a credit with (or without) the return reason for each
 * transfer returned, a reversal; and the pain.002 (.10 or .03) status report on a file.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { sepaAmount } from '../domain/sepa';

export interface FiledTransfer {
  endToEndId: string;
  amountMinor: bigint;
}

/** The transfers of a pain.001.001.09 file. */
export function transfersOf(painXml: string): FiledTransfer[] {
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'CdtTrfTxInf' });
  const doc = parser.parse(painXml) as {
    Document: {
      CstmrCdtTrfInitn: { PmtInf: { CdtTrfTxInf: { PmtId: { EndToEndId: string }; Amt: { InstdAmt: { '#text': string } } }[] } };
    };
  };
  return doc.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.map((t) => {
    const [units, cents = '0'] = t.Amt.InstdAmt['#text'].split('.');
    return { endToEndId: t.PmtId.EndToEndId, amountMinor: BigInt(units!) * 100n + BigInt(cents.padEnd(2, '0')) };
  });
}

export interface BankEntry {
  endToEndId: string;
  amountMinor: bigint;
  /**
   * Booked as paid (a debit); returned (a credit back) with an ISO reason code (AC04 closed account, AC01 wrong IBAN),
   * or with `returned: null` known only by its bank transaction code (no RtrInf); or a reversal of the debit (RvslInd).
   */
  outcome: 'booked' | { returned: string | null; info?: string } | 'reversed';
  /** Booking date, YYYY-MM-DD. */
  date?: string;
  /** The bank transaction code, when not ISO's PMNT/ICDT/ESCT (booked) or RRTN (returned): a proprietary one. */
  proprietaryCode?: { code: string; issuer?: string };
  /** Leave out the ISO domain code (a bank that reports only its proprietary code). */
  noDomainCode?: boolean;
}

/** One debit for a whole batch-booked payment information block (BtchBookg=true), with or without its transfers. */
export interface BatchEntry {
  batch: {
    /** Btch/PmtInfId and Btch/MsgId: the payout file's number (either, or both). */
    paymentInfoId?: string;
    messageId?: string;
    /** Btch/NbOfTxs, when the bank gives it. */
    count?: number;
    totalMinor: bigint;
    /** The transfers as TxDtls (the bank's detail reporting); none: the debit alone, as most banks send it. */
    details?: FiledTransfer[];
  };
  date?: string;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' });

type StatementVersion = 'camt.053.001.08' | 'camt.053.001.02' | 'camt.054.001.08';

/** The entry of one transfer (a debit, a return, a reversal), in the element order of the message's schema. */
function transferEntry(e: BankEntry, i: number, o: { messageId: string; createdAt: string; legacy: boolean }) {
  const eur = (minor: bigint) => ({ '@_Ccy': 'EUR', '#text': sepaAmount(minor) });
  const returned = typeof e.outcome === 'object' ? e.outcome : null;
  const reversed = e.outcome === 'reversed';
  const side = returned || reversed ? 'CRDT' : 'DBIT';
  const date = { Dt: e.date ?? o.createdAt.slice(0, 10) };
  const subFamily = returned ? 'RRTN' : 'ESCT';
  return {
    NtryRef: String(i + 1),
    Amt: eur(e.amountMinor),
    CdtDbtInd: side,
    ...(reversed ? { RvslInd: 'true' } : {}),
    Sts: o.legacy ? 'BOOK' : { Cd: 'BOOK' },
    BookgDt: date,
    ValDt: date,
    AcctSvcrRef: `${o.messageId}-${i + 1}`.slice(-35),
    BkTxCd: {
      ...(e.noDomainCode ? {} : { Domn: { Cd: 'PMNT', Fmly: { Cd: 'ICDT', SubFmlyCd: subFamily } } }),
      ...(e.proprietaryCode
        ? { Prtry: { Cd: e.proprietaryCode.code, ...(e.proprietaryCode.issuer ? { Issr: e.proprietaryCode.issuer } : {}) } }
        : {}),
    },
    NtryDtls: {
      TxDtls: {
        Refs: { EndToEndId: e.endToEndId },
        ...(o.legacy ? { AmtDtls: { TxAmt: { Amt: eur(e.amountMinor) } } } : { Amt: eur(e.amountMinor), CdtDbtInd: side }),
        ...(returned?.returned
          ? { RtrInf: { Rsn: { Cd: returned.returned }, ...(returned.info ? { AddtlInf: returned.info } : {}) } }
          : {}),
      },
    },
  };
}

/** One debit booking a whole batch: Btch with the file's references, count and total, and the transfers only if asked. */
function batchEntry(e: BatchEntry, i: number, o: { messageId: string; createdAt: string; legacy: boolean }) {
  const eur = (minor: bigint) => ({ '@_Ccy': 'EUR', '#text': sepaAmount(minor) });
  const date = { Dt: e.date ?? o.createdAt.slice(0, 10) };
  const b = e.batch;
  return {
    NtryRef: String(i + 1),
    Amt: eur(b.totalMinor),
    CdtDbtInd: 'DBIT',
    Sts: o.legacy ? 'BOOK' : { Cd: 'BOOK' },
    BookgDt: date,
    ValDt: date,
    AcctSvcrRef: `${o.messageId}-${i + 1}`.slice(-35),
    BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'ICDT', SubFmlyCd: 'ESCT' } } },
    NtryDtls: {
      Btch: {
        ...(b.messageId ? { MsgId: b.messageId } : {}),
        ...(b.paymentInfoId ? { PmtInfId: b.paymentInfoId } : {}),
        ...(b.count !== undefined ? { NbOfTxs: String(b.count) } : {}),
        TtlAmt: eur(b.totalMinor),
        CdtDbtInd: 'DBIT',
      },
      ...(b.details?.length
        ? {
            TxDtls: b.details.map((t) => ({
              Refs: { EndToEndId: t.endToEndId },
              ...(o.legacy ? { AmtDtls: { TxAmt: { Amt: eur(t.amountMinor) } } } : { Amt: eur(t.amountMinor), CdtDbtInd: 'DBIT' }),
            })),
          }
        : {}),
    },
  };
}

/**
 * A statement (camt.053.001.08, or the 2009 camt.053.001.02 many banks still send) or notification (camt.054.001.08)
 * of an account with these entries, written to the element order of the message's XSD.
 */
export function bankStatement(o: {
  message?: StatementVersion;
  messageId: string;
  iban: string;
  entries: (BankEntry | BatchEntry)[];
  createdAt?: string;
}): string {
  const message = o.message ?? 'camt.053.001.08';
  const createdAt = o.createdAt ?? '2026-12-02T06:00:00';
  const eur = (minor: bigint) => ({ '@_Ccy': 'EUR', '#text': sepaAmount(minor) });
  const shape = { messageId: o.messageId, createdAt, legacy: message === 'camt.053.001.02' };
  const entries = o.entries.map((e, i) => ('batch' in e ? batchEntry(e, i, shape) : transferEntry(e, i, shape)));
  const statement = message !== 'camt.054.001.08';
  const report = {
    Id: `${o.messageId}-1`.slice(-35),
    CreDtTm: createdAt,
    Acct: { Id: { IBAN: o.iban } },
    ...(statement
      ? {
          Bal: { Tp: { CdOrPrtry: { Cd: 'OPBD' } }, Amt: eur(0n), CdtDbtInd: 'CRDT', Dt: { Dt: createdAt.slice(0, 10) } },
        }
      : {}),
    Ntry: entries,
  };
  const body = statement
    ? { BkToCstmrStmt: { GrpHdr: { MsgId: o.messageId, CreDtTm: createdAt }, Stmt: report } }
    : { BkToCstmrDbtCdtNtfctn: { GrpHdr: { MsgId: o.messageId, CreDtTm: createdAt }, Ntfctn: report } };
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: { '@_xmlns': `urn:iso:std:iso:20022:tech:xsd:${message}`, ...body },
  }) as string;
}

/** A transaction status of a pain.002: RJCT with its ISO reason (AC01, AC04, AM04…), or ACCP, ACSC, ACSP, PDNG… */
export interface ReportedTransfer {
  endToEndId: string;
  status: string;
  reason?: string;
  info?: string;
}

/**
 * The pain.002.001.10 Customer Payment Status Report a bank answers a payout file with: the group status (and its
 * reason) of the original message, and the status of each transaction it names (none: the group status is the whole
 * file's, as a bank reports a file it refused outright).
 */
export function statusReport(o: {
  /** pain.002.001.10, or the 2009 pain.002.001.03 (the same elements in the same order for what is written here). */
  message?: 'pain.002.001.10' | 'pain.002.001.03';
  messageId: string;
  /** The payout file's MsgId (its PF-… number). */
  originalMessageId: string;
  groupStatus?: string;
  groupReason?: string;
  transactions?: ReportedTransfer[];
  createdAt?: string;
}): string {
  const reason = (code: string | undefined, info?: string) =>
    code || info ? { StsRsnInf: { ...(code ? { Rsn: { Cd: code } } : {}), ...(info ? { AddtlInf: info } : {}) } } : {};
  const transactions = o.transactions ?? [];
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': `urn:iso:std:iso:20022:tech:xsd:${o.message ?? 'pain.002.001.10'}`,
      CstmrPmtStsRpt: {
        GrpHdr: { MsgId: o.messageId, CreDtTm: o.createdAt ?? '2026-12-01T09:00:00' },
        OrgnlGrpInfAndSts: {
          OrgnlMsgId: o.originalMessageId,
          OrgnlMsgNmId: 'pain.001.001.09',
          ...(o.groupStatus ? { GrpSts: o.groupStatus } : {}),
          ...reason(o.groupReason),
        },
        ...(transactions.length
          ? {
              OrgnlPmtInfAndSts: {
                OrgnlPmtInfId: o.originalMessageId,
                TxInfAndSts: transactions.map((t, i) => ({
                  StsId: `${o.messageId}-${i + 1}`.slice(-35),
                  OrgnlEndToEndId: t.endToEndId,
                  TxSts: t.status,
                  ...reason(t.reason, t.info),
                })),
              },
            }
          : {}),
      },
    },
  }) as string;
}
