/** The response decoder: any answer of either API → an explained, plain-data result, and its text report. */
export { decodeResponse } from './decodeResponse';
export { renderDecodedAsText } from './renderText';
export { decodedResponseSchema } from './decodedResponseSchema';
export { explainCode, explainIn } from './explain';
export { failureVerdict, NOT_SIGNED_IN_KIND } from './failureVerdict';
export { VERDICT_ACTIONS, verdictAction, type VerdictAction, type VerdictActionId } from './advice';
export { collectNumberLiterals, formatJsonNumber } from '../json';
export { maskCardNumber } from '../redaction';
export type {
  CodeExplanation,
  DecodedBrowserPayment,
  DecodedCard,
  DecodedError,
  DecodedFinancing,
  DecodedOrder,
  DecodedOutcome,
  DecodedRecord,
  DecodedResponse,
  DecodedRisk,
  DecodedRiskRule,
  DecodedSession,
  DecodedThreeDSecure,
  DecodedTokenSet,
  DecodedTransaction,
  DecodeInput,
  OfferRow,
  Verdict,
  VerdictTone,
} from './types';
