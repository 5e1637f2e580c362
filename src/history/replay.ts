/**
 * What a history entry becomes when it is sent again or opened in a form. Masked or redacted values
 * are never sent: they are cleared, and the form says why next to each cleared field. The gateway's
 * public test cards are kept in full on a TEST environment (see redaction/json.ts), so such an entry
 * replays as it was. No vscode import (unit-tested).
 */
import { isCardSecurityCodeKey, isCredentialKey, isMaskedCardNumber, REDACTED, secretKindOfKey } from '../redaction';
import { orderRole } from '../catalogue/orderRole';
import { setOwnValue } from '../json/ownKey';
import type { Exchange } from '../send/exchange';
import { CUT_FOR_HISTORY } from './bounds';

export const CARD_NOT_KEPT_NOTE = 'card data is not kept: enter it or pick a test card';
const VALUE_NOT_KEPT_NOTE = 'this value was redacted in history: enter it again';

interface Replay {
  operationId: string;
  environmentId: string;
  version?: number;
  /** URL parameters: no transaction id (each send draws one), no merchant id (the environment's); a fresh order id for an initial operation. */
  params: Record<string, string>;
  /** The body with every value that was not kept removed; undefined when nothing of it can be used. */
  body: unknown;
  /** Field path → why the field is empty, shown beside the field in the form. */
  fieldNotes: Record<string, string>;
  /** False when something was not kept: the request must go through the form, never straight out. */
  complete: boolean;
}

type Json = unknown;

function isNotKept(value: string): boolean {
  // Redacted, masked, or cut by the history bounds (bounds.ts): sending any of them would be wrong.
  return value.includes(REDACTED) || isMaskedCardNumber(value) || value.endsWith(CUT_FOR_HISTORY) || /^<.*not kept in history.*>$/s.test(value);
}

function pathOf(prefix: string, key: string | number): string {
  return typeof key === 'number' ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key;
}

/** A copy of `value` without the values that were not kept; their paths and notes go to `notes`. */
function withoutUnkept(value: Json, prefix: string, notes: Record<string, string>, cleared: { any: boolean }): Json {
  if (Array.isArray(value)) return value.map((v, i) => withoutUnkept(v, pathOf(prefix, i), notes, cleared));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, Json>;
  const out: Record<string, Json> = {};
  // A card whose number was not kept loses its CSC too: a CSC is never kept for a card that is not a public test card.
  const cardCleared = Object.entries(record).some(([k, v]) => secretKindOfKey(k) === 'cardNumber' && typeof v === 'string' && isNotKept(v));
  for (const [key, inner] of Object.entries(record)) {
    const path = pathOf(prefix, key);
    const isCardField = secretKindOfKey(key) === 'cardNumber' || isCardSecurityCodeKey(key);
    const unkept = typeof inner === 'string' && isNotKept(inner);
    if (unkept || (cardCleared && isCardSecurityCodeKey(key))) {
      cleared.any = true;
      // Credentials (passwords) are filled by the host from secret storage: no note, nothing to type.
      if (!isCredentialKey(key)) notes[path] = isCardField ? CARD_NOT_KEPT_NOTE : VALUE_NOT_KEPT_NOTE;
      continue;
    }
    setOwnValue(out, key, withoutUnkept(inner, path, notes, cleared));
  }
  return out;
}

export function replayOf(e: Exchange, freshOrderId: () => string): Replay {
  const { transactionId: _eachSendDrawsOne, merchantId: _fromEnvironment, ...params } = e.params;
  if (orderRole(e.operationId) === 'initial' && params.orderId !== undefined) params.orderId = freshOrderId();
  const fieldNotes: Record<string, string> = {};
  const cleared = { any: false };
  let body: Json = e.request.body;
  if (typeof body === 'string') {
    // A raw (non-JSON) body: usable only if nothing in it was redacted.
    if (isNotKept(body)) {
      body = undefined;
      cleared.any = true;
    }
  } else if (body !== undefined) {
    body = withoutUnkept(body, '', fieldNotes, cleared);
  }
  return {
    operationId: e.operationId,
    environmentId: e.environment.id,
    ...(e.version !== undefined ? { version: e.version } : {}),
    params,
    body,
    fieldNotes,
    complete: !cleared.any,
  };
}
