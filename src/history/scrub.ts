/**
 * The last line of defence before an exchange reaches the disk. Exchanges are redacted when they
 * are built (src/send), but a history file outlives every bug fixed later, so each field is run
 * through the shared redaction again (src/http): one declaration of what is secret, applied twice.
 */
import type { KnownSecrets } from '../http/knownSecrets';
import { identifierDigitRuns, redactBodyText } from '../http/redact';
import { setOwnValue } from '../json/ownKey';
import { REDACTED, SECRET_HEADER_NAMES, identifierRuns, redactHeaders, redactIdentifier, redactJson, redactText, redactUrlText } from '../redaction';
import type { Exchange } from '../send/exchange';

/** A secret header written inline, as in a cURL line `-H 'RefreshToken: abc'` or a log line. */
const HEADER_LINE = new RegExp(
  `(^|[\\s'"])(${[...SECRET_HEADER_NAMES].map((n) => n.replace(/[-]/g, '\\-')).join('|')})(\\s*:\\s*)(?:(Basic|Bearer|Digest|Token)\\s+)?([^'"\\r\\n]+)`,
  'gim',
);

/** Free text that may embed JSON, headers or credentials (cURL lines, error messages). */
export function scrubText(text: string, known?: KnownSecrets, keepRuns?: ReadonlySet<string>): string {
  // redactBodyText handles both JSON and JSON-like text (secret keys), then free-text rules.
  return scrubHeaderLines(redactBodyText(text, known, keepRuns));
}

function scrubHeaderLines(text: string): string {
  return text.replace(HEADER_LINE, (_whole, lead: string, name: string, sep: string, scheme: string | undefined) =>
    `${lead}${name}${sep}${scheme ? `${scheme} ` : ''}${REDACTED}`,
  );
}

/** A request body; a TEST environment's public test cards are kept so the request can be sent again. */
function scrubValue(value: unknown, known: KnownSecrets | undefined, keepPublicTestCards: boolean): unknown {
  const structural = redactJson(value, { keepPublicTestCards });
  if (known === undefined || known.size === 0) return structural;
  // Known secret values can hide anywhere, even under innocent keys: scrub the serialised form.
  try {
    return JSON.parse(known.redact(JSON.stringify(structural) ?? 'null')) as unknown;
  } catch {
    return REDACTED;
  }
}

/**
 * The decoded report is our own vocabulary, not the wire's: its keys (`csc` is the CSC *result*)
 * must not be mistaken for secret fields, so only its text values are scrubbed.
 */
function scrubStrings(value: unknown, known: KnownSecrets | undefined, keepRuns: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return redactText(value, known, { keepRuns });
  if (Array.isArray(value)) return value.map((v) => scrubStrings(v, known, keepRuns));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwnValue(out, k, scrubStrings(v, known, keepRuns));
  return out;
}

function scrubRecord(record: Record<string, string>, known?: KnownSecrets): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(redactHeaders(record))) out[k] = redactText(String(v), known);
  return out;
}

/** The digit runs of an exchange's path parameters (its ids), kept whole wherever the exchange quotes them. */
export function paramIdRuns(e: Pick<Exchange, 'params'>): Set<string> {
  return new Set(Object.values(e.params ?? {}).flatMap((v) => identifierRuns(String(v))));
}

/** A scrubbed deep copy; the input is never modified. */
export function scrubExchange(e: Exchange, known?: KnownSecrets): Exchange {
  const params = Object.fromEntries(Object.entries(e.params ?? {}).map(([k, v]) => [k, redactIdentifier(String(v), known)]));
  const bodyText = e.response && e.response.bodyText !== '' ? scrubText(e.response.bodyText, known) : '';
  // The cURL line and the decoded report quote ids (the URL's order id, a token in the answer): those the
  // kept params and body show whole stay whole there too.
  const ids = new Set([...paramIdRuns({ params }), ...identifierDigitRuns(bodyText)]);
  const copy: Exchange = {
    id: e.id,
    startedAt: e.startedAt,
    environment: { id: e.environment.id, name: redactText(e.environment.name, known), live: e.environment.live },
    operationId: e.operationId,
    operationTitle: e.operationTitle,
    params,
    request: {
      method: e.request.method,
      url: redactUrlText(e.request.url, known),
      headers: scrubRecord(e.request.headers ?? {}, known),
      bodyWasMasked: e.request.bodyWasMasked,
      curl: scrubText(e.request.curl ?? '', known, ids),
    },
  };
  if (e.version !== undefined) copy.version = e.version;
  if (e.request.body !== undefined) copy.request.body = scrubValue(e.request.body, known, !e.environment.live);
  if (e.response) {
    copy.response = {
      status: e.response.status,
      headers: scrubRecord(e.response.headers ?? {}, known),
      bodyText,
      sizeBytes: e.response.sizeBytes,
      truncated: e.response.truncated,
      timing: { totalMs: e.response.timing.totalMs, ttfbMs: e.response.timing.ttfbMs },
    };
  }
  if (e.failure) copy.failure = { kind: e.failure.kind, message: scrubText(e.failure.message, known) };
  if (e.seenBy === 'tap') copy.seenBy = 'tap';
  if (e.requestProblems) copy.requestProblems = e.requestProblems.map((p) => ({ path: p.path, severity: p.severity, message: scrubText(p.message, known) }));
  if (e.decoded) copy.decoded = scrubStrings(e.decoded, known, ids) as Exchange['decoded'];
  return copy;
}
