/**
 * A refused answer in one line, in the gateway's own words: where a command reports that a call did
 * not give what it needed, "HTTP 400" alone leaves the developer to send the call again to learn why.
 */
import type { DecodedResponse } from './types';

/** "HTTP 400 Order not found: Unable to find order NOPE-123 for merchant M (cause INVALID_REQUEST)". */
export function describeRefusal(httpStatus: number, decoded: DecodedResponse | undefined): string {
  const error = decoded?.error;
  const verdict = decoded?.verdict.title;
  const head = verdict && !verdict.includes(`HTTP ${httpStatus}`) ? `HTTP ${httpStatus} ${verdict}` : verdict ?? `HTTP ${httpStatus}`;
  const about = [error?.cause ? `cause ${error.cause.code}` : '', error?.field ? `field ${error.field}` : ''].filter(Boolean).join(', ');
  return `${head}${error?.explanation ? `: ${error.explanation}` : ''}${about ? ` (${about})` : ''}`;
}
