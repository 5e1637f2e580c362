import { commentText, doubleQuoted, unicodeEscape } from './literals';
import { expression, FRESH_ID_PREFIX, freshIdsOf, missingPasswordText, type CodeRequest, type Syntax } from './request';

/** JavaScript: JSON's escapes, plus U+2028/U+2029 and the other invisible characters escaped; `//` ends only at a line break. */
const syntax: Syntax = {
  string: (text) => doubleQuoted(text, { escape: (c) => unicodeEscape(c, 'braces') }),
  comment: (text) => `// ${commentText(text)}`,
  variable: (id) => id,
  concat: '+',
};

/** An ES module for Node 20+ (`node request.mjs`), built-in fetch. */
export function node(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const headers = r.headers.map((h) => `    ${s.string(h.name)}: ${s.string(h.value)},`);
  if (r.auth) headers.push(`    Authorization: 'Basic ' + Buffer.from(${s.string(`${r.auth.user}:`)} + password).toString('base64'),`);
  const lines = ['// Run: node request.mjs (Node 20 or later)', s.comment(r.title)];
  if (fresh.length) lines.push("import { randomBytes } from 'node:crypto';", '');
  if (r.auth) {
    lines.push(`const password = ${r.auth.passwordVariables.map((v) => `process.env[${s.string(v)}]`).join(' || ')};`);
    lines.push(`if (!password) {`, `  console.error(${s.string(missingPasswordText(r))});`, '  process.exit(2);', '}');
  }
  if (fresh.length) {
    lines.push('// New ids on each run: the gateway refuses an order or transaction id it has seen.');
    lines.push("const freshId = (prefix) => prefix + randomBytes(6).toString('hex').toUpperCase();");
    for (const id of fresh) lines.push(`const ${s.variable(id)} = freshId(${s.string(FRESH_ID_PREFIX[id])});`);
  }
  lines.push(`const response = await fetch(${expression(r.url, s)}, {`, `  method: ${s.string(r.method)},`, '  headers: {', ...headers, '  },');
  if (r.body !== undefined) lines.push(`  body: ${expression(r.body, s)},`);
  lines.push('});');
  lines.push('const answer = await response.json().catch(() => ({}));');
  lines.push("console.log(`HTTP ${response.status} ${answer?.result ?? ''} ${answer?.response?.gatewayCode ?? ''}`.trim());");
  return `${lines.join('\n')}\n`;
}
