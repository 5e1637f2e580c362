import { HttpFailure } from './httpFailure';
import type { KnownSecrets } from './knownSecrets';
import { redactMessage } from '../redaction';
import { redactRequest, redactResponse } from './redact';
import type { HttpResponse, OutgoingRequest } from './types';

/** Output channels are for glancing; a 10 MB body would drown them. */
const MAX_LOGGED_BODY_CHARS = 4000;

/** A redacted, human-readable record of one exchange (`outcome`: the HttpResponse, or whatever send threw), for the output channel and history. */
export function formatExchangeLog(request: OutgoingRequest, outcome: unknown, known?: KnownSecrets): string {
  const shown = redactRequest(request, known);
  const lines = [`→ ${shown.method} ${shown.url}`, ...Object.entries(shown.headers).map(([k, v]) => `  ${k}: ${v}`)];
  if (shown.body !== undefined) lines.push(indent(clip(shown.body)));
  if (isHttpResponse(outcome)) {
    const response = redactResponse(outcome, known);
    const { totalMs, ttfbMs } = response.timing;
    lines.push(`← ${response.status} in ${totalMs.toFixed(0)} ms (first byte ${ttfbMs.toFixed(0)} ms), ${response.sizeBytes} bytes`);
    if (response.bodyText) lines.push(indent(clip(response.bodyText)));
    if (response.jsonError) lines.push(`  (${response.jsonError})`);
  } else {
    const kind = outcome instanceof HttpFailure ? outcome.kind : 'error';
    const message = outcome instanceof Error ? outcome.message : String(outcome);
    // A message the workbench wrote (HttpFailure, a sign-in refusal): it names fields, their words kept, values masked.
    lines.push(`✖ ${kind}: ${redactMessage(message, known)}`);
  }
  return lines.join('\n');
}

function isHttpResponse(value: unknown): value is HttpResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'bodyText' in value && 'timing' in value;
}

function clip(text: string): string {
  return text.length <= MAX_LOGGED_BODY_CHARS ? text : `${text.slice(0, MAX_LOGGED_BODY_CHARS)}… (${text.length - MAX_LOGGED_BODY_CHARS} more characters)`;
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}
