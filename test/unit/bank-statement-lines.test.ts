import { reissueVerdict } from '../../domain/payout-reissue';
import {
  isReturnCode,
  lineOutcome,
  matchBatch,
  matchStatementLine,
  moneyBack,
  resolutionProblem,
  returnReasonOf,
  returnShortfall,
} from '../../domain/statement-lines';
import {
  CAMT_053,
  CAMT_053_V2,
  declaredMessage,
  PAIN_002_V3,
  readStatement,
  readStatusReport,
  schemaErrors,
  type StatementTransaction,
} from '../../infra/iso20022';
import { bankStatement, statusReport } from '../../stack/mock-bank';

const IBAN = 'FR7630006000011234567890189';
const FILE = 'PF-2026-000007';
const A = { endToEndId: 'ST-2026-000001:1', amountMinor: 24_000n };
const B = { endToEndId: 'ST-2026-000002:1', amountMinor: 7_501n };
const submitted = (t: { amountMinor: bigint }) => ({ ...t, status: 'submitted' as const });

/** Reads a statement after checking it against its XSD: every shape here is one the schema accepts. */
async function read(xml: string) {
  const message = declaredMessage(xml) as typeof CAMT_053 | typeof CAMT_053_V2;
  expect(await schemaErrors(xml, message)).toEqual([]);
  return readStatement(xml, message).transactions;
}

describe.each([CAMT_053, CAMT_053_V2] as const)('%s as banks send it', (message) => {
  it('a batch booked as one debit without details: the file’s references, count and total', async () => {
    const [line, ...rest] = await read(
      bankStatement({
        message,
        messageId: 'S-1',
        iban: IBAN,
        entries: [{ batch: { paymentInfoId: FILE, count: 2, totalMinor: 31_501n } }],
      }),
    );
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      endToEndId: null,
      amountMinor: 31_501n,
      creditDebit: 'DBIT',
      status: 'BOOK',
      batch: { paymentInfoId: FILE, messageId: null, count: 2, totalMinor: 31_501n },
    });
    expect(
      matchBatch({ ...line!, count: line!.batch!.count, totalMinor: line!.batch!.totalMinor }, [submitted(A), submitted(B)]),
    ).toMatchObject({
      outcome: 'paid',
      pays: [expect.objectContaining(A), expect.objectContaining(B)],
    });
  });

  it('a batch with details: one transaction per transfer, each by its EndToEndId and own amount', async () => {
    const lines = await read(
      bankStatement({
        message,
        messageId: 'S-2',
        iban: IBAN,
        entries: [{ batch: { messageId: FILE, count: 2, totalMinor: 31_501n, details: [A, B] } }],
      }),
    );
    expect(lines.map((l) => [l.endToEndId, l.amountMinor, l.batch])).toEqual([
      [A.endToEndId, A.amountMinor, null],
      [B.endToEndId, B.amountMinor, null],
    ]);
    expect(lines.map((l) => matchStatementLine(l, submitted(l.endToEndId === A.endToEndId ? A : B)))).toEqual(['paid', 'paid']);
  });

  it('a return with RtrInf, a return known only by its bank transaction code, a reversal, a short return', async () => {
    const lines = await read(
      bankStatement({
        message,
        messageId: 'S-3',
        iban: IBAN,
        entries: [
          { ...A, outcome: { returned: 'AC04', info: 'Account closed' } },
          { ...B, outcome: { returned: null } },
          { ...A, endToEndId: 'ST-2026-000003:1', outcome: 'reversed' },
          { ...B, endToEndId: 'ST-2026-000004:1', amountMinor: 7_001n, outcome: { returned: 'FOCR' } },
        ],
      }),
    );
    const [withInfo, byCode, reversal, short] = lines as [
      StatementTransaction,
      StatementTransaction,
      StatementTransaction,
      StatementTransaction,
    ];
    expect(withInfo).toMatchObject({ creditDebit: 'CRDT', returnReason: 'AC04', returnInfo: 'Account closed' });
    expect(byCode).toMatchObject({
      creditDebit: 'CRDT',
      returnReason: null,
      bankCode: { domain: 'PMNT', family: 'ICDT', subFamily: 'RRTN' },
    });
    expect(reversal).toMatchObject({ creditDebit: 'CRDT', reversal: true, returnReason: null });

    expect(matchStatementLine(withInfo, submitted(A))).toBe('returned');
    expect(matchStatementLine(byCode, submitted(B))).toBe('returned');
    expect(returnReasonOf(byCode)).toBe('unknown');
    expect(matchStatementLine(reversal, { ...submitted(A), status: 'paid' })).toBe('reversed');
    expect(returnReasonOf(reversal)).toBe('unknown');
    // A recall back minus a 5.00 fee: returned (never paid), the difference recorded.
    expect(matchStatementLine(short, submitted(B))).toBe('returned');
    expect(returnShortfall(B.amountMinor, short.amountMinor)).toBe(500n);
    // More back than was sent is for a person.
    expect(matchStatementLine({ ...short, amountMinor: 9_999n }, submitted(B))).toBe('amount_mismatch');
    // A return of a payout already returned changes nothing.
    expect(matchStatementLine(withInfo, { ...A, status: 'returned' })).toBe('already_returned');
  });

  it('returns in banks’ proprietary codes: DK business code 159, SWIFT NRTI', async () => {
    const lines = await read(
      bankStatement({
        message,
        messageId: 'S-4',
        iban: IBAN,
        entries: [
          { ...A, outcome: { returned: null }, noDomainCode: true, proprietaryCode: { code: 'NRTI+159+00900', issuer: 'DK' } },
          { ...B, outcome: { returned: null }, noDomainCode: true, proprietaryCode: { code: 'NRTI' } },
        ],
      }),
    );
    expect(lines[0]!.bankCode).toEqual({ domain: null, family: null, subFamily: null, proprietary: 'NRTI+159+00900', issuer: 'DK' });
    expect(lines.map((l) => moneyBack(l))).toEqual(['return', 'return']);
  });
});

