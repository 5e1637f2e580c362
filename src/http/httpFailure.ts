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
