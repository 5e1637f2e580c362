export type { TransportOptions, OutgoingRequest, HttpResponse, HttpTarget } from './types';
export { HttpFailure, isUnreachable, UNREACHABLE_KINDS, type HttpFailureKind } from './httpFailure';
export { HttpClient } from './httpClient';
export { buildRequest, DEFAULT_MAX_RESPONSE_BYTES, type PathParamName } from './buildRequest';
export { encodePathSegment, fillPathTemplate, RequestBuildError } from './pathTemplate';
export { toCurl, shellQuote } from './curl';
export { redactBodyText, redactRequest, redactResponse } from './redact';
export { KnownSecrets } from './knownSecrets';
// The policy lives in src/redaction (pure, shared with webviews and the simulator); re-exported for http's callers.
export { REDACTED, maskCardNumber, redactHeaders, redactJson, redactText } from '../redaction';
export { formatExchangeLog } from './exchangeLog';
export { basicAuthHeader } from './gatewayCredentials';
