import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import {
  batchTotals,
  isSepaId,
  matchStatus,
  payoutRemittance,
  requestedExecutionDate,
  SEPA_CHARSET,
  sepaAmount,
  sepaName,
  sepaText,
  type SepaBatch,
} from '../../domain/sepa';
import {
  CAMT_053,
  CAMT_054,
  declaredMessage,
  PAIN_001,
  PAIN_002,
  painXml,
  readStatement,
  readStatusReport,
  schemaErrors,
} from '../../infra/iso20022';
import { bankStatement, statusReport, transfersOf } from '../../stack/mock-bank';

const DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' };

function batch(transfers: SepaBatch['transfers']): SepaBatch {
  return { messageId: 'PF-2026-000001', createdAt: '2026-12-01T06:00:05Z', executionDate: '2026-12-02', debtor: DEBTOR, transfers };
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'CdtTrfTxInf' });
type Tx = { PmtId: { EndToEndId: string }; Amt: { InstdAmt: { '#text': string } }; Cdtr: { Nm: string }; RmtInf: { Ustrd: string } };
function parsed(xml: string) {
  const root = parser.parse(xml).Document.CstmrCdtTrfInitn;
  return { header: root.GrpHdr, payment: root.PmtInf, txs: root.PmtInf.CdtTrfTxInf as Tx[] };
}

describe('SEPA rules', () => {
  it('reduces text to the SEPA character set the way banks spell it', () => {
    expect(sepaText('Zoë Müller-Łukasiewicz & Søn', 70)).toBe('Zoe Muller-Lukasiewicz + Son');
    expect(sepaText('Straße “Nord” — #12_b', 70)).toBe("Strasse 'Nord' - 12-b");
    expect(sepaText('  Jean   Dupont  ', 70)).toBe('Jean Dupont');
    expect(sepaText('a'.repeat(200), 140)).toHaveLength(140);
    expect(sepaName('李小龙')).toBe('NOTPROVIDED');
    expect(sepaName('François Ça Œuvre')).toBe('Francois Ca OEuvre');
  });

  it('writes amounts with two decimals, counts and sums in integers', () => {
    expect([0n, 1n, 10n, 100n, 123_456n].map(sepaAmount)).toEqual(['0.00', '0.01', '0.10', '1.00', '1234.56']);
    expect(() => sepaAmount(-1n)).toThrow(RangeError);
    expect(batchTotals([{ amountMinor: 10n }, { amountMinor: 20n }, { amountMinor: 1n }])).toEqual({
      count: 3,
      sumMinor: 31n,
      controlSum: '0.31',
    });
  });

  it('requests the next TARGET2 business day', () => {
    expect(requestedExecutionDate(new Date('2026-12-01T23:00:00Z'))).toBe('2026-12-02'); // Tuesday → Wednesday
    expect(requestedExecutionDate(new Date('2026-12-04T10:00:00Z'))).toBe('2026-12-07'); // Friday → Monday
    expect(requestedExecutionDate(new Date('2026-12-24T10:00:00Z'))).toBe('2026-12-28'); // past Christmas and the weekend
    expect(requestedExecutionDate(new Date('2027-03-25T10:00:00Z'))).toBe('2027-03-30'); // Good Friday 26th, Easter Monday 29th
  });

  it('knows a SEPA identifier', () => {
    expect(isSepaId('ST-2026-000042:1')).toBe(true);
    expect(isSepaId('stl_01jd')).toBe(false); // no underscore in the set
    expect(isSepaId('/x')).toBe(false);
    expect(isSepaId('a//b')).toBe(false);
    expect(isSepaId('x'.repeat(36))).toBe(false);
    expect(payoutRemittance('ST-TEST-2026-000042', '2026-11-24T14:02:00Z')).toBe('ST-TEST-2026-000042 2026-11-24T14:02:00Z');
  });
});

