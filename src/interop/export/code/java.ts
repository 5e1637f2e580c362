import { missingPasswordText, quoted, type CodeRequest } from './request';

/** Java 11+ with java.net.http, one file (`java Request.java`). */
export function java(r: CodeRequest): string {
  const publisher = r.body !== undefined ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()';
  const lines = [
    `// ${r.title}`, '// Run: java Request.java (Java 11 or later)',
    'import java.net.URI;', 'import java.net.http.HttpClient;', 'import java.net.http.HttpRequest;', 'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;', 'import java.util.Base64;', 'import java.util.regex.Matcher;', 'import java.util.regex.Pattern;', '',
    'public class Request {', '    public static void main(String[] args) throws Exception {',
  ];
  if (r.auth) {
    lines.push(`        String password = firstSet(${r.auth.passwordVariables.map(quoted).join(', ')});`);
    lines.push('        if (password == null) {', `            System.err.println(${quoted(missingPasswordText(r))});`, '            System.exit(2);', '        }');
  }
  if (r.body !== undefined) lines.push(`        String body = ${quoted(r.body)};`);
  lines.push(`        HttpRequest request = HttpRequest.newBuilder(URI.create(${quoted(r.url)}))`, `            .method(${quoted(r.method)}, ${publisher})`);
  for (const h of r.headers) lines.push(`            .header(${quoted(h.name)}, ${quoted(h.value)})`);
  if (r.auth) lines.push(`            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((${quoted(`${r.auth.user}:`)} + password).getBytes(StandardCharsets.UTF_8)))`);
  lines.push('            .build();');
  lines.push('        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());');
  lines.push('        System.out.println(("HTTP " + response.statusCode() + " " + field(response.body(), "result") + " " + field(response.body(), "gatewayCode")).trim());');
  lines.push('    }', '');
  lines.push('    static String firstSet(String... names) {', '        for (String name : names) {', '            String value = System.getenv(name);', '            if (value != null && !value.isEmpty()) return value;', '        }', '        return null;', '    }', '');
  lines.push('    // The JDK has no JSON parser: the two values of the result line are read by name.');
  lines.push('    static String field(String json, String name) {', '        Matcher m = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"]*)\\"").matcher(json);', '        return m.find() ? m.group(1) : "";', '    }', '}');
  return `${lines.join('\n')}\n`;
}
