import { depthError } from '../json';

/**
 * A body that is not JSON is still an answer worth showing (an HTML error page from a proxy, say), so
 * this never throws. A body nested past the one nesting bound is kept as text only: every recursive
 * reader after this (redaction, decoding, the response panel) sees no parsed value to run out of stack on.
 */
export function parseJsonBody(bodyText: string): { json: unknown | undefined; jsonError?: string } {
  if (bodyText.trim() === '') return { json: undefined };
  try {
    const json = JSON.parse(bodyText) as unknown;
    const tooDeep = depthError(json, 'The response body');
    return tooDeep ? { json: undefined, jsonError: tooDeep.message } : { json };
  } catch (error) {
    return { json: undefined, jsonError: `Response body is not valid JSON: ${parserReason(error)}` };
  }
}

/** V8 quotes a slice of the body in its message; the body may hold secrets and the reason ends up in logs, so drop the slice. */
function parserReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/,\s*".*"\s*is not valid JSON$/s, ' (not valid JSON)');
}
