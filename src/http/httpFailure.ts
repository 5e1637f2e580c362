export type HttpFailureKind =
  | 'refused'
  | 'timeout'
  | 'reset'
  | 'tooLarge'
  | 'aborted'
  | 'tls'
  | 'dns'
  | 'proxy'
  | 'protocol'
  | 'other';

/**
 * The request produced no usable response. A 4xx/5xx answer or a non-JSON body is NOT an HttpFailure:
 * payment developers test error paths on purpose, so those come back as responses.
 * The message is meant to be shown as is; it names the host (never the path or headers, which may hold secrets).
 */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';

  constructor(
    readonly kind: HttpFailureKind,
    message: string,
    /** host:port the failure is about, for UI grouping. */
    readonly host: string,
  ) {
    super(message);
  }
}

/**
 * The kinds that mean the environment could not be reached at all: nothing, or nothing whole, came
 * back because of the network, the name, the certificate, the proxy or the clock. A reset, a cut-off
 * answer, an invalid response or a cancel are not among them: a server was there and answered badly,
 * or the user stopped it.
 */
export const UNREACHABLE_KINDS: readonly HttpFailureKind[] = ['refused', 'dns', 'tls', 'proxy', 'timeout'];

export const isUnreachable = (kind: string): boolean => (UNREACHABLE_KINDS as readonly string[]).includes(kind);
