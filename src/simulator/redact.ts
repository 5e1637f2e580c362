/**
 * What the request log keeps. The log is shown in the editor and may be copied into bug reports, so
 * it goes through the workbench's one redaction policy (src/redaction, and the in-place body
 * redaction the HTTP client's log uses): the same secret keys, the same card mask, and the same
 * free-text rules for bodies that are not JSON (form posts, truncated JSON, pseudo-JSON).
 */
import { redactBodyText } from '../http/redact';
import { redactHeaders as redactHeaderValues, type HeaderValue } from '../redaction';

export { redactText } from '../redaction';

/**
 * Characters of a body the log keeps. A summary in text, never a parsed copy: a 16 KB body of small
 * objects parses into far more memory than its text, and the ring holds 1,000 entries.
 */
export const LOG_BODY_CHARS = 4096;
/** Redaction runs past the cut, so a secret or card number straddling it is redacted whole before the cut. */
const REDACTION_MARGIN = 1024;

/** A body as the log keeps it: redacted text, cut after LOG_BODY_CHARS characters with the full size said. */
export function redactBody(body: string): string | undefined {
  if (body.length === 0) return undefined;
  if (body.length <= LOG_BODY_CHARS) return redactBodyText(body);
  const head = redactBodyText(body.slice(0, LOG_BODY_CHARS + REDACTION_MARGIN)).slice(0, LOG_BODY_CHARS);
  return ownCopy(`${head}… (${body.length} characters in all)`);
}

/** A slice of a string may keep the whole original alive (V8 sliced strings): the log keeps its own copy of the few KB. */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Header names lower-cased, as Node gives them, so the log reads the same for every exchange. */
export function redactHeaders(headers: Readonly<Record<string, HeaderValue>>): Record<string, string> {
  const lowered: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return redactHeaderValues(lowered);
}
