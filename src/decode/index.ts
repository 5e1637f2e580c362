/** The response decoder: any answer of either API → an explained, plain-data result, and its text report. */
export { decodeResponse } from './decodeResponse';
export { renderDecodedAsText } from './renderText';
export { decodedResponseSchema } from './decodedResponseSchema';
export { failureVerdict, NOT_SIGNED_IN_KIND } from './failureVerdict';
export { describeRefusal } from './refusal';
export { pendingAuthentication } from './gateway/authenticationPending';
