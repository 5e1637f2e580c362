import { missingPasswordText, quoted, type CodeRequest } from './request';

/** C# top-level program (.NET 6+, `dotnet run`), HttpClient and System.Text.Json. */
export function csharp(r: CodeRequest): string {
  const contentType = r.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? 'application/json';
  const lines = [`// ${r.title}`, '// Run: dotnet run (a console project with this Program.cs, .NET 6 or later)', 'using System.Net.Http.Headers;', 'using System.Text;', 'using System.Text.Json;', ''];
  if (r.auth) {
    lines.push(`var password = ${r.auth.passwordVariables.map((v) => `Environment.GetEnvironmentVariable(${quoted(v)})`).join(' ?? ')};`);
    lines.push('if (string.IsNullOrEmpty(password))', '{', `    Console.Error.WriteLine(${quoted(missingPasswordText(r))});`, '    return 2;', '}');
  }
  lines.push('using var client = new HttpClient();', `using var request = new HttpRequestMessage(new HttpMethod(${quoted(r.method)}), ${quoted(r.url)});`);
  for (const h of r.headers) if (h.name.toLowerCase() !== 'content-type') lines.push(`request.Headers.TryAddWithoutValidation(${quoted(h.name)}, ${quoted(h.value)});`);
  if (r.auth) lines.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes(${quoted(`${r.auth.user}:`)} + password)));`);
  if (r.body !== undefined) lines.push(`request.Content = new StringContent(${quoted(r.body)}, Encoding.UTF8, ${quoted(contentType)});`);
  lines.push('using var response = await client.SendAsync(request);', 'var text = await response.Content.ReadAsStringAsync();', 'string result = "", gatewayCode = "";');
  lines.push('try', '{', '    using var answer = JsonDocument.Parse(text);', '    var root = answer.RootElement;');
  lines.push('    if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("result", out var r)) result = r.ToString();');
  lines.push('    if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("response", out var s) && s.ValueKind == JsonValueKind.Object && s.TryGetProperty("gatewayCode", out var g)) gatewayCode = g.ToString();');
  lines.push('}', 'catch (JsonException) { }', 'Console.WriteLine($"HTTP {(int)response.StatusCode} {result} {gatewayCode}".Trim());', 'return 0;');
  return `${lines.join('\n')}\n`;
}
