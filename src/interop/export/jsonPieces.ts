/**
 * A request body as JSON text (laid out as JSON.stringify(value, null, 2) lays it out) whose `{{…}}`
 * references become the export's variables. The text goes either into a format that reads `{{…}}`
 * itself (.http, where httpYac runs what is between the braces as JavaScript, and Postman, which puts
 * its variables there, secrets included), or into a program, which reads no template.
 */

/** Literal text, or one of the export's variables. */
export type Piece = string | { variable: string };

/** What `{{inner}}` stands for, or undefined to keep it as the text it is. */
export type Resolve = (inner: string) => Piece | undefined;

/**
 * forTemplates: in each string that holds a variable or a literal `{{` or `}}`, every literal brace is
 * written \u007b or \u007d (the same JSON value), so that only the export's own variables read as
 * templates. Line and paragraph separators are written \u2028 and \u2029 too, which editors take
 * for line breaks. A program gets the text as JSON.stringify writes it.
 */
export function jsonPieces(value: unknown, resolve: Resolve, forTemplates: boolean): Piece[] {
  const out: Piece[] = [];
  const text = (t: string) => {
    const last = out[out.length - 1];
    if (typeof last === 'string') out[out.length - 1] = last + t;
    else out.push(t);
  };
  const writeString = (s: string, references: boolean) => {
    const pieces = references ? stringPieces(s, resolve) : [s];
    const escapeBraces = forTemplates && pieces.some((p) => typeof p !== 'string' || p.includes('{{') || p.includes('}}'));
    text('"');
    for (const p of pieces) {
      if (typeof p !== 'string') {
        out.push(p);
        continue;
      }
      let json = JSON.stringify(p).slice(1, -1);
      if (forTemplates) json = json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').replace(/\u0085/g, '\\u0085');
      if (escapeBraces) json = json.replace(/\{/g, '\\u007b').replace(/\}/g, '\\u007d');
      text(json);
    }
    text('"');
  };
  const write = (v: unknown, indent: string): void => {
    if (typeof v === 'string') return writeString(v, true);
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return text('[]');
      text('[\n');
      v.forEach((item, i) => {
        text(inner);
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') text('null');
        else write(item, inner);
        text(i < v.length - 1 ? ',\n' : '\n');
      });
      return text(`${indent}]`);
    }
    if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v).filter(([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol');
      if (entries.length === 0) return text('{}');
      text('{\n');
      entries.forEach(([key, item], i) => {
        text(inner);
        writeString(key, false);
        text(': ');
        write(item, inner);
        text(i < entries.length - 1 ? ',\n' : '\n');
      });
      return text(`${indent}}`);
    }
    return text(JSON.stringify(v) ?? 'null');
  };
  write(value, '');
  return out;
}

/** The literal text and the resolved references of one string, found with indexOf (linear). */
function stringPieces(s: string, resolve: Resolve): Piece[] {
  const pieces: Piece[] = [];
  let from = 0;
  for (;;) {
    const open = s.indexOf('{{', from);
    const close = open < 0 ? -1 : s.indexOf('}}', open + 2);
    if (open < 0 || close < 0) break;
    const resolved = resolve(s.slice(open + 2, close).trim());
    if (resolved !== undefined) {
      pieces.push(s.slice(from, open), resolved);
      from = close + 2;
    } else {
      pieces.push(s.slice(from, close + 2));
      from = close + 2;
    }
  }
  pieces.push(s.slice(from));
  return pieces.filter((p) => p !== '');
}

/** The pieces as one text with the variables written `{{name}}`. */
export function templateText(pieces: readonly Piece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : `{{${p.variable}}}`)).join('');
}
