/**
 * Re-indents JSON text without parsing it into numbers: `10.50` stays `10.50` and `1e2` stays `1e2`,
 * which JSON.stringify(JSON.parse(x)) would not keep. Strings are copied byte for byte.
 * Text that is not JSON comes back unchanged (isJsonText tells the caller which fence to use).
 */
import { parseJsonWithOffsets } from '../editor/jsonLocator';

export function isJsonText(text: string): boolean {
  return text.trim() !== '' && parseJsonWithOffsets(text).error === undefined;
}

export function prettyJson(text: string, indent = '  '): string {
  if (!isJsonText(text)) return text;
  let out = '';
  let depth = 0;
  let i = 0;
  const newline = () => `\n${indent.repeat(depth)}`;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const next = nextNonSpace(text, i + 1);
      if (text[next] === close) {
        out += c + close;
        i = next + 1;
        continue;
      }
      depth++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') {
      out += ',' + newline();
    } else if (c === ':') {
      out += ': ';
    } else {
      out += c;
    }
    i++;
  }
  return out;
}

/** Index just after the closing quote of the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return text.length;
}

function nextNonSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
