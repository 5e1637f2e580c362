/**
 * Re-indents JSON text without parsing it into numbers: `10.50` stays `10.50` and `1e2` stays `1e2`,
 * which JSON.stringify(JSON.parse(x)) would not keep. jsonc-parser's formatter (VS Code's own) says
 * what to change; the edits are applied in one pass. Text that is not JSON comes back unchanged
 * (isJsonText tells the caller which fence to use).
 */
import { format, type Edit } from 'jsonc-parser';

export function isJsonText(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function prettyJson(text: string, indent = 2): string {
  if (!isJsonText(text)) return text;
  return applyEdits(text, format(text, undefined, { tabSize: indent, insertSpaces: true, eol: '\n' }));
}

/**
 * jsonc-parser's own applyEdits rebuilds the whole string once per edit (quadratic on a large
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