describe('pain.001.001.09 payout file', () => {
  const transfers: SepaBatch['transfers'] = [
    {
      endToEndId: 'ST-2026-000001:1',
      amountMinor: 24_000n,
      creditor: { name: 'Jo "JJ" Martin, Jr. & Söhne', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      remittance: payoutRemittance('ST-2026-000001', '2026-11'),
    },
    {
      endToEndId: 'ST-2026-000002:2',
      amountMinor: 7_501n,
      creditor: { name: 'Zoë Ñúñez', iban: 'ES9121000418450200051332', bic: null },
      remittance: 'x'.repeat(300),
    },
  ];

  it('is one batch-booked payment: NbOfTxs and CtrlSum exact, EndToEndId the payout id, names reduced', () => {
    const xml = painXml(batch(transfers));
    const { header, payment, txs } = parsed(xml);
    expect(header).toMatchObject({ MsgId: 'PF-2026-000001', NbOfTxs: '2', CtrlSum: '315.01' });
    expect(payment).toMatchObject({ PmtMtd: 'TRF', BtchBookg: 'true', NbOfTxs: '2', CtrlSum: '315.01', ChrgBr: 'SLEV' });
    expect(payment.ReqdExctnDt).toEqual({ Dt: '2026-12-02' });
    expect(payment.PmtTpInf).toEqual({ SvcLvl: { Cd: 'SEPA' } });
    expect(txs.map((t) => t.PmtId.EndToEndId)).toEqual(['ST-2026-000001:1', 'ST-2026-000002:2']);
    expect(txs.map((t) => t.Cdtr.Nm)).toEqual(["Jo 'JJ' Martin, Jr. + Sohne", 'Zoe Nunez']);
    expect(txs[0]!.RmtInf.Ustrd).toBe('ST-2026-000001 2026-11');
    expect(txs[1]!.RmtInf.Ustrd).toHaveLength(140);
  });

  it('refuses a batch a bank would refuse', () => {
    expect(() => painXml(batch([]))).toThrow('at least one transfer');
    expect(() => painXml(batch([transfers[0]!, transfers[0]!]))).toThrow('appears twice');
    expect(() => painXml(batch([{ ...transfers[0]!, amountMinor: 0n }]))).toThrow('out of SEPA bounds');
    expect(() => painXml(batch([{ ...transfers[0]!, endToEndId: 'pay_01' }]))).toThrow('not a SEPA identifier');
  });

  it('is valid against the ISO 20022 XSD, which bites on a broken file', async () => {
    const xml = painXml(batch(transfers));
    expect(declaredMessage(xml)).toBe(PAIN_001);
    expect(await schemaErrors(xml, PAIN_001)).toEqual([]);
    const broken = xml.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SLEV</ChrgBr><Oops>1</Oops>');
    const errors = await schemaErrors(broken, PAIN_001);
    expect(errors[0]).toMatchObject({ line: expect.any(Number), message: expect.stringContaining('Oops') });
    expect(await schemaErrors('<!DOCTYPE x [<!ENTITY a "b">]><x/>', PAIN_001)).toEqual([
      { line: null, message: 'a DOCTYPE is not allowed in a bank file' },
    ]);
  });

  const name = fc.string({ unit: 'grapheme', maxLength: 120 });
  const payout = fc.record({
    amountMinor: fc.bigInt({ min: 1n, max: 99_999_999_999n }),
    name,
    remittance: fc.string({ unit: 'grapheme', maxLength: 300 }),
  });

  it('holds for random payouts: totals, character set and lengths (property)', () => {
    fc.assert(
      fc.property(fc.array(payout, { minLength: 1, maxLength: 40 }), (payouts) => {
        const xml = painXml(
          batch(
            payouts.map((p, i) => ({
              endToEndId: `ST-2026-${String(i + 1).padStart(6, '0')}:1`,
              amountMinor: p.amountMinor,
              creditor: { name: p.name, iban: 'DE89370400440532013000' },
              remittance: p.remittance,
            })),
          ),
        );
        const { header, payment, txs } = parsed(xml);
        const sum = payouts.reduce((s, p) => s + p.amountMinor, 0n);
        expect([header.NbOfTxs, payment.NbOfTxs]).toEqual([String(payouts.length), String(payouts.length)]);
        expect([header.CtrlSum, payment.CtrlSum]).toEqual([sepaAmount(sum), sepaAmount(sum)]);
        const parsedSum = txs.reduce((s, t) => s + BigInt(t.Amt.InstdAmt['#text'].replace('.', '')), 0n);
        expect(parsedSum).toBe(sum);
        for (const t of txs) {
          expect(t.Cdtr.Nm.length).toBeGreaterThan(0);
          expect(t.Cdtr.Nm.length).toBeLessThanOrEqual(70);
          expect(t.RmtInf.Ustrd.length).toBeLessThanOrEqual(140);
          expect(t.Cdtr.Nm).toMatch(SEPA_CHARSET);
          expect(t.RmtInf.Ustrd).toMatch(SEPA_CHARSET);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('random files stay valid against the XSD (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(payout, { minLength: 1, maxLength: 20 }), async (payouts) => {
        const xml = painXml(
          batch(
            payouts.map((p, i) => ({
              endToEndId: `ST-TEST-2026-${String(i + 1).padStart(6, '0')}:9`,
              amountMinor: p.amountMinor,
              creditor: { name: p.name, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
              remittance: p.remittance,
            })),
          ),
        );
        expect(await schemaErrors(xml, PAIN_001)).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });
});

describe('camt.053.001.08 / camt.054.001.08 statements', () => {
  const filed = [
    { endToEndId: 'ST-2026-000001:1', amountMinor: 24_000n },
    { endToEndId: 'ST-2026-000002:1', amountMinor: 7_501n },
  ];
  for (const message of [CAMT_053, CAMT_054] as const) {
    it(`${message}: valid against its XSD, read back with references, amounts and return reasons`, async () => {
      const xml = bankStatement({
        message,
        messageId: 'STMT-2026-12-02',
        iban: DEBTOR.iban,
        entries: [
          { ...filed[0]!, outcome: 'booked' },
          { ...filed[1]!, outcome: { returned: 'AC04', info: 'Account closed' } },
        ],
      });
      expect(declaredMessage(xml)).toBe(message);
      expect(await schemaErrors(xml, message)).toEqual([]);
      const statement = readStatement(xml, message);
      expect(statement).toMatchObject({ message, messageId: 'STMT-2026-12-02', accounts: [{ iban: DEBTOR.iban }] });
      expect(statement.transactions).toEqual([
        expect.objectContaining({
          endToEndId: 'ST-2026-000001:1',
          amountMinor: 24_000n,
          creditDebit: 'DBIT',
          status: 'BOOK',
          returnReason: null,
        }),
        expect.objectContaining({
          endToEndId: 'ST-2026-000002:1',
          amountMinor: 7_501n,
          creditDebit: 'CRDT',
          returnReason: 'AC04',
          returnInfo: 'Account closed',
        }),
      ]);
    });
  }

  it('the mock bank reads the transfers of a payout file', () => {
    const xml = painXml(batch(filed.map((f) => ({ ...f, creditor: { name: 'A', iban: 'DE89370400440532013000' }, remittance: 'r' }))));
    expect(transfersOf(xml)).toEqual(filed);
  });
});

describe('pain.002.001.10 status reports', () => {
  it('valid against its XSD, read back with per-transaction statuses and reasons', async () => {
    const xml = statusReport({
      messageId: 'PSR-2026-12-01-1',
      originalMessageId: 'PF-2026-000001',
      groupStatus: 'PART',
      transactions: [
        { endToEndId: 'ST-2026-000001:1', status: 'ACSC' },
        { endToEndId: 'ST-2026-000002:1', status: 'RJCT', reason: 'AC04', info: 'Account closed' },
      ],
    });
    expect(declaredMessage(xml)).toBe(PAIN_002);
    expect(await schemaErrors(xml, PAIN_002)).toEqual([]);
    expect(readStatusReport(xml)).toEqual({
      message: PAIN_002,
      messageId: 'PSR-2026-12-01-1',
      createdAt: '2026-12-01T09:00:00',
      originalMessageId: 'PF-2026-000001',
      originalMessage: 'pain.001.001.09',
      groupStatus: 'PART',
      statuses: [
        { entry: 1, endToEndId: 'ST-2026-000001:1', status: 'ACSC', reason: null, info: null },
        { entry: 2, endToEndId: 'ST-2026-000002:1', status: 'RJCT', reason: 'AC04', info: 'Account closed' },
      ],
    });
  });

  it('a group status without transaction statuses is one status for the whole file, with the group reason', async () => {
    const xml = statusReport({ messageId: 'PSR-2', originalMessageId: 'PF-2026-000002', groupStatus: 'RJCT', groupReason: 'AM04' });
    expect(await schemaErrors(xml, PAIN_002)).toEqual([]);
    expect(readStatusReport(xml).statuses).toEqual([{ entry: 0, endToEndId: null, status: 'RJCT', reason: 'AM04', info: null }]);
  });

  it('a report the schema refuses names its first error', async () => {
    const xml = statusReport({ messageId: 'PSR-3', originalMessageId: 'PF-2026-000001', groupStatus: 'REJECTED' });
    const [first] = await schemaErrors(xml, PAIN_002);
    expect(first).toMatchObject({ line: expect.any(Number), message: expect.stringContaining('GrpSts') });
    const noOriginal = statusReport({ messageId: 'PSR-4', originalMessageId: 'PF-1', groupStatus: 'RJCT' }).replace(
      /<OrgnlMsgId>PF-1<\/OrgnlMsgId>/,
      '',
    );
    expect((await schemaErrors(noOriginal, PAIN_002))[0]?.message).toMatch(/OrgnlMsgNmId|OrgnlMsgId/);
  });

  it('only RJCT returns a transfer; every other status is recorded and never pays one', () => {
    const line = (status: string) => ({ endToEndId: 'ST-2026-000001:1', status });
    expect(matchStatus(line('RJCT'), { status: 'submitted' })).toBe('returned');
    expect(matchStatus(line('RJCT'), { status: 'returned' })).toBe('already_returned');
    expect(matchStatus(line('RJCT'), { status: 'paid' })).toBe('already_paid');
    for (const status of ['ACCP', 'ACSC', 'ACSP', 'ACTC', 'PDNG', 'ACCC']) {
      expect(matchStatus(line(status), { status: 'submitted' })).toBe('status_recorded');
    }
    expect(matchStatus(line('RJCT'), null)).toBe('unmatched');
  });
});

describe('the shipped schemas', () => {
  it('are the published files, unchanged (infra/iso20022/README.md)', () => {
    const sha = (file: string) =>
      createHash('sha256')
        .update(readFileSync(join(__dirname, '../../infra/iso20022', file)))
        .digest('hex');
    expect(sha('pain.001.001.09.xsd')).toBe('05440a7e84f695e7dbc6677082f43623cd7393881b76a5e8d648ae21d7d728e3');
    expect(sha('camt.053.001.08.xsd')).toBe('ca0b135cc8e2dde5b2f99af6b6c514a8f29d6e7c6cf98e9ea84d247189868ff5');
    expect(sha('camt.054.001.08.xsd')).toBe('2b392a1f7e70e70902fd0d803ff85989613bd1cae351663240b0bb9243be2c28');
    expect(sha('pain.002.001.10.xsd')).toBe('2f9f8d0e9891fa9f31ccf0576397afe501614384d688ae6e43ba694b3d24b0cf');
    expect(sha('camt.053.001.02.xsd')).toBe('05ec472590dda5e433fd646e9cf3849fa1ba01c033052aaca3089cec6862692d');
    expect(sha('pain.002.001.03.xsd')).toBe('dfb211e63f09825ea89f0ceee870db9e82ab2840fbe8b8148d9c4c2a9a99fd87');
  });
});
