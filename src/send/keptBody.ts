import { redactJson } from '../redaction';
import type { KnownSecrets } from '../http';

/**
 * The request body history keeps, and whether masking changed it: redacted, except the public test
 * cards a TEST environment sent (so Re-send can use them). One rule for every door that keeps a
 * body it sent or saw (the send path, the Gateway Tap).
 */
export function keptRequestBody(sentText: string, redactedText: string | undefined, known: KnownSecrets, keepPublicTestCards: boolean): { body: unknown; bodyWasMasked: boolean } {
  return {
    bodyWasMasked: redactedText !== sentText && !isOnlyReformatted(redactedText, sentText),
    body: keptBody(sentText, redactedText ?? '', known, keepPublicTestCards),
  };
}

function keptBody(sentText: string, redactedText: string, known: KnownSecrets, keepPublicTestCards: boolean): unknown {
  if (!keepPublicTestCards) return parseOrText(redactedText);
  try {
    return redactJson(JSON.parse(sentText) as unknown, { known, keepPublicTestCards });
  } catch {
    return parseOrText(redactedText);
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isOnlyReformatted(a: string | undefined, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a ?? '')) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}
