import { billingDetailsProblems, electronicAddress, sellerProblems, validSiren, validSiret } from '../../domain/billing-details';
import { FRENCH_PAYMENT_NOTES, withFrenchRules } from '../../domain/french-einvoice';
import { FRANCHISE_MENTION } from '../../domain/ubl';
import { einvoiceDocument, frenchBuyer, frenchSeller, germanBuyer, rideLine } from '../support/einvoice-fixtures';

describe('French billing identity', () => {
  it('checks SIREN and SIRET by Luhn, and La Poste’s establishments by INSEE’s rule', () => {
    expect(['732829320', '542065479', '303265045'].map(validSiren)).toEqual([true, true, true]);
    expect(['732829321', '54206547', '5420654790', '54206547a'].map(validSiren)).toEqual([false, false, false, false]);
    expect(['73282932000074', '54206547900017'].map(validSiret)).toEqual([true, true]);
    expect(validSiret('54206547900018')).toBe(false);
    // La Poste (356000000): a digit sum divisible by 5 is valid though Luhn fails; elsewhere it is not.
    expect([validSiret('35600000000024'), validSiret('35600000000025'), validSiret('54206547900003')]).toEqual([true, false, false]);
  });

  it('gives a French party with a SIREN the 0225 address, and keeps an explicit one or the VAT scheme otherwise', () => {
    expect(electronicAddress({ country: 'FR', siren: '542065479', tax_id: 'FR82542065479' })).toEqual({ scheme: '0225', id: '542065479' });
    expect(electronicAddress({ country: 'FR', siret: '54206547900017' })).toEqual({ scheme: '0225', id: '542065479' });
    expect(electronicAddress({ country: 'FR', tax_id: 'FR82542065479' })).toEqual({ scheme: '9957', id: 'FR82542065479' });
    expect(electronicAddress({ country: 'FR', siren: '542065479', peppol_id: '0009:54206547900017' })).toEqual({
      scheme: '0009',
      id: '54206547900017',
    });
  });

  it('refuses fields that contradict each other, and a French seller without a SIREN', () => {
    expect(billingDetailsProblems({ country: 'FR', siren: '542065479', siret: '30326504500011' })).toEqual([
      'siret 30326504500011 is not an establishment of siren 542065479',
    ]);
    expect(billingDetailsProblems({ country: 'DE', siren: '542065479' })).toEqual([
      'siren and siret are French identifiers: country must be FR',
    ]);
    const seller = {
      legal_name: 'X SAS',
      address: '1 rue',
      city: 'Paris',
      postal_code: '75001',
      country: 'FR',
      tax_id: 'FR40303265045',
      email: 'a@x.example',
    };
    expect(sellerProblems(seller)).toEqual(['the seller needs siren (a French seller: BR-FR-10)']);
    expect(sellerProblems({ ...seller, siren: '303265045' })).toEqual([]);
  });
});

describe('the French rules on a document', () => {
  const doc = einvoiceDocument('EUR', [rideLine(10000n, 'reduced', 100_000)]);

  it('add the payment notes, S1 and the B2B treatment for a French buyer with a SIREN, and nothing for others', () => {
    const french = withFrenchRules({ ...doc, buyer: frenchBuyer }, {});
    expect(french).toMatchObject({ businessProcess: 'S1', notes: [...FRENCH_PAYMENT_NOTES, { subjectCode: 'BAR', text: 'B2B' }] });
    expect(withFrenchRules({ ...doc, buyer: { ...frenchBuyer, siren: undefined } }, {}).notes).toEqual(FRENCH_PAYMENT_NOTES);
    expect(withFrenchRules({ ...doc, buyer: germanBuyer }, { vatOnDebits: false })).toEqual({ ...doc, buyer: germanBuyer });
    expect(french.totals).toBe(doc.totals);
  });

  it('say art. 293 B for a seller in franchise, and VAT on debits for a French seller that opted', () => {
    const franchise = withFrenchRules(
      { ...doc, seller: { ...frenchSeller, vatRegime: 'franchise' }, buyer: germanBuyer },
      { vatOnDebits: true },
    );
    expect(franchise).toMatchObject({ notes: [{ subjectCode: 'TXD', text: FRANCHISE_MENTION }], vatDueOn: 'invoice' });
    expect(withFrenchRules({ ...doc, seller: { ...frenchSeller, country: 'DE' } }, { vatOnDebits: true }).vatDueOn).toBeUndefined();
  });
});
