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
export { redactHeaders, redactJson, redactBodyText, redactText, redactRequest, redactResponse } from './redact';
export { KnownSecrets } from './knownSecrets';
export { maskCardNumber } from './cardNumber';
export {
  REDACTED,
  SECRET_HEADER_NAMES,
  SECRET_JSON_KEYS,
  CARD_NUMBER_JSON_KEYS,
  isSecretHeader,
  secretKindOfKey,
} from './secretFields';
export { formatBytes } from './formatBytes';
export { formatExchangeLog } from './exchangeLog';
