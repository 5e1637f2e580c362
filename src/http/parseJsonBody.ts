/** A body that is not JSON is still an answer worth showing (an HTML error page from a proxy, say), so this never throws. */
export function parseJsonBody(bodyText: string): { json: unknown | undefined; jsonError?: string } {
  if (bodyText.trim() === '') return { json: undefined };
  try {
    return { json: JSON.parse(bodyText) as unknown };
  } catch (error) {
    return { json: undefined, jsonError: `Response body is not valid JSON: ${parserReason(error)}` };
  }
}

/** V8 quotes a slice of the body in its message; the body may hold secrets and the reason ends up in logs, so drop the slice. */
function parserReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/,\s*".*"\s*is not valid JSON$/s, ' (not valid JSON)');
}
