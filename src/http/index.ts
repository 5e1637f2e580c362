export type { TransportOptions, OutgoingRequest, HttpResponse, HttpMethod } from './types';
export { HttpFailure, type HttpFailureKind } from './httpFailure';
export { HttpClient } from './httpClient';
export {
  buildRequest,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type BuildRequestInput,
  type RequestCredentials,
  type PathParamName,
} from './buildRequest';
export { encodePathSegment, fillPathTemplate, RequestBuildError } from './pathTemplate';
export { toCurl, shellQuote, type CurlOptions, type CurlTransport } from './curl';
export { redactBodyText, redactRequest, redactResponse } from './redact';
export { KnownSecrets } from './knownSecrets';
// The policy lives in src/redaction (pure, shared with webviews and the simulator); re-exported for http's callers.
export {
  REDACTED,
  SECRET_HEADER_NAMES,
  SECRET_KEYS,
  CARD_NUMBER_KEYS,
  isSecretHeader,
  secretKindOfKey,
  maskCardNumber,
  redactHeaders,
  redactJson,
  redactText,
  redactUrlUserinfo,
} from '../redaction';
export { formatExchangeLog } from './exchangeLog';
export { basicAuthHeader } from './gatewayCredentials';
