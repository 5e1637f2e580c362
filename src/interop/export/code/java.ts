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

/**
 * The JDK has no JSON parser, and a pattern over the text finds the first "gatewayCode" anywhere (a
 * card security code's comes before the response's): the program carries a small reader.
 */
const JSON_READER = String.raw`    // The JDK has no JSON parser: a small reader of the answer, for the two values of the result line.
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Map<?, ?> object(Object value) {
            if (value instanceof String) {
                try {
                    value = new Json((String) value).value();
                } catch (RuntimeException e) {
                    value = null;
                }
            }
            return value instanceof Map ? (Map<?, ?>) value : new HashMap<String, Object>();
        }

        static String text(Object value) {
            return value == null ? "" : value.toString();
        }

        private Object value() {
            skip();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> map = new HashMap<>();
                i++;
                skip();
                if (s.charAt(i) == '}') { i++; return map; }
                do { skip(); String key = string(); skip(); i++; map.put(key, value()); skip(); } while (s.charAt(i++) == ',');
                return map;
            }
            if (c == '[') {
                List<Object> list = new ArrayList<>();
                i++;
                skip();
                if (s.charAt(i) == ']') { i++; return list; }
                do { list.add(value()); skip(); } while (s.charAt(i++) == ',');
                return list;
            }
            if (c == '"') return string();
            int start = i;
            while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) i++;
            return s.substring(start, i);
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            i++;
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c != '\\') { out.append(c); continue; }
                char e = s.charAt(i++);
                if (e == 'u') { out.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                else out.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e);
            }
            i++;
            return out.toString();
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        }
    }
}`.split('\n');

/** Java 11+ with java.net.http, one file (`java Request.java`). */
export function java(r: CodeRequest): string {
  const s = syntax;
  const fresh = freshIdsOf(r);
  const publisher = r.body !== undefined ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()';
  const lines = [
    '// Run: java Request.java (Java 11 or later)', s.comment(r.title),
    'import java.net.URI;', 'import java.net.http.HttpClient;', 'import java.net.http.HttpRequest;', 'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;', ...(fresh.length ? ['import java.security.SecureRandom;'] : []), 'import java.util.ArrayList;', 'import java.util.Base64;', 'import java.util.HashMap;', 'import java.util.List;', 'import java.util.Map;', '',
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
  lines.push('        Map<?, ?> answer = Json.object(response.body());');
  lines.push('        Map<?, ?> inner = Json.object(answer.get("response"));');
  lines.push('        System.out.println(("HTTP " + response.statusCode() + " " + Json.text(answer.get("result")) + " " + Json.text(inner.get("gatewayCode"))).trim());');
  lines.push('    }', '');
  lines.push('    static String firstSet(String... names) {', '        for (String name : names) {', '            String value = System.getenv(name);', '            if (value != null && !value.isEmpty()) return value;', '        }', '        return null;', '    }', '');
  if (fresh.length) {
    lines.push('    static String freshId(String prefix) {', '        SecureRandom random = new SecureRandom();', '        StringBuilder id = new StringBuilder(prefix);');
    lines.push('        for (int i = 0; i < 12; i++) id.append(Character.toUpperCase(Character.forDigit(random.nextInt(16), 16)));', '        return id.toString();', '    }', '');
  }
  lines.push(...JSON_READER);
  return `${lines.join('\n')}\n`;
}
