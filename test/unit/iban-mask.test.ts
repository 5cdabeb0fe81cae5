import { maskIban } from '../../domain/bank-accounts';

/** The characters of a masked value that are not masked (nor spaces). */
const shown = (masked: string) => masked.replace(/[\s*]/g, '');

describe('maskIban: the country and the last four, never more of the account', () => {
  it.each([
    ['NO (15, the shortest IBAN)', 'NO9386011117947', 'NO** **** ***7 947'],
    ['BE (16)', 'BE68539007547034', 'BE** **** **** 7034'],
    ['DE (22)', 'DE89370400440532013000', 'DE** **** **** **** **30 00'],
    ['MT (31)', 'MT84MALT011000012345MTLCAST001S', 'MT** **** **** **** **** **** ***0 01S'],
  ])('%s', (_country, iban, masked) => {
    expect(maskIban(iban)).toBe(masked);
    // Written as people type it (groups, lower case): the same mask.
    expect(maskIban(iban.toLowerCase().replace(/(.{4})/g, '$1 '))).toBe(masked);
    // The check digits are hidden, and only four characters of the BBAN show.
    expect(shown(masked)).toBe(iban.slice(0, 2) + iban.slice(-4));
    expect(masked.replace(/\s/g, '')).toHaveLength(iban.length);
  });

  it('a value shorter than any IBAN shows nothing but its country', () => {
    expect(maskIban('DE89 3704')).toBe('DE** ****');
    expect(maskIban('NO93860111179')).toBe('NO** **** **** *');
    expect(maskIban('12345678')).toBe('**** ****');
    expect(maskIban('')).toBe('');
    for (const value of ['D', 'DE8', 'DE893704004405', '1234567890123']) expect(shown(maskIban(value)).length).toBeLessThanOrEqual(2);
  });

  it('masks a stored mask of the older form into the current one, and the current one into itself', () => {
    expect(maskIban('DE89 **** **** **** **30 00')).toBe('DE** **** **** **** **30 00');
    expect(maskIban('FR76 **** **** **** **** ***0 189')).toBe('FR** **** **** **** **** ***0 189');
    for (const iban of ['NO9386011117947', 'MT84MALT011000012345MTLCAST001S', 'DE89 3704']) {
      expect(maskIban(maskIban(iban))).toBe(maskIban(iban));
    }
  });
});
