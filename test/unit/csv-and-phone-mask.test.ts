import fc from 'fast-check';
import { csvCell, csvLines, csvRow } from '../../domain/csv';
import { maskPhone } from '../../domain/phone-mask';
import { parseCsv } from '../support/csv';

describe('the CSV writer (RFC 4180)', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'lf\nonly', null, undefined, 12.5, -3])).toBe(
      'plain,"a,b","say ""hi""","two\r\nlines","lf\nonly",,,12.5,-3\r\n',
    );
  });

  it.each(['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', '\rx'])('defuses the formula-like cell %j with a leading apostrophe', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('reads back every text as written (the apostrophe aside), whatever its characters', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) => {
        const text = rows.map(csvRow).join('');
        const unformula = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
        expect(parseCsv(text)).toEqual(rows.map((row) => row.map(unformula)));
      }),
    );
  });

  it('streams a header and then page after page, skipping empty pages', async () => {
    async function* pages() {
      yield [1, 2];
      yield [];
      yield [3];
    }
    const chunks: string[] = [];
    for await (const chunk of csvLines(['n', 'square'], pages(), (n) => [n, n * n])) chunks.push(chunk);
    expect(chunks).toEqual(['n,square\r\n', '1,1\r\n2,4\r\n', '3,9\r\n']);
  });
});

describe('the masked passenger phone', () => {
  it.each([
    ['+33612345678', '+33 6•• •• •• 78'],
    ['+33 6 12 34 56 78', '+33 6•• •• •• 78'],
    ['+447911123456', '+44 7• •• •• •• 56'],
    ['+12125550123', '+1 2• •• •• •• 23'],
    ['+971501234567', '+971 5•• •• •• 67'],
    ['0612345678', '•• •• •• •• 78'],
    ['+3312', '+33 ••'],
    ['123', '•••'],
  ])('%s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('never shows more than three digits of a number, whatever it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ]{0,20}$/), (phone) => {
        const digits = phone.replace(/\D/g, '');
        const code = phone.startsWith('+') ? maskPhone(phone).split(' ')[0]!.length - 1 : 0;
        const shown = maskPhone(phone).replace(/\D/g, '').length - code;
        expect(shown).toBeLessThanOrEqual(Math.min(3, digits.length));
      }),
    );
  });
});
