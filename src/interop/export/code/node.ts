import { missingPasswordText, quoted, type CodeRequest } from './request';

/** An ES module for Node 20+ (`node request.mjs`), built-in fetch. */
export function node(r: CodeRequest): string {
  const headers = r.headers.map((h) => `    ${quoted(h.name)}: ${quoted(h.value)},`);
  if (r.auth) headers.push(`    Authorization: 'Basic ' + Buffer.from(${quoted(`${r.auth.user}:`)} + password).toString('base64'),`);
  const lines = [`// ${r.title}`, '// Run: node request.mjs (Node 20 or later)'];
  if (r.auth) {
    lines.push(`const password = ${r.auth.passwordVariables.map((v) => `process.env[${quoted(v)}]`).join(' || ')};`);
    lines.push(`if (!password) {`, `  console.error(${quoted(missingPasswordText(r))});`, '  process.exit(2);', '}');
  }
  lines.push(`const response = await fetch(${quoted(r.url)}, {`, `  method: ${quoted(r.method)},`, '  headers: {', ...headers, '  },');
  if (r.body !== undefined) lines.push(`  body: ${quoted(r.body)},`);
  lines.push('});');
  lines.push('const answer = await response.json().catch(() => ({}));');
  lines.push("console.log(`HTTP ${response.status} ${answer.result ?? ''} ${answer.response?.gatewayCode ?? ''}`.trim());");
  return `${lines.join('\n')}\n`;
}
