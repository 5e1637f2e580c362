import { REDACTED, type SecretValues } from '../redaction';

/**
 * Secret values the extension holds (passwords, tokens, passphrases), to be scrubbed from any text:
 * free-form logs, error texts from servers that echo input, URLs. Each value is also registered in the
 * forms it takes on the wire (JSON-escaped, percent-encoded) so an echoed copy does not slip through.
 */
export class KnownSecrets implements SecretValues {
  private readonly values = new Set<string>();

  add(...secrets: (string | undefined)[]): this {
    for (const secret of secrets) {
      if (!secret) continue;
      for (const form of wireForms(secret)) this.values.add(form);
    }
    return this;
  }

  /** The Basic header carries user:password base64-encoded; its encoded form must be known too. */
  addBasicCredentials(user: string, password: string): this {
    this.add(password);
    return this.add(Buffer.from(`${user}:${password}`, 'utf8').toString('base64'));
  }

  has(text: string): boolean {
    return [...this.values].some((secret) => text.includes(secret));
  }

  redact(text: string): string {
    // Longest first, so a secret containing another one is not left half-visible.
    const ordered = [...this.values].sort((a, b) => b.length - a.length);
    let result = text;
    for (const secret of ordered) result = result.split(secret).join(REDACTED);
    return result;
  }

  get size(): number {
    return this.values.size;
  }
}

function wireForms(secret: string): string[] {
  const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  return [...forms].filter((form) => form.length > 0);
}
