/**
 * Names and values in generated programs stay data. Every interpolation into a program goes through
 * its language's `string` (a literal that holds exactly the text) or `comment` (one comment line that
 * shows the text): both are built here, so that what ends a literal or a comment in one language is
 * handled for all of them in one place.
 *
 * What can end them: the quote and the escape character; a line break, which is more than \n and \r
 * (C# also ends lines at U+0085, U+2028 and U+2029, JavaScript at the last two); PHP's `?>` (it ends
 * PHP mode even inside a // comment); Java's `\uXXXX`, which javac reads before it reads comments and
 * strings; PHP's `$` in double quotes; and what a compiler refuses in source (NUL in Python and Go, a
 * byte-order mark in Go). Every character of those kinds is escaped, and so are the other invisible
 * ones (bidi controls, zero-width characters), so that what a reader sees is what runs.
 */

/** Controls, format characters (bidi, zero-width, BOM), surrogates, private use, unassigned, line and paragraph separators. */
const UNSAFE = /[\p{C}\p{Zl}\p{Zp}]/u;
const UNSAFE_ALL = /[\p{C}\p{Zl}\p{Zp}]/gu;
const LONE_SURROGATE = /\p{Cs}/gu;

const hex = (codePoint: number, width: number) => codePoint.toString(16).toUpperCase().padStart(width, '0');

/**
 * The text for a comment line: each unsafe character shown as <U+XXXX>, so none can end the line.
 * `asciiOnly`: every character beyond ASCII too (Java, whose compilers before 18 read the platform encoding).
 */
export function commentText(text: string, asciiOnly = false): string {
  const pattern = asciiOnly ? /[^\x20-\x7e]/gu : UNSAFE_ALL;
  return text.replace(pattern, (c) => `<U+${hex(c.codePointAt(0) ?? 0, 4)}>`);
}

export interface StringSyntax {
  /** The escape of one code point that is not printable ASCII and needs one. */
  escape(codePoint: number): string;
  /** Characters escaped with a backslash besides `\` and `"` (PHP: `$`). */
  alsoBackslashed?: string;
  /** Escape every character beyond ASCII (Java). */
  asciiOnly?: boolean;
}

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A double-quoted literal holding exactly `text` in a language with C-like escapes. A lone surrogate
 * (possible in a JavaScript string, not in UTF-8) becomes U+FFFD, as the workbench itself sends it.
 */
export function doubleQuoted(text: string, syntax: StringSyntax): string {
  let out = '"';
  for (const c of text.replace(LONE_SURROGATE, '\uFFFD')) {
    const codePoint = c.codePointAt(0) ?? 0;
    if (c === '\\' || c === '"' || syntax.alsoBackslashed?.includes(c)) out += `\\${c}`;
    else if (SHORT[c]) out += SHORT[c];
    else if (UNSAFE.test(c) || (syntax.asciiOnly && codePoint > 0x7e)) out += syntax.escape(codePoint);
    else out += c;
  }
  return `${out}"`;
}

/** `\uXXXX` for the basic plane; beyond it, `\UXXXXXXXX` (Python, C#, Go) or JavaScript's `\u{X}` or a surrogate pair. */
export function unicodeEscape(codePoint: number, astral: 'U8' | 'braces' | 'pair'): string {
  if (codePoint <= 0xffff) return `\\u${hex(codePoint, 4)}`;
  if (astral === 'U8') return `\\U${hex(codePoint, 8)}`;
  if (astral === 'braces') return `\\u{${hex(codePoint, 1)}}`;
  const offset = codePoint - 0x10000;
  return `\\u${hex(0xd800 + (offset >> 10), 4)}\\u${hex(0xdc00 + (offset & 0x3ff), 4)}`;
}
