import { missingPasswordText, quoted, type CodeRequest } from './request';

/** Go with net/http (`go run main.go`), gofmt layout. */
export function go(r: CodeRequest): string {
  const imports = [...(r.auth ? ['encoding/base64'] : []), 'encoding/json', 'fmt', 'io', 'net/http', 'os', 'strings'];
  const lines = [`// ${r.title}`, '// Run: go run main.go', 'package main', '', 'import (', ...imports.map((i) => `\t"${i}"`), ')', '', 'func main() {'];
  if (r.auth) {
    lines.push(`\tpassword := firstSet(${r.auth.passwordVariables.map(quoted).join(', ')})`);
    lines.push('\tif password == "" {', `\t\tfmt.Fprintln(os.Stderr, ${quoted(missingPasswordText(r))})`, '\t\tos.Exit(2)', '\t}');
  }
  lines.push(`\treq, err := http.NewRequest(${quoted(r.method)}, ${quoted(r.url)}, ${r.body !== undefined ? `strings.NewReader(${quoted(r.body)})` : 'nil'})`);
  lines.push('\tif err != nil {', '\t\tfmt.Fprintln(os.Stderr, err)', '\t\tos.Exit(1)', '\t}');
  for (const h of r.headers) lines.push(`\treq.Header.Set(${quoted(h.name)}, ${quoted(h.value)})`);
  if (r.auth) lines.push(`\treq.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(${quoted(`${r.auth.user}:`)}+password)))`);
  lines.push('\tres, err := http.DefaultClient.Do(req)', '\tif err != nil {', '\t\tfmt.Fprintln(os.Stderr, err)', '\t\tos.Exit(1)', '\t}', '\tdefer res.Body.Close()');
  lines.push('\ttext, _ := io.ReadAll(res.Body)', '\tvar answer struct {', '\t\tResult   string `json:"result"`', '\t\tResponse struct {', '\t\t\tGatewayCode string `json:"gatewayCode"`', '\t\t} `json:"response"`', '\t}');
  lines.push('\t_ = json.Unmarshal(text, &answer)', '\tfmt.Println(strings.TrimSpace(fmt.Sprintf("HTTP %d %s %s", res.StatusCode, answer.Result, answer.Response.GatewayCode)))', '}');
  if (r.auth) lines.push('', 'func firstSet(names ...string) string {', '\tfor _, name := range names {', '\t\tif value := os.Getenv(name); value != "" {', '\t\t\treturn value', '\t\t}', '\t}', '\treturn ""', '}');
  return `${lines.join('\n')}\n`;
}
