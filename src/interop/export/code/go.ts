import { commentText, doubleQuoted, unicodeEscape } from './literals';
import { expression, FRESH_ID_PREFIX, freshIdsOf, missingPasswordText, type CodeRequest, type Syntax } from './request';

/** Go: interpreted literals; a NUL or a byte-order mark is refused anywhere in source, so both are escaped like every invisible character. */
const syntax: Syntax = {
  string: (text) => doubleQuoted(text, { escape: (c) => unicodeEscape(c, 'U8') }),
  comment: (text) => `// ${commentText(text)}`,
  variable: (id) => (id === 'orderId' ? 'orderID' : 'transactionID'),
  concat: '+',
};

/** Go with net/http (`go run main.go`), gofmt layout. */
export function go(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const imports = [...(fresh.length ? ['crypto/rand'] : []), ...(r.auth ? ['encoding/base64'] : []), ...(fresh.length ? ['encoding/hex'] : []), 'encoding/json', 'fmt', 'io', 'net/http', 'os', 'strings'];
  const lines = ['// Run: go run main.go', s.comment(r.title), 'package main', '', 'import (', ...imports.map((i) => `\t${s.string(i)}`), ')', '', 'func main() {'];
  if (r.auth) {
    lines.push(`\tpassword := firstSet(${r.auth.passwordVariables.map((v) => s.string(v)).join(', ')})`);
    lines.push('\tif password == "" {', `\t\tfmt.Fprintln(os.Stderr, ${s.string(missingPasswordText(r))})`, '\t\tos.Exit(2)', '\t}');
  }
  if (fresh.length) {
    lines.push('\t// New ids on each run: the gateway refuses an order or transaction id it has seen.');
    for (const id of fresh) lines.push(`\t${s.variable(id)} := freshID(${s.string(FRESH_ID_PREFIX[id])})`);
  }
  // Assigned first: gofmt writes `a + b` with spaces in a statement, without them inside a call's arguments.
  lines.push(`\turl := ${expression(r.url, s)}`);
  if (r.body !== undefined) lines.push(`\tbody := ${expression(r.body, s)}`);
  lines.push(`\treq, err := http.NewRequest(${s.string(r.method)}, url, ${r.body !== undefined ? 'strings.NewReader(body)' : 'nil'})`);
  lines.push('\tif err != nil {', '\t\tfmt.Fprintln(os.Stderr, err)', '\t\tos.Exit(1)', '\t}');
  for (const h of r.headers) lines.push(`\treq.Header.Set(${s.string(h.name)}, ${s.string(h.value)})`);
  if (r.auth) lines.push(`\treq.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(${s.string(`${r.auth.user}:`)}+password)))`);
  lines.push('\tres, err := http.DefaultClient.Do(req)', '\tif err != nil {', '\t\tfmt.Fprintln(os.Stderr, err)', '\t\tos.Exit(1)', '\t}', '\tdefer res.Body.Close()');
  lines.push('\ttext, _ := io.ReadAll(res.Body)', '\tvar answer struct {', '\t\tResult   string `json:"result"`', '\t\tResponse struct {', '\t\t\tGatewayCode string `json:"gatewayCode"`', '\t\t} `json:"response"`', '\t}');
  lines.push('\t_ = json.Unmarshal(text, &answer)', '\tfmt.Println(strings.TrimSpace(fmt.Sprintf("HTTP %d %s %s", res.StatusCode, answer.Result, answer.Response.GatewayCode)))', '}');
  if (r.auth) lines.push('', 'func firstSet(names ...string) string {', '\tfor _, name := range names {', '\t\tif value := os.Getenv(name); value != "" {', '\t\t\treturn value', '\t\t}', '\t}', '\treturn ""', '}');
  if (fresh.length) lines.push('', 'func freshID(prefix string) string {', '\tb := make([]byte, 6)', '\tif _, err := rand.Read(b); err != nil {', '\t\tpanic(err)', '\t}', '\treturn prefix + strings.ToUpper(hex.EncodeToString(b))', '}');
  return `${lines.join('\n')}\n`;
}
