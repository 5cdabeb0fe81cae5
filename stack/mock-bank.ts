/**
 * A bank, as far as the tests, the bench and the docs' samples need one: it reads the transfers of a pain.001 payout
 * file and answers with the camt.053.001.08 statement (or camt.054.001.08 notification) a bank would send: a booked
 * debit per transfer paid, and a credit with the return reason for each transfer returned.
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
  /** Booked as paid (a debit), or returned with an ISO reason code (a credit back: AC04 closed account, AC01 wrong IBAN). */
  outcome: 'booked' | { returned: string; info?: string };
  /** Booking date, YYYY-MM-DD. */
  date?: string;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' });

/** A statement (camt.053.001.08) or notification (camt.054.001.08) of the debtor account with these entries. */
export function bankStatement(o: {
  message?: 'camt.053.001.08' | 'camt.054.001.08';
  messageId: string;
  iban: string;
  entries: BankEntry[];
  createdAt?: string;
}): string {
  const message = o.message ?? 'camt.053.001.08';
  const createdAt = o.createdAt ?? '2026-12-02T06:00:00';
  const eur = (minor: bigint) => ({ '@_Ccy': 'EUR', '#text': sepaAmount(minor) });
  const entries = o.entries.map((e, i) => {
    const returned = e.outcome !== 'booked' ? e.outcome : null;
    const side = returned ? 'CRDT' : 'DBIT';
    const date = { Dt: e.date ?? createdAt.slice(0, 10) };
    return {
      NtryRef: String(i + 1),
      Amt: eur(e.amountMinor),
      CdtDbtInd: side,
      Sts: { Cd: 'BOOK' },
      BookgDt: date,
      ValDt: date,
      AcctSvcrRef: `${o.messageId}-${i + 1}`.slice(-35),
      BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'ICDT', SubFmlyCd: returned ? 'RRTN' : 'ESCT' } } },
      NtryDtls: {
        TxDtls: {
          Refs: { EndToEndId: e.endToEndId },
          Amt: eur(e.amountMinor),
          CdtDbtInd: side,
          ...(returned ? { RtrInf: { Rsn: { Cd: returned.returned }, ...(returned.info ? { AddtlInf: returned.info } : {}) } } : {}),
        },
      },
    };
  });
  const report = {
    Id: `${o.messageId}-1`.slice(-35),
    CreDtTm: createdAt,
    Acct: { Id: { IBAN: o.iban } },
    ...(message === 'camt.053.001.08'
      ? {
          Bal: { Tp: { CdOrPrtry: { Cd: 'OPBD' } }, Amt: eur(0n), CdtDbtInd: 'CRDT', Dt: { Dt: createdAt.slice(0, 10) } },
        }
      : {}),
    Ntry: entries,
  };
  const body =
    message === 'camt.053.001.08'
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
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.10',
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
