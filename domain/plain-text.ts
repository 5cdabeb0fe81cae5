/**
 * The characters text may hold, at the edge and in every document the hub writes (docs/errors.md, "Characters"):
 * no C0 or C1 control character (tab, line feed and carriage return only in a multi-line field), no DEL, no unpaired
 * surrogate, no Unicode noncharacter. XML 1.0 forbids the C0 controls, unpaired surrogates and U+FFFE/U+FFFF outright;
 * the rest never belong in a name, an address or an invoice, and a spreadsheet or a bank shows them as garbage.
 */

/** Every C0 control, DEL and the C1 controls. */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F';
/** The same but tab, line feed and carriage return, which a multi-line field may hold. */
const CONTROLS_BUT_LINE_BREAKS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
/** U+FDD0–U+FDEF and the last two code points of every plane. */
const NONCHARACTERS =
  '\\uFDD0-\\uFDEF' +
  Array.from(
    { length: 17 },
    (_, plane) => `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}-\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`,
  ).join('');
/** With the `u` flag a class of surrogates matches only an unpaired one (a pair reads as one astral code point). */
const SURROGATES = '\\uD800-\\uDFFF';

const FORBIDDEN_MULTI_LINE = `${CONTROLS_BUT_LINE_BREAKS}${SURROGATES}${NONCHARACTERS}`;
const FORBIDDEN_SINGLE_LINE = `${CONTROLS}${SURROGATES}${NONCHARACTERS}`;

const firstForbidden = { single: new RegExp(`[${FORBIDDEN_SINGLE_LINE}]`, 'u'), multi: new RegExp(`[${FORBIDDEN_MULTI_LINE}]`, 'u') };
const everyForbidden = new RegExp(`[${FORBIDDEN_MULTI_LINE}]`, 'gu');

/**
 * The same rule as a JSON Schema `pattern` (ECMA-262 without the `u` flag, which Python's and Rust's engines read
 * alike): a string matching it holds a forbidden character. Unpaired surrogates and the astral noncharacters have no
 * spelling there; the edge refuses them all the same.
 */
export const FORBIDDEN_CHARACTER_PATTERN = {
  singleLine: `[${CONTROLS}\\uFDD0-\\uFDEF\\uFFFE\\uFFFF]`,
  multiLine: `[${CONTROLS_BUT_LINE_BREAKS}\\uFDD0-\\uFDEF\\uFFFE\\uFFFF]`,
} as const;

/** The first character `text` may not hold (as one code point), or null. */
export function forbiddenCharacter(text: string, multiLine = false): string | null {
  const match = (multiLine ? firstForbidden.multi : firstForbidden.single).exec(text);
  return match ? match[0] : null;
}

/** `U+0001 (a control character)`: a forbidden character as an error message names it. */
export function describeCharacter(ch: string): string {
  const code = ch.codePointAt(0)!;
  const name = code >= 0xd800 && code <= 0xdfff ? 'an unpaired surrogate' : code <= 0x9f ? 'a control character' : 'a noncharacter';
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} (${name})`;
}

/** `text` without the characters no document may hold; tab, line feed and carriage return stay. */
export function plainText(text: string): string {
  return text.replace(everyForbidden, '');
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text as XML 1.0 character data or an attribute value: the characters XML forbids (and the other controls and
 * noncharacters) dropped, markup characters escaped. Every XML the hub writes (UBL, CII, Factur-X and its XMP) puts
 * its text through this, so no stored row, however old, can make a document malformed.
 */
export function xmlEscape(text: string): string {
  return plainText(text).replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]);
}
