/**
 * A flow run's secrets: the door's (the CLI's variables) and every value an answer of the run held at
 * a key the redaction policy calls secret (the partner's access and refresh tokens, a password echoed
 * back). Masking by key hides such a value where the answer put it; a later step may quote it through a
 * reference under any name ({{refresh.response.refresh_token}} in an expectation or a message), and
 * only masking by value hides it there.
 */
import { KnownSecrets } from '../http/knownSecrets';
import { secretKindOfKey, type SecretValues } from '../redaction';

/**
 * Shorter values are not masked by value: a card security code ("100") or a word would then be masked
 * in every amount and sentence of a report. No credential an API hands out is this short.
 */
export const MIN_LEARNT_SECRET_LENGTH = 8;

export class RunSecrets implements SecretValues {
  private readonly learnt: KnownSecrets;

  constructor(private readonly door: SecretValues | undefined) {
    // The door's own set, when it is one, learns them too: the door writes its reports (text, JUnit, JSON) itself.
    this.learnt = door instanceof KnownSecrets ? door : new KnownSecrets();
  }

  /** Adds the values `answer` (a parsed response) holds at secret keys, at any depth. */
  learnFrom(answer: unknown): void {
    this.learnt.add(...secretValuesIn(answer));
  }

  redact(text: string): string {
    const byDoor = this.door && this.door !== this.learnt ? this.door.redact(text) : text;
    return this.learnt.redact(byDoor);
  }
}

/** The text values at secret keys (secretKindOfKey) anywhere in `value`, long enough to mask by value. */
export function secretValuesIn(value: unknown): string[] {
  const found: string[] = [];
  // A stack, not recursion: the answer was parsed within bounds, but its depth is the server's choice.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    for (const [key, inner] of Object.entries(next)) {
      const text = typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
      if (text !== undefined && text.length >= MIN_LEARNT_SECRET_LENGTH && secretKindOfKey(key) === 'secret') found.push(text);
      else pending.push(inner);
    }
  }
  return found;
}
