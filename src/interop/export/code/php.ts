import { commentText, doubleQuoted } from './literals';
import { expression, FRESH_ID_PREFIX, freshIdsOf, missingPasswordText, type CodeRequest, type Syntax } from './request';

/**
 * PHP: double quotes with `$` escaped (no interpolation) so that every character can be escaped
 * (`\u{X}`); `?>` ends PHP mode even inside a `//` comment, so a comment never holds it.
 */
const syntax: Syntax = {
  string: (text) => doubleQuoted(text, { alsoBackslashed: '$', escape: (c) => `\\u{${c.toString(16).toUpperCase()}}` }),
  comment: (text) => `// ${commentText(text).replace(/\?>/g, '?<U+003E>')}`,
  variable: (id) => `$${id}`,
  concat: '.',
};

/** PHP 7.4+ with the cURL extension. */
export function php(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const headers = r.headers.map((h) => `    ${s.string(`${h.name}: ${h.value}`)},`);
  if (r.auth) headers.push(`    'Authorization: Basic ' . base64_encode(${s.string(`${r.auth.user}:`)} . $password),`);
  const lines = ['<?php', '// Run: php request.php (PHP 7.4 or later, the curl extension)', s.comment(r.title)];
  if (r.auth) {
    lines.push(`$password = ${r.auth.passwordVariables.map((v) => `getenv(${s.string(v)})`).join(' ?: ')};`);
    lines.push('if (!$password) {', `    fwrite(STDERR, ${s.string(missingPasswordText(r))} . PHP_EOL);`, '    exit(2);', '}');
  }
  if (fresh.length) {
    lines.push('// New ids on each run: the gateway refuses an order or transaction id it has seen.');
    for (const id of fresh) lines.push(`${s.variable(id)} = ${s.string(FRESH_ID_PREFIX[id])} . strtoupper(bin2hex(random_bytes(6)));`);
  }
  lines.push(`$ch = curl_init(${expression(r.url, s)});`, 'curl_setopt_array($ch, [', `    CURLOPT_CUSTOMREQUEST => ${s.string(r.method)},`, '    CURLOPT_RETURNTRANSFER => true,', '    CURLOPT_TIMEOUT => 30,', '    CURLOPT_HTTPHEADER => [', ...headers.map((h) => `    ${h}`), '    ],');
  if (r.body !== undefined) lines.push(`    CURLOPT_POSTFIELDS => ${expression(r.body, s)},`);
  lines.push(']);', '$text = curl_exec($ch);', 'if ($text === false) {', '    fwrite(STDERR, curl_error($ch) . PHP_EOL);', '    exit(1);', '}');
  lines.push('$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);', '$answer = json_decode($text, true);', 'if (!is_array($answer)) {', '    $answer = [];', '}');
  lines.push("echo trim(\"HTTP $status \" . ($answer['result'] ?? '') . ' ' . ($answer['response']['gatewayCode'] ?? '')), PHP_EOL;");
  return `${lines.join('\n')}\n`;
}