describe('statement line rules', () => {
  const batch = { status: 'BOOK', creditDebit: 'DBIT' as const };
  const file = () => [submitted(A), submitted(B)];

  it('a batch whose count or total disagrees with its file is never guessed', () => {
    expect(matchBatch({ ...batch, count: 3, totalMinor: 31_501n }, file())).toMatchObject({ outcome: 'needs_review', pays: [] });
    expect(matchBatch({ ...batch, count: 2, totalMinor: 31_500n }, file())).toMatchObject({
      outcome: 'needs_review',
      expectedMinor: 31_501n,
      problem: expect.stringContaining('holds 2'),
    });
    // NbOfTxs is optional in the schema: the total alone decides then.
    expect(matchBatch({ ...batch, count: null, totalMinor: 31_501n }, file()).outcome).toBe('paid');
    expect(matchBatch({ ...batch, count: 2, totalMinor: 31_501n }, null).outcome).toBe('unmatched');
    expect(matchBatch({ ...batch, status: 'PDNG', count: 2, totalMinor: 31_501n }, file()).outcome).toBe('ignored');
    expect(matchBatch({ ...batch, creditDebit: 'CRDT', count: 2, totalMinor: 31_501n }, file()).outcome).toBe('needs_review');
  });

  it('a batch the bank executed without the transfers it rejected before booking pays the rest', () => {
    const ts = [{ ...A, status: 'returned' as const }, submitted(B)];
    expect(matchBatch({ ...batch, count: 1, totalMinor: B.amountMinor }, ts)).toMatchObject({
      outcome: 'paid',
      pays: [expect.objectContaining({ endToEndId: B.endToEndId })],
    });
    expect(
      matchBatch({ ...batch, count: 2, totalMinor: 31_501n }, [
        { ...A, status: 'paid' as const },
        { ...B, status: 'paid' as const },
      ]).outcome,
    ).toBe('already_paid');
  });

  it('bank transaction codes that mean “your transfer came back”', () => {
    const iso = (subFamily: string, family = 'ICDT') => ({ domain: 'PMNT', family, subFamily, proprietary: null, issuer: null });
    expect(isReturnCode(iso('RRTN'))).toBe(true);
    expect(isReturnCode(iso('RPCR'))).toBe(true);
    expect(isReturnCode(iso('ESCT'))).toBe(false);
    expect(isReturnCode(iso('RRTN', 'RCDT'))).toBe(false);
    const prop = (code: string, issuer: string | null = null) => ({
      domain: null,
      family: null,
      subFamily: null,
      proprietary: code,
      issuer,
    });
    expect(isReturnCode(prop('NTRF+159+00900', 'DK'))).toBe(true);
    expect(isReturnCode(prop('NTRF+116+00900', 'DK'))).toBe(false);
    expect(isReturnCode(prop('FRTI'))).toBe(true);
    expect(isReturnCode(prop('NTRF'))).toBe(false);
    expect(isReturnCode(null)).toBe(false);
    // A debit carrying a return code is not money back (the bank's own fee booking, say).
    const debit = { endToEndId: 'x', amountMinor: 1n, creditDebit: 'DBIT' as const, status: 'BOOK', returnReason: null, reversal: false };
    expect(moneyBack({ ...debit, bankCode: iso('RRTN') })).toBeNull();
    // A reversal of a credit (RvslInd on a debit) is not one of our transfers coming back.
    expect(moneyBack({ ...debit, reversal: true, bankCode: null })).toBeNull();
  });

  it('each fine result is stored as one of six outcomes', () => {
    expect(
      (
        [
          'paid',
          'already_paid',
          'returned',
          'already_returned',
          'reversed',
          'amount_mismatch',
          'needs_review',
          'unmatched',
          'ignored',
          'status_recorded',
        ] as const
      ).map(lineOutcome),
    ).toEqual([
      'matched',
      'matched',
      'returned',
      'returned',
      'reversed',
      'needs_review',
      'needs_review',
      'unmatched',
      'ignored',
      'ignored',
    ]);
  });

  it('a line is resolved by hand once, only when open, by someone, with a reason, naming payouts unless ignored', () => {
    const open = { outcome: 'needs_review' as const, resolvedAt: null };
    const r = { outcome: 'matched' as const, payoutIds: ['ST-2026-000001:1'], note: 'bank confirmed', by: 'ana' };
    expect(resolutionProblem(open, r)).toBeNull();
    expect(resolutionProblem({ ...open, outcome: 'matched' }, r)).toMatch(/only lines needing review/);
    expect(resolutionProblem({ ...open, resolvedAt: new Date() }, r)).toMatch(/already/);
    expect(resolutionProblem(open, { ...r, by: ' ' })).toMatch(/named/);
    expect(resolutionProblem(open, { ...r, note: '' })).toMatch(/why/);
    expect(resolutionProblem(open, { ...r, payoutIds: [] })).toMatch(/names the payouts/);
    expect(resolutionProblem({ ...open, outcome: 'unmatched' }, { ...r, outcome: 'ignored' })).toMatch(/names no payout/);
    expect(resolutionProblem({ ...open, outcome: 'unmatched' }, { ...r, outcome: 'ignored', payoutIds: [] })).toBeNull();
  });
});

