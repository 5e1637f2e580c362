/**
 * The words of shell command lines, as bash or Windows cmd would split them: one pass, linear,
 * bounded in the number of words. Bash: '…' literal, "…" with \ escapes, $'…' with C escapes, \ outside
 * quotes, backslash-newline continuations. cmd: "…", ^ escapes and ^-newline continuations (and
 * PowerShell's backtick-newline). An unquoted newline, ; or && ends a command.
 */
import { ImportError, LIMITS, quoteInput } from '../model';

export type Dialect = 'bash' | 'cmd';

/** A text written for cmd.exe: a caret continuation or a caret-escaped quote, which bash never needs. */
export function dialectOf(text: string): Dialect {
  return /\^\r?\n|\^"|\^\^/.test(text) ? 'cmd' : 'bash';
}

const C_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };

interface Cursor {
  text: string;
  i: number;
  where: string;
  /** The option whose value the word being read is (-u, -H): an unclosed quote there is not quoted back, it may hold a credential. */
  optionOfWord?: string;
}

function positionOf(text: string, index: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return `${line}:${index - lineStart + 1}`;
}

function unclosed(c: Cursor, start: number, quote: string): ImportError {
  const from = c.optionOfWord !== undefined ? `the value of ${c.optionOfWord.slice(0, 40)}` : `from ${quoteInput(c.text.slice(start), 30)}`;
  return new ImportError(`${c.where}:${positionOf(c.text, start)}: the quote ${quote} opened here is never closed (${from})`);
}

/** Quotes a word processor or a formatted page puts in ("…", '…'): a shell reads them as letters, not quotes. */
const TYPOGRAPHIC_QUOTES = '\u201c\u201d\u201e\u2018\u2019\u00ab\u00bb';

function typographic(c: Cursor, quote: string): ImportError {
  return new ImportError(`${c.where}:${positionOf(c.text, c.i)}: a word starts with the typographic quote ${quote}, which a shell reads as a letter, not a quote (the command was copied from a formatted page?); write " or ' instead`);
}

/** Commands of `text`, each a list of words. */
export function shellCommands(text: string, where: string, dialect: Dialect = dialectOf(text)): string[][] {
  const c: Cursor = { text, i: 0, where };
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  // Decided once when a word starts: asking the growing word itself on every character flattened it each time (quadratic).
  let wordIsOption = false;
  const append = (part: string) => {
    const before = word ?? '';
    word = before + part;
    if (before === '') wordIsOption = word.startsWith('-');
  };
  let count = 0;
  const endWord = () => {
    if (word === undefined) return;
    if (++count > LIMITS.tokens) throw new ImportError(`${where}: more than ${LIMITS.tokens} words; not a command line to import`);
    words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  const escape = dialect === 'cmd' ? '^' : '\\';
  while (c.i < text.length) {
    const ch = text[c.i] as string;
    const next = text[c.i + 1];
    // The option a quote opened here would be the value of: the word's own start (-u'…, --user='…) or the word before (-u '…).
    if (word === undefined) c.optionOfWord = words[words.length - 1]?.startsWith('-') ? words[words.length - 1] : undefined;
    else if (wordIsOption) c.optionOfWord = word;
    if ((ch === escape || ch === '`') && (next === '\n' || (next === '\r' && text[c.i + 2] === '\n'))) {
      c.i += next === '\r' ? 3 : 2; // a continued line
      continue;
    }
    if (ch === '\n' || ch === ';' || (ch === '&' && next === '&')) {
      endCommand();
      c.i += ch === '&' ? 2 : 1;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord();
      c.i++;
      continue;
    }
    if (word === undefined && TYPOGRAPHIC_QUOTES.includes(ch)) throw typographic(c, ch);
    if (ch === '#' && word === undefined && dialect === 'bash') {
      while (c.i < text.length && text[c.i] !== '\n') c.i++; // a comment to the end of the line
      continue;
    }
    if (ch === '^' && next === '"' && dialect === 'cmd') {
      append(caretQuoted(c));
      continue;
    }
    if (ch === escape) {
      append(next ?? '');
      c.i += 2;
      continue;
    }
    if (ch === "'" && dialect === 'bash') {
      append(singleQuoted(c));
      continue;
    }
    if (ch === '$' && next === "'" && dialect === 'bash') {
      c.i++;
      append(cQuoted(c));
      continue;
    }
    if (ch === '"') {
      append(doubleQuoted(c, dialect));
      continue;
    }
    append(ch);
    c.i++;
  }
  endCommand();
  return commands;
}

function singleQuoted(c: Cursor): string {
  const start = c.i;
  const close = c.text.indexOf("'", start + 1);
  if (close < 0) throw unclosed(c, start, "'");
  c.i = close + 1;
  return c.text.slice(start + 1, close);
}

function cQuoted(c: Cursor): string {
  const start = c.i;
  let out = '';
  for (c.i = start + 1; c.i < c.text.length; c.i++) {
    const ch = c.text[c.i] as string;
    if (ch === "'") {
      c.i++;
      return out;
    }
    if (ch === '\\' && c.i + 1 < c.text.length) {
      const e = c.text[++c.i] as string;
      out += C_ESCAPES[e] ?? `\\${e}`;
    } else out += ch;
  }
  throw unclosed(c, start - 1, "$'");
}

/**
 * A quote cmd.exe never sees (Chrome's "Copy as cURL (cmd)": every character cmd would read escaped with
 * ^, quotes as ^"): cmd drops the carets and curl.exe's own command-line parsing reads the quotes, where
 * a quote after an odd run of backslashes (^\^" here) is a literal quote and the run is halved.
 */
function caretQuoted(c: Cursor): string {
  const start = c.i;
  let out = '';
  // Backslashes are held back until what follows them says how many they are.
  let backslashes = 0;
  for (c.i = start + 2; c.i < c.text.length; ) {
    const ch = c.text[c.i] as string;
    const next = c.text[c.i + 1];
    if (ch === '^' && next === '"') {
      c.i += 2;
      // 2n backslashes and a quote: n backslashes, the quote ends the word; 2n+1: n backslashes and a literal quote.
      out += '\\'.repeat(Math.floor(backslashes / 2));
      if (backslashes % 2 === 0) return out;
      out += '"';
      backslashes = 0;
      continue;
    }
    const taken = ch === '^' && next !== undefined ? next : ch;
    c.i += ch === '^' && next !== undefined ? 2 : 1;
    if (taken === '\r' || (ch === '^' && taken === '\n')) continue; // a continued line inside the quote
    if (taken === '\\') {
      backslashes++;
      continue;
    }
    out += '\\'.repeat(backslashes) + taken;
    backslashes = 0;
  }
  throw unclosed(c, start, '^"');
}

function doubleQuoted(c: Cursor, dialect: Dialect): string {
  const start = c.i;
  let out = '';
  for (c.i = start + 1; c.i < c.text.length; c.i++) {
    const ch = c.text[c.i] as string;
    const next = c.text[c.i + 1];
    if (ch === '"') {
      // cmd writes a quote inside quotes as "" (and curl's docs as \" too).
      if (dialect === 'cmd' && next === '"') {
        out += '"';
        c.i++;
        continue;
      }
      c.i++;
      return out;
    }
    if (dialect === 'bash' && ch === '\\' && next !== undefined && '"\\$`\n'.includes(next)) {
      if (next !== '\n') out += next;
      c.i++;
    } else if (dialect === 'cmd' && (ch === '\\' || ch === '^') && next === '"') {
      out += '"';
      c.i++;
    } else out += ch;
  }
  throw unclosed(c, start, '"');
}
