import { missingPasswordText, quoted, type CodeRequest } from './request';

/** Python 3 with requests (`pip install requests`). */
export function python(r: CodeRequest): string {
  const lines = [`# ${r.title}`, '# Run: python3 request.py (pip install requests)', 'import base64', 'import os', 'import sys', '', 'import requests', ''];
  if (r.auth) {
    lines.push(`password = ${r.auth.passwordVariables.map((v) => `os.environ.get(${quoted(v)})`).join(' or ')}`);
    lines.push('if not password:', `    sys.exit(${quoted(missingPasswordText(r))})`, '');
  }
  lines.push('headers = {', ...r.headers.map((h) => `    ${quoted(h.name)}: ${quoted(h.value)},`));
  if (r.auth) lines.push(`    "Authorization": "Basic " + base64.b64encode((${quoted(`${r.auth.user}:`)} + password).encode()).decode(),`);
  lines.push('}');
  if (r.body !== undefined) lines.push(`body = ${quoted(r.body)}`);
  lines.push(`response = requests.request(${quoted(r.method)}, ${quoted(r.url)}, headers=headers${r.body !== undefined ? ', data=body.encode()' : ''}, timeout=30)`);
  lines.push('try:', '    answer = response.json()', 'except ValueError:', '    answer = {}');
  lines.push('print(f"HTTP {response.status_code} {answer.get(\'result\', \'\')} {(answer.get(\'response\') or {}).get(\'gatewayCode\', \'\')}".strip())');
  return `${lines.join('\n')}\n`;
}
