/**
 * The one declaration of what is secret. Client, history, decoder, previews, cURL export and the
 * simulator's request log all redact through these lists, so adding a name here protects every
 * output at once. Pure TypeScript: the webviews import it too.
 */
export const REDACTED = '<redacted>';

/** Header names (lower case) whose value is a credential. */
export const SECRET_HEADER_NAMES: ReadonlySet<string> = new Set([
  'proxy-authorization',
  'refreshtoken',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-notification-secret',
]);

/** Keys (lower case) whose value is replaced wherever they occur: JSON, form-encoded, pseudo-JSON text. */
const SECRET_KEYS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'apipassword',
  'passphrase',
  'secret',
  'client_secret',
  'apikey',
  'api_key',
  'access_token',
  'refresh_token',
  'id_token',
  'accesstoken',
  'refreshtoken',
  'securitycode',
  'cardsecuritycode',
  'csc',
  'cvv',
  'cvc',
  // Create Session's session.aes256Key: the symmetric key that decrypts the payer's data in the session.
  'aes256key',
]);

/** Keys (lower case) holding a card number: masked to first 6 and last 4 so the card stays recognisable. */
const CARD_NUMBER_KEYS: ReadonlySet<string> = new Set(['number', 'cardnumber', 'pan']);

/** Card security codes are secret in logs, but in a form they are test data (100 → MATCH), not credentials. */
const CARD_SECURITY_CODE_KEYS: ReadonlySet<string> = new Set(['securitycode', 'cardsecuritycode', 'csc', 'cvv', 'cvc']);

/**
 * Keys whose value is an identifier the workbench reuses: order, transaction, session and token ids,
 * the gateway's indicators and receipts, exactly as the APIs spell them (no case folding: "ID" or a
 * look-alike letter is not one). A plain id value there keeps its 12–19 digit runs (identifierRuns): a
 * "Random with Luhn" token passes Luhn by design, a numeric order id one time in ten, and history,
 * panels and next steps need them whole. Merchant free text (order.reference, correlationId) is not an id.
 */
const IDENTIFIER_KEYS: ReadonlySet<string> = new Set([
  'id',
  'token',
  'tokenId',
  'orderId',
  'transactionId',
  'sessionId',
  'external_id',
  'successIndicator',
  'resultIndicator',
  'receipt',
  'transactionIdentifier',
  'authorizationCode',
]);

export function isIdentifierKey(key: string): boolean {
  return IDENTIFIER_KEYS.has(key);
}

type SecretKind = 'secret' | 'cardNumber';

/** Every key name secretKindOfKey recognises (lower case), for scanners that look for them in text. */
export const REDACTED_KEY_NAMES: readonly string[] = [...SECRET_KEYS, ...CARD_NUMBER_KEYS];

export function secretKindOfKey(key: string): SecretKind | undefined {
  const lower = key.toLowerCase();
  if (SECRET_KEYS.has(lower)) return 'secret';
  if (CARD_NUMBER_KEYS.has(lower)) return 'cardNumber';
  return undefined;
}

/**
 * The last key of a dotted path ("sourceOfFunds.provided.card.number", "item[2].password",
 * "card[number]"): the only way redaction reads a path, so every caller agrees on it.
 */
export function lastKeyOfPath(path: string): string {
  // Most keys redaction meets are plain names: no split for them (every key of every logged body).
  if (!/[.[\]]/.test(path)) return path;
  const parts = path.split(/[.[\]]+/).filter((p) => p.length > 0);
  return parts[parts.length - 1] ?? '';
}

export function secretKindOfPath(path: string): SecretKind | undefined {
  return secretKindOfKey(lastKeyOfPath(path));
}

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER_NAMES.has(name.toLowerCase());
}

export function isCardSecurityCodeKey(key: string): boolean {
  return CARD_SECURITY_CODE_KEYS.has(key.toLowerCase());
}

/**
 * Whether the value at a secret key is replaced whole. The gateway's answer holds a CSC *result*
 * object (response.cardSecurityCode: acquirerCode, gatewayCode), which is no secret: its fields are
 * walked like any other, so "CSC no match" stays visible in history and reports.
 */
export function isSecretValue(key: string, valueIsObject: boolean): boolean {
  return secretKindOfKey(key) === 'secret' && !(valueIsObject && isCardSecurityCodeKey(key));
}

/** A key whose value is a credential: never typed into or shown by a webview; the host fills it from SecretStorage. */
export function isCredentialKey(key: string): boolean {
  return secretKindOfKey(key) === 'secret' && !isCardSecurityCodeKey(key);
}

/** isCredentialKey for a dotted field path. */
export function isCredentialPath(path: string): boolean {
  return isCredentialKey(lastKeyOfPath(path));
}
