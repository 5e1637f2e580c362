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
  // sourceOfFunds.provided.card.devicePayment.paymentToken: Apple Pay's or Google Pay's encrypted card (PAYER_DATA_KEYS).
  'paymenttoken',
]);

/** Keys (lower case) holding a card number: masked to first 6 and last 4 so the card stays recognisable. */
const CARD_NUMBER_KEYS: ReadonlySet<string> = new Set(['number', 'cardnumber', 'pan']);

/** Card security codes are secret in logs, but in a form they are test data (100 → MATCH), not credentials. */
const CARD_SECURITY_CODE_KEYS: ReadonlySet<string> = new Set(['securitycode', 'cardsecuritycode', 'csc', 'cvv', 'cvc']);

/**
 * Secret keys whose value is the payer's card data, not a credential of the workbench's user: never
 * shown in history, logs, reports or messages (SECRET_KEYS lists them), but typed into a form like any
 * field, never filled from SecretStorage nor moved there on import. The card security codes, and the
 * device payment token (devicePayment.paymentToken): the card number encrypted for the gateway, which
 * anyone holding it may pay with until it is used.
 */
const PAYER_DATA_KEYS: ReadonlySet<string> = new Set([...CARD_SECURITY_CODE_KEYS, 'paymenttoken']);

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

/**
 * Judged keys, remembered: every walk of a body or a decoded answer meets the same few hundred
 * names (order, amount, gatewayCode…) again and again. Bounded, so a body of a million distinct
 * keys costs a judgement each, not memory.
 */
const JUDGED_KEYS = new Map<string, SecretKind | undefined>();
const MAX_JUDGED_KEYS = 4096;

export function secretKindOfKey(key: string): SecretKind | undefined {
  const judged = JUDGED_KEYS.get(key);
  if (judged !== undefined || JUDGED_KEYS.has(key)) return judged;
  const kind = judgeKey(key);
  if (JUDGED_KEYS.size < MAX_JUDGED_KEYS) JUDGED_KEYS.set(key, kind);
  return kind;
}

function judgeKey(key: string): SecretKind | undefined {
  const lower = key.toLowerCase();
  if (SECRET_KEYS.has(lower)) return 'secret';
  if (CARD_NUMBER_KEYS.has(lower)) return 'cardNumber';
  if (isCompoundSecretKey(key, lower)) return 'secret';
  return undefined;
}

/**
 * The words that make a key of two or more words a credential's when it ends with one ("privateKey",
 * "signing_key", "WEBHOOK-SECRET", "dbPassword"). "token" is not among them: the gateway's card token
 * and 3-D Secure's authenticationToken are data a flow reuses, not credentials; the token keys that are
 * credentials are listed in SECRET_KEYS.
 */
export const SECRET_LAST_WORDS: readonly string[] = ['passphrase', 'password', 'passwd', 'secret', 'key'];

/**
 * Whether `key` ends with a word of SECRET_LAST_WORDS after a visible word boundary (a capital after a
 * lower-case letter or digit, or _ - or a space), so "monkey" or "turkey" is no key. A public key is
 * published by design.
 */
function isCompoundSecretKey(key: string, lower: string): boolean {
  for (const word of SECRET_LAST_WORDS) {
    if (lower.length <= word.length || !lower.endsWith(word)) continue;
    const at = key.length - word.length;
    const before = key.charCodeAt(at - 1);
    const first = key.charCodeAt(at);
    const separated = before === 95 || before === 45 || before === 32;
    const camel = first >= 65 && first <= 90 && ((before >= 97 && before <= 122) || (before >= 48 && before <= 57));
    return (separated || camel) && !lower.includes('public');
  }
  return false;
}

/**
 * A name a person chose for a credential: a variable ("{{privateKey}}", "{{API_TOKEN}}", "{{pass}}"), a
 * header ("X-Signing-Key") or a query parameter ("access_token"). Wider than a body key (secretKindOfKey):
 * a token of any kind counts, and a word may be written without a boundary in one case ("apitoken",
 * "PRIVATEKEY"), since such names carry no data a flow needs to keep. Card security codes are test data.
 */
export function isSecretName(name: string): boolean {
  if (isCredentialKey(name)) return true;
  const lower = name.toLowerCase();
  if (lower.includes('public')) return false;
  if (/passw|passphrase|secret|token|credential/.test(lower) || lower.endsWith('key')) return true;
  // "keyId", "KEY_NAME", "pass", "db-pwd": the word alone, its boundaries written or a capital's.
  return /(?:^|[^a-z0-9])(?:key|pass|pwd)(?:[^a-z0-9]|$)/.test(name.replace(/([a-z0-9])(?=[A-Z])/g, '$1 ').toLowerCase());
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

/** A key whose value is a credential (a listed name, or a compound one such as "signingKey"), never the payer's card data (PAYER_DATA_KEYS). */
export function isCredentialKey(key: string): boolean {
  return secretKindOfKey(key) === 'secret' && !PAYER_DATA_KEYS.has(key.toLowerCase());
}

/**
 * A credential a form never holds: the host fills it from SecretStorage (the financing login password).
 * The listed names only: a merchant's own field (order.custom.signingKey) is data the user types, and
 * a form that hid it would lose it; history and logs still mask its value (secretKindOfKey).
 */
export function isStoredCredentialKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SECRET_KEYS.has(lower) && !PAYER_DATA_KEYS.has(lower);
}

/** isStoredCredentialKey for a dotted field path. */
export function isStoredCredentialPath(path: string): boolean {
  return isStoredCredentialKey(lastKeyOfPath(path));
}
