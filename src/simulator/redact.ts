/**
 * What the request log keeps. The log is shown in the editor and may be copied into bug reports, so
 * it goes through the workbench's one redaction policy (src/redaction): the same secret keys, the
 * same card mask, and the same free-text rules for bodies that are not JSON (form posts, truncated
 * JSON, pseudo-JSON).
 */
import { redactHeaders as redactHeaderValues, redactJson, redactText, type HeaderValue } from '../redaction';

export { redactText } from '../redaction';

/** A body as the log keeps it: parsed and redacted JSON when it parses, else redacted text; bodies over `limit` are only measured, so 1000 entries stay small. */
export function redactBody(body: string, limit = 16 * 1024): unknown {
  if (body.length === 0) return undefined;
  if (body.length > limit) return `<${body.length} characters, not kept>`;
  try {
    return redactJson(JSON.parse(body));
  } catch {
    return redactText(body);
  }
}

/** Header names lower-cased, as Node gives them, so the log reads the same for every exchange. */
export function redactHeaders(headers: Readonly<Record<string, HeaderValue>>): Record<string, string> {
  const lowered: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return redactHeaderValues(lowered);
}
