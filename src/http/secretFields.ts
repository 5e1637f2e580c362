/**
 * The one declaration of what is secret. Headers, bodies, logs, cURL export and error messages all
 * redact through these lists, so adding a field here protects every output at once.
 */
export const REDACTED = '<redacted>';

/** Header names (lower case) whose value is a credential. */
export const SECRET_HEADER_NAMES: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'refreshtoken',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

/** JSON keys (lower case) whose value is replaced wherever they occur. */
export const SECRET_JSON_KEYS: ReadonlySet<string> = new Set([
  'password',
  'apipassword',
  'passphrase',
  'access_token',
  'refresh_token',
  'accesstoken',
  'refreshtoken',
  'securitycode',
  'csc',
  'cvv',
  'cvc',
  'client_secret',
]);

/** JSON keys (lower case) holding a card number: masked to first6…last4 so the card stays recognisable. */
export const CARD_NUMBER_JSON_KEYS: ReadonlySet<string> = new Set(['number', 'cardnumber', 'pan']);

export type SecretKind = 'secret' | 'cardNumber';

export function secretKindOfKey(key: string): SecretKind | undefined {
  const lower = key.toLowerCase();
  if (SECRET_JSON_KEYS.has(lower)) return 'secret';
  if (CARD_NUMBER_JSON_KEYS.has(lower)) return 'cardNumber';
  return undefined;
}

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER_NAMES.has(name.toLowerCase());
}

/** Card security codes are secret in logs, but in a form they are test data (100 → MATCH), not credentials. */
const CARD_TEST_DATA: ReadonlySet<string> = new Set(['securitycode', 'csc', 'cvv', 'cvc']);

/** A key whose value is a credential: never typed into or shown by a webview; the host fills it from SecretStorage. */
export function isCredentialKey(key: string): boolean {
  return secretKindOfKey(key) === 'secret' && !CARD_TEST_DATA.has(key.toLowerCase());
}
