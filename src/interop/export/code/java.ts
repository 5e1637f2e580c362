import { commentText, doubleQuoted, unicodeEscape } from './literals';
import { expression, FRESH_ID_PREFIX, freshIdsOf, missingPasswordText, type CodeRequest, type Syntax } from './request';

/**
 * Java: ASCII only (javac before 18 reads the platform encoding). javac turns `\uXXXX` into its
 * character before anything else, comments and strings included (JLS 3.3), so it is never used for
 * what would end a literal: bytes up to 0xFF are octal escapes, and in a comment a run of backslashes
 * before a `u` is made even (a backslash preceded by an odd number of backslashes starts no escape).
 */
const syntax: Syntax = {
  string: (text) => doubleQuoted(text, { asciiOnly: true, escape: (c) => (c <= 0xff ? `\\${c.toString(8).padStart(3, '0')}` : unicodeEscape(c, 'pair')) }),
  comment: (text) => `// ${commentText(text, true).replace(/\\+(?=u)/g, (run) => (run.length % 2 ? `${run}\\` : run))}`,
  variable: (id) => id,
  concat: '+',
};

/** Java 11+ with java.net.http, one file (`java Request.java`). */
export function java(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const publisher = r.body !== undefined ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()';
  const lines = [
    '// Run: java Request.java (Java 11 or later)', s.comment(r.title),
    'import java.net.URI;', 'import java.net.http.HttpClient;', 'import java.net.http.HttpRequest;', 'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;', ...(fresh.length ? ['import java.security.SecureRandom;'] : []), 'import java.util.Base64;', 'import java.util.regex.Matcher;', 'import java.util.regex.Pattern;', '',
    'public class Request {', '    public static void main(String[] args) throws Exception {',
  ];
  if (r.auth) {
    lines.push(`        String password = firstSet(${r.auth.passwordVariables.map((v) => s.string(v)).join(', ')});`);
    lines.push('        if (password == null) {', `            System.err.println(${s.string(missingPasswordText(r))});`, '            System.exit(2);', '        }');
  }
  if (fresh.length) {
    lines.push('        // New ids on each run: the gateway refuses an order or transaction id it has seen.');
    for (const id of fresh) lines.push(`        String ${s.variable(id)} = freshId(${s.string(FRESH_ID_PREFIX[id])});`);
  }
  if (r.body !== undefined) lines.push(`        String body = ${expression(r.body, s)};`);
  lines.push(`        HttpRequest request = HttpRequest.newBuilder(URI.create(${expression(r.url, s)}))`, `            .method(${s.string(r.method)}, ${publisher})`);
  for (const h of r.headers) lines.push(`            .header(${s.string(h.name)}, ${s.string(h.value)})`);
  if (r.auth) lines.push(`            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((${s.string(`${r.auth.user}:`)} + password).getBytes(StandardCharsets.UTF_8)))`);
  lines.push('            .build();');
  lines.push('        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());');
  lines.push('        System.out.println(("HTTP " + response.statusCode() + " " + field(response.body(), "result") + " " + field(response.body(), "gatewayCode")).trim());');
  lines.push('    }', '');
  lines.push('    static String firstSet(String... names) {', '        for (String name : names) {', '            String value = System.getenv(name);', '            if (value != null && !value.isEmpty()) return value;', '        }', '        return null;', '    }', '');
  if (fresh.length) {
    lines.push('    static String freshId(String prefix) {', '        SecureRandom random = new SecureRandom();', '        StringBuilder id = new StringBuilder(prefix);');
    lines.push('        for (int i = 0; i < 12; i++) id.append(Character.toUpperCase(Character.forDigit(random.nextInt(16), 16)));', '        return id.toString();', '    }', '');
  }
  lines.push('    // The JDK has no JSON parser: the two values of the result line are read by name.');
  lines.push('    static String field(String json, String name) {', '        Matcher m = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"]*)\\"").matcher(json);', '        return m.find() ? m.group(1) : "";', '    }', '}');
  return `${lines.join('\n')}\n`;
}
