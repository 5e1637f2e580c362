import { commentText, doubleQuoted, unicodeEscape } from './literals';
import { expression, FRESH_ID_PREFIX, freshIdsOf, missingPasswordText, type CodeRequest, type Syntax } from './request';

/**
 * Python: `#` comments end at a line break only, but a comment in the first two lines that reads
 * "coding: NAME" sets the file's encoding (UTF-7 would then turn "+AAo-" into a line break): the first
 * two lines are fixed text, and every name comes after them.
 */
const syntax: Syntax = {
  string: (text) => doubleQuoted(text, { escape: (c) => unicodeEscape(c, 'U8') }),
  comment: (text) => `# ${commentText(text)}`,
  variable: (id) => (id === 'orderId' ? 'order_id' : 'transaction_id'),
  concat: '+',
};

/** Python 3.8+ with its standard library only (urllib): nothing to install. */
export function python(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const lines = ['#!/usr/bin/env python3', '# Run: python3 request.py (Python 3.8 or later; nothing to install)', s.comment(r.title)];
  lines.push(...[...(r.auth ? ['base64'] : []), 'json', 'os', ...(fresh.length ? ['secrets'] : []), 'sys', 'urllib.error', 'urllib.request'].map((m) => `import ${m}`), '');
  if (r.auth) {
    lines.push(`password = ${r.auth.passwordVariables.map((v) => `os.environ.get(${s.string(v)})`).join(' or ')}`);
    lines.push('if not password:', `    print(${s.string(missingPasswordText(r))}, file=sys.stderr)`, '    sys.exit(2)', '');
  }
  if (fresh.length) {
    lines.push('# New ids on each run: the gateway refuses an order or transaction id it has seen.');
    for (const id of fresh) lines.push(`${s.variable(id)} = ${s.string(FRESH_ID_PREFIX[id])} + secrets.token_hex(6).upper()`);
    lines.push('');
  }
  lines.push('headers = {', ...r.headers.map((h) => `    ${s.string(h.name)}: ${s.string(h.value)},`));
  if (r.auth) lines.push(`    "Authorization": "Basic " + base64.b64encode((${s.string(`${r.auth.user}:`)} + password).encode()).decode(),`);
  lines.push('}');
  if (r.body !== undefined) lines.push(`body = ${expression(r.body, s)}`);
  lines.push(`request = urllib.request.Request(${expression(r.url, s)}, method=${s.string(r.method)}, headers=headers${r.body !== undefined ? ', data=body.encode()' : ''})`);
  lines.push('try:', '    with urllib.request.urlopen(request, timeout=30) as response:', '        status, text = response.status, response.read()');
  lines.push('except urllib.error.HTTPError as error:', '    status, text = error.code, error.read()');
  lines.push('try:', '    answer = json.loads(text)', 'except ValueError:', '    answer = None', 'if not isinstance(answer, dict):', '    answer = {}');
  lines.push('print(f"HTTP {status} {answer.get(\'result\', \'\')} {(answer.get(\'response\') or {}).get(\'gatewayCode\', \'\')}".strip())');
  return `${lines.join('\n')}\n`;
}
