/**
 * Re-indents JSON text without parsing it into numbers: `10.50` stays `10.50` and `1e2` stays `1e2`,
 * which JSON.stringify(JSON.parse(x)) would not keep. Text that is not JSON comes back unchanged
 * (isJsonText tells the caller which fence to use).
 */
import { createScanner, SyntaxKind, type Edit } from 'jsonc-parser';
import { MAX_JSON_DEPTH } from './depth';

export function isJsonText(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Indentation stops growing at the nesting bound: a body nested 20,000 deep would otherwise print
 * as gigabytes of spaces (its depth squared), so deeper lines keep the bound's indentation.
 */
const MAX_INDENT_LEVELS = MAX_JSON_DEPTH;

/**
 * One pass over the tokens (as jsonc-parser's formatter lays them out: one value per line, `[]` and
 * `{}` kept together), each written as it stands; linear in the text, whatever its depth.
 */
export function prettyJson(text: string, indent = 2): string {
  if (!isJsonText(text)) return text;
  const pads = Array.from({ length: MAX_INDENT_LEVELS + 1 }, (_, level) => `\n${' '.repeat(level * indent)}`);
  const newline = (depth: number) => pads[Math.min(depth, MAX_INDENT_LEVELS)] as string;
  const scanner = createScanner(text, true);
  const out: string[] = [];
  let depth = 0;
  /** An object or array was just opened: its first member (or its closing bracket) comes next. */
  let justOpened = false;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const raw = text.substr(scanner.getTokenOffset(), scanner.getTokenLength());
    if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      depth--;
      out.push(justOpened ? raw : newline(depth) + raw);
      justOpened = false;
    } else if (token === SyntaxKind.CommaToken) out.push(',', newline(depth));
    else if (token === SyntaxKind.ColonToken) out.push(': ');
    else {
      if (justOpened) out.push(newline(depth));
      out.push(raw);
      justOpened = token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken;
      if (justOpened) depth++;
    }
  }
  return out.join('');
}

/**
 * Applies jsonc-parser edits. jsonc-parser's own applyEdits rebuilds the whole string once per edit (quadratic on a large
 * body); the edits never overlap, so they are applied here in one left-to-right pass.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.offset < at) throw new Error('Overlapping JSON edits');
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
