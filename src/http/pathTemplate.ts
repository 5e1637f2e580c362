/**
 * Fills `{name}` placeholders, each value percent-encoded as ONE path segment: an order id such as
 * "A/B #1" or "ordre-été" must reach the gateway as the id, not as extra path segments or a fragment.
 */
export function fillPathTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw RequestBuildError.missing(`path parameter '${name}'`);
    try {
      return encodePathSegment(value);
    } catch {
      // encodeURIComponent rejects lone UTF-16 surrogates, which no server could decode either.
      throw new RequestBuildError(`Cannot build the request: path parameter '${name}' contains an invalid Unicode character`);
    }
  });
}

/** encodeURIComponent plus the characters it leaves alone that some servers and proxies treat specially. */
export function encodePathSegment(value: string): string {
  const encoded = encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  // A whole segment of '.' or '..' would be folded away as a relative path step by URL normalisers.
  return encoded.replace(/^\.{1,2}$/, (dots) => dots.replace(/\./g, '%2E'));
}

/** A request cannot be built: a path parameter or credential is missing or unusable. Never carries a secret value. */
export class RequestBuildError extends Error {
  override readonly name = 'RequestBuildError';

  static missing(what: string): RequestBuildError {
    return new RequestBuildError(`Cannot build the request: ${what} is missing`);
  }
}
