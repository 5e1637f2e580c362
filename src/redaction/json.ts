import { isPublicTestCard, maskCardNumber } from './cardMask';
import { REDACTED, isCardSecurityCodeKey, isIdentifierKey, isSecretValue, lastKeyOfPath, secretKindOfKey } from './secretFields';
import { redactIdentifier, redactText, type SecretValues } from './text';

interface JsonRedactionOptions {
  known?: SecretValues;
  /**
   * Keep the gateway's public test cards (and the CSC beside them) in full: set only for what a
   * TEST environment sent, so history can re-send them. Every other card is masked.
   */
  keepPublicTestCards?: boolean;
  /** False when the caller scans the serialised text itself (redactBodyText), so literals survive. */
  scanStrings?: boolean;
}

/**
 * Deep copy of a parsed JSON value: secret keys replaced, card numbers masked, and every string
 * scanned as free text (a URL with a password, a card number in a description).
 */
export function redactJson(value: unknown, options: JsonRedactionOptions = {}): unknown {
  if (typeof value === 'string') return options.scanStrings === false ? value : redactText(value, options.known);
  // A card number sent as a JSON number is still a card number: masked, as text.
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e11) {
    const digits = String(value);
    const masked = redactText(digits);
    return masked === digits ? value : masked;
  }
  if (Array.isArray(value)) return value.map((v) => redactJson(v, options));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const keepCard = options.keepPublicTestCards === true && Object.entries(record).some(([k, v]) => secretKindOfKey(k) === 'cardNumber' && isPublicTestCard(v));
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    const kind = secretKindOfKey(key);
    if (keepCard && (kind === 'cardNumber' || isCardSecurityCodeKey(key)) && (typeof inner === 'string' || typeof inner === 'number')) result[key] = inner;
    else result[key] = redactAtKey(key, inner, options);
  }
  return result;
}

/** The value at `key` as redactJson shows it: a secret replaced, a card number masked, an id's digits kept, anything else walked. */
function redactAtKey(key: string, inner: unknown, options: JsonRedactionOptions): unknown {
  const kind = secretKindOfKey(key);
  if (isSecretValue(key, typeof inner === 'object' && inner !== null && !Array.isArray(inner))) return REDACTED;
  if (kind === 'cardNumber' && (typeof inner === 'string' || typeof inner === 'number')) return maskCardNumber(String(inner));
  if (typeof inner === 'string' && isIdentifierKey(key)) return options.scanStrings === false ? inner : redactIdentifier(inner, options.known);
  return redactJson(inner, options);
}

/**
 * The value of the field at `path` as it may be shown (a message quoting what was given): judged by
 * the path's last key as redactJson judges a key, and any text in it scanned as free text.
 */
export function redactValueAt(path: string, value: unknown, known?: SecretValues): unknown {
  return redactAtKey(lastKeyOfPath(path), value, known ? { known } : {});
}

