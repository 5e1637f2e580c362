import { commentText, doubleQuoted, unicodeEscape } from './literals';
import { expression, FRESH_ID_PREFIX, freshIdsOf, missingPasswordText, type CodeRequest, type Syntax } from './request';

/** C#: regular literals, which end at U+0085, U+2028 and U+2029 as at \n: those are escaped like every invisible character (never `\x`, whose length varies). */
const syntax: Syntax = {
  string: (text) => doubleQuoted(text, { escape: (c) => unicodeEscape(c, 'U8') }),
  comment: (text) => `// ${commentText(text)}`,
  variable: (id) => id,
  concat: '+',
};

/** C# top-level program (.NET 6+, `dotnet run`), HttpClient and System.Text.Json. */
export function csharp(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const contentType = r.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? 'application/json';
  const lines = ['// Run: dotnet run (a console project with this Program.cs, .NET 6 or later)', s.comment(r.title), 'using System.Net.Http.Headers;', ...(fresh.length ? ['using System.Security.Cryptography;'] : []), 'using System.Text;', 'using System.Text.Json;', ''];
  if (r.auth) {
    lines.push(`var password = ${r.auth.passwordVariables.map((v) => `Environment.GetEnvironmentVariable(${s.string(v)})`).join(' ?? ')};`);
    lines.push('if (string.IsNullOrEmpty(password))', '{', `    Console.Error.WriteLine(${s.string(missingPasswordText(r))});`, '    return 2;', '}');
  }
  if (fresh.length) {
    lines.push('// New ids on each run: the gateway refuses an order or transaction id it has seen.');
    for (const id of fresh) lines.push(`var ${s.variable(id)} = ${s.string(FRESH_ID_PREFIX[id])} + Convert.ToHexString(RandomNumberGenerator.GetBytes(6));`);
  }
  lines.push('using var client = new HttpClient();', `using var request = new HttpRequestMessage(new HttpMethod(${s.string(r.method)}), ${expression(r.url, s)});`);
  for (const h of r.headers) if (h.name.toLowerCase() !== 'content-type') lines.push(`request.Headers.TryAddWithoutValidation(${s.string(h.name)}, ${s.string(h.value)});`);
  if (r.auth) lines.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes(${s.string(`${r.auth.user}:`)} + password)));`);
  if (r.body !== undefined) lines.push(`request.Content = new StringContent(${expression(r.body, s)}, Encoding.UTF8, ${s.string(contentType)});`);
  lines.push('using var response = await client.SendAsync(request);', 'var text = await response.Content.ReadAsStringAsync();', 'string result = "", gatewayCode = "";');
  lines.push('try', '{', '    using var answer = JsonDocument.Parse(text);', '    var root = answer.RootElement;');
  lines.push('    if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("result", out var r)) result = r.ToString();');
  lines.push('    if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("response", out var s) && s.ValueKind == JsonValueKind.Object && s.TryGetProperty("gatewayCode", out var g)) gatewayCode = g.ToString();');
  lines.push('}', 'catch (JsonException) { }', 'Console.WriteLine($"HTTP {(int)response.StatusCode} {result} {gatewayCode}".Trim());', 'return 0;');
  return `${lines.join('\n')}\n`;
}
