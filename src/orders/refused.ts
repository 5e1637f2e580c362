/**
 * "Did the service refuse the request?", decided once. A refused request changed nothing: no
 * transaction was recorded and the order stands as it was, so the order ledger keeps what it knew,
 * a form keeps its order id and its notes, and no order is read from the answer. No vscode, no I/O.
 */

/** What the question needs of an exchange: the HTTP status answered and whether the decoder read an error. */
export interface AnswerFacts {
  response?: { status: number } | undefined;
  decoded?: { error?: unknown } | undefined;
}

/**
 * True when the answer refuses the request: a 4xx (bad request, credentials, unknown path or order), or
 * the gateway's error envelope (result ERROR) under any status below 500. False with no answer at all (a
 * timeout may have reached the gateway) and for a 5xx (SERVER_FAILED, or a proxy's 502: the request may
 * have been processed), so an order that may be taken is treated as taken.
 */
export function wasRefused(e: AnswerFacts): boolean {
  const status = e.response?.status;
  if (status === undefined || status >= 500) return false;
  return status >= 400 || e.decoded?.error !== undefined;
}