describe('re-issuing a returned payout', () => {
  const facts = { reason: 'AC04', hasAccount: true, sameAccount: true, changedSinceReturn: false, explicit: false, accountOnHold: false };
  it('never to the account the bank refused (AC01, AC04, MD07); to a new one in the next file', () => {
    for (const reason of ['AC01', 'AC04', 'MD07']) {
      expect(reissueVerdict({ ...facts, reason })).toBe('wait_for_new_account');
      expect(reissueVerdict({ ...facts, reason, changedSinceReturn: true })).toBe('wait_for_new_account'); // same IBAN typed again
      expect(reissueVerdict({ ...facts, reason, explicit: true })).toBe('same_account_refused');
      expect(reissueVerdict({ ...facts, reason, sameAccount: false, changedSinceReturn: true })).toBe('due');
    }
    // A transfer filed before fingerprints: a change of account since the return is all that can be known.
    expect(reissueVerdict({ ...facts, sameAccount: null, changedSinceReturn: true })).toBe('due');
    expect(reissueVerdict({ ...facts, sameAccount: null })).toBe('wait_for_new_account');
  });
  it('for any other reason, to the same account once it is confirmed, or when ops ask', () => {
    for (const reason of ['AM04', 'FOCR', 'unknown', 'NARR']) {
      expect(reissueVerdict({ ...facts, reason })).toBe('wait_for_account_change');
      expect(reissueVerdict({ ...facts, reason, changedSinceReturn: true })).toBe('due');
      expect(reissueVerdict({ ...facts, reason, explicit: true })).toBe('due');
    }
    expect(reissueVerdict({ ...facts, reason: 'AM04', hasAccount: false, explicit: true })).toBe('no_bank_account');
  });
  it('never into an account changed within its 24 h hold, even when ops ask; what would wait anyway still says why', () => {
    expect(reissueVerdict({ ...facts, sameAccount: false, changedSinceReturn: true, accountOnHold: true })).toBe('account_on_hold');
    expect(reissueVerdict({ ...facts, reason: 'AM04', explicit: true, accountOnHold: true })).toBe('account_on_hold');
    expect(reissueVerdict({ ...facts, accountOnHold: true })).toBe('wait_for_new_account');
  });
});

describe('pain.002.001.03', () => {
  it('valid against ISO’s 2009 XSD and read like .10', async () => {
    const xml = statusReport({
      message: PAIN_002_V3,
      messageId: 'PSR-V3-1',
      originalMessageId: FILE,
      groupStatus: 'PART',
      transactions: [
        { endToEndId: A.endToEndId, status: 'ACSC' },
        { endToEndId: B.endToEndId, status: 'RJCT', reason: 'AC01', info: 'Incorrect account number' },
      ],
    });
    expect(declaredMessage(xml)).toBe(PAIN_002_V3);
    expect(await schemaErrors(xml, PAIN_002_V3)).toEqual([]);
    expect(readStatusReport(xml, PAIN_002_V3)).toMatchObject({
      message: PAIN_002_V3,
      originalMessageId: FILE,
      statuses: [
        { entry: 1, endToEndId: A.endToEndId, status: 'ACSC', reason: null },
        { entry: 2, endToEndId: B.endToEndId, status: 'RJCT', reason: 'AC01', info: 'Incorrect account number' },
      ],
    });
    // The 2009 schema bites too: a status it does not know is refused.
    const wrong = statusReport({ message: PAIN_002_V3, messageId: 'PSR-V3-2', originalMessageId: FILE, groupStatus: 'NOPE' });
    expect((await schemaErrors(wrong, PAIN_002_V3))[0]?.message).toContain('GrpSts');
  });
});
