import { XMLParser } from 'fast-xml-parser';
import { checkHolderName, nameWords } from '../../domain/name-check';
import { accountHoldUntil, payoutHeld, payoutRoute } from '../../domain/payout-rails';
import { addressesRequired, batchProblem, postalAddressProblems, type SepaBatch } from '../../domain/sepa';
import { PAIN_001, painXml, schemaErrors } from '../../infra/iso20022';

describe('which rail pays a payout', () => {
  it('sends a currency the rail carries to the rail; any other is simulated in sandbox and waits in live', () => {
    expect(payoutRoute({ currency: 'EUR', livemode: true }, ['EUR'])).toBe('rail');
    expect(payoutRoute({ currency: 'EUR', livemode: false }, ['EUR'])).toBe('rail');
    for (const currency of ['GBP', 'CHF', 'AED', 'USD']) {
      expect(payoutRoute({ currency, livemode: true }, ['EUR'])).toBe('awaiting_rail');
      expect(payoutRoute({ currency, livemode: false }, ['EUR'])).toBe('simulated');
    }
  });

  it('holds the payouts to a changed account for 24 h, to the millisecond', () => {
    const changed = new Date('2026-11-28T06:00:00.000Z');
    const until = accountHoldUntil(changed);
    expect(until.toISOString()).toBe('2026-11-29T06:00:00.000Z');
    expect(payoutHeld(until, new Date('2026-11-29T05:59:59.999Z'))).toBe(true);
    expect(payoutHeld(until, until)).toBe(false);
    expect(payoutHeld(null, changed)).toBe(false);
  });
});

describe('the name check of an account holder against the driver', () => {
  it('reduces names to words: accents, case, punctuation and hyphens aside', () => {
    expect(nameWords('  Zoë  MÜLLER-Łukasiewicz ')).toEqual(['zoe', 'muller', 'lukasiewicz']);
    expect(nameWords("O'Brien, Seán")).toEqual(['o', 'brien', 'sean']);
  });

  it('matches the same words whatever their order, case and accents', () => {
    expect(checkHolderName('Zoë Müller', 'Zoe Muller')).toBe('match');
    expect(checkHolderName('MÜLLER Zoë', 'zoë müller')).toBe('match');
    expect(checkHolderName('Dupont Jean-Pierre', 'Jean Pierre Dupont')).toBe('match');
    expect(checkHolderName('Strauß Anna', 'Anna Strauss')).toBe('match');
    expect(checkHolderName('Jan van der Meer', 'Jan Vandermeer')).toBe('match'); // the same letters, written apart
  });

  it('is close for initials, a missing middle name or a one-letter typo', () => {
    expect(checkHolderName('J. Martin', 'Jo Martin')).toBe('close');
    expect(checkHolderName('Martin J', 'Jo Martin')).toBe('close');
    expect(checkHolderName('Anna Maria Šimková', 'Anna Simkova')).toBe('close');
    expect(checkHolderName('Chloe Dupre', 'Chloé Duprée')).toBe('close');
  });

  it('does not match another person, initials alone, or a name with no Latin letters', () => {
    expect(checkHolderName('Sam Lee', 'Jo Martin')).toBe('no_match');
    expect(checkHolderName('J. M.', 'Jo Martin')).toBe('no_match');
    expect(checkHolderName('Martina Jones', 'Jo Martin')).toBe('no_match');
    expect(checkHolderName('李小龙', 'Jo Martin')).toBe('no_match');
  });
});

const FR_DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' };
const PARIS = { street: 'rue de Rivoli', building_number: '10', post_code: '75001', town: 'Paris', country: 'FR' };
const batchTo = (creditor: SepaBatch['transfers'][number]['creditor'], debtor: SepaBatch['debtor'] = FR_DEBTOR): SepaBatch => ({
  messageId: 'PF-2026-000007',
  createdAt: '2026-12-01T06:00:05Z',
  executionDate: '2026-12-02',
  debtor,
  transfers: [{ endToEndId: 'ST-2026-000042:1', amountMinor: 12_345n, creditor, remittance: 'ST-2026-000042 2026-11' }],
});
const parser = new XMLParser({ parseTagValue: false });

describe('postal addresses of SEPA payers and payees outside the EEA', () => {
  it('knows which transfers need both addresses: a bank in a SEPA country outside the EEA on either side', () => {
    for (const c of ['CH', 'GB', 'MC', 'SM', 'AD', 'VA', 'JE', 'GG', 'IM']) expect(addressesRequired('FR', c)).toBe(true);
    expect(addressesRequired('CH', 'DE')).toBe(true);
    for (const c of ['DE', 'FR', 'NL', 'NO', 'IS', 'LI']) expect(addressesRequired('FR', c)).toBe(false);
  });

  it('checks an address: town and an ISO country required, ISO lengths', () => {
    expect(postalAddressProblems({ town: 'Zürich', country: 'CH' })).toEqual([]);
    expect(postalAddressProblems({ town: '', country: 'Switzerland' })).toEqual([
      'country must be an ISO 3166-1 alpha-2 code (CH, GB…)',
      'town is required, in Latin letters',
    ]);
    expect(postalAddressProblems({ town: 'x'.repeat(36), country: 'GB', post_code: 'y'.repeat(17) })).toEqual([
      'town has at most 35 characters',
      'post_code has at most 16 characters',
    ]);
  });

  it('refuses a file to a payee outside the EEA without both addresses', () => {
    const zurich = { name: 'Lukas Meier', iban: 'CH9300762011623852957', address: { town: 'Zürich', country: 'CH' } };
    expect(batchProblem(batchTo(zurich))).toMatch(/needs the debtor's and the creditor's address/);
    expect(batchProblem(batchTo({ ...zurich, address: null }, { ...FR_DEBTOR, address: PARIS }))).toMatch(/creditor's address/);
    expect(batchProblem(batchTo(zurich, { ...FR_DEBTOR, address: PARIS }))).toBeNull();
  });

  it('writes structured PstlAdr for a CH and a GB payee and the debtor, valid under the pain.001.001.09 XSD', async () => {
    const debtor = { ...FR_DEBTOR, address: PARIS };
    const zurich = {
      name: 'Lukas Meier',
      iban: 'CH9300762011623852957',
      address: { street: 'Bahnhofstrasse', building_number: '21', post_code: '8001', town: 'Zürich', country: 'CH' },
    };
    const london = { name: 'Amelia Clarke', iban: 'GB29NWBK60161331926819', address: { town: 'London', country: 'GB' } };
    for (const creditor of [zurich, london]) {
      const xml = painXml(batchTo(creditor, debtor));
      expect(await schemaErrors(xml, PAIN_001)).toEqual([]);
      const payment = parser.parse(xml).Document.CstmrCdtTrfInitn.PmtInf;
      expect(payment.Dbtr.PstlAdr).toEqual({ StrtNm: 'rue de Rivoli', BldgNb: '10', PstCd: '75001', TwnNm: 'Paris', Ctry: 'FR' });
      expect(payment.CdtTrfTxInf.Cdtr.PstlAdr).toMatchObject({
        TwnNm: creditor.address.town.replace('ü', 'u'),
        Ctry: creditor.address.country,
      });
    }
    expect(parser.parse(painXml(batchTo(zurich, debtor))).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.Cdtr.PstlAdr).toEqual({
      StrtNm: 'Bahnhofstrasse',
      BldgNb: '21',
      PstCd: '8001',
      TwnNm: 'Zurich',
      Ctry: 'CH',
    });
  });
});
