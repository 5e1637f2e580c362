import { missingPasswordText, type CodeRequest } from './request';

/** Single quotes keep PHP from reading $ and escapes; only \ and ' are escaped. */
const single = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** PHP 7.4+ with the cURL extension. */
export function php(r: CodeRequest): string {
  const headers = r.headers.map((h) => `    ${single(`${h.name}: ${h.value}`)},`);
  if (r.auth) headers.push(`    'Authorization: Basic ' . base64_encode(${single(`${r.auth.user}:`)} . $password),`);
  const lines = ['<?php', `// ${r.title}`, '// Run: php request.php (the curl extension)'];
  if (r.auth) {
    lines.push(`$password = ${r.auth.passwordVariables.map((v) => `getenv(${single(v)})`).join(' ?: ')};`);
    lines.push('if (!$password) {', `    fwrite(STDERR, ${single(missingPasswordText(r))} . PHP_EOL);`, '    exit(2);', '}');
  }
  lines.push(`$ch = curl_init(${single(r.url)});`, 'curl_setopt_array($ch, [', `    CURLOPT_CUSTOMREQUEST => ${single(r.method)},`, '    CURLOPT_RETURNTRANSFER => true,', '    CURLOPT_TIMEOUT => 30,', '    CURLOPT_HTTPHEADER => [', ...headers.map((h) => `    ${h}`), '    ],');
  if (r.body !== undefined) lines.push(`    CURLOPT_POSTFIELDS => ${single(r.body)},`);
  lines.push(']);', '$text = curl_exec($ch);', 'if ($text === false) {', '    fwrite(STDERR, curl_error($ch) . PHP_EOL);', '    exit(1);', '}');
  lines.push('$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);', '$answer = json_decode($text, true) ?: [];');
  lines.push("echo trim(\"HTTP $status \" . ($answer['result'] ?? '') . ' ' . ($answer['response']['gatewayCode'] ?? '')), PHP_EOL;");
  return `${lines.join('\n')}\n`;
}
