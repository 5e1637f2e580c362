import { adviceOperationOf, REDIRECT_HTML_ADVICE } from '../advice';
import { holdWhileAuthenticating, pendingAuthentication } from './authenticationPending';
import { BodyView, definedOnly } from '../bodyView';
import type { DecodedResponse } from '../types';
import { decodeBrowserPayment } from './browserPayment';
import { authenticationVerdict, decodeAuthentication, isAuthenticationAnswer } from './authentication';
import { decodeGatewayError, isGatewayErrorEnvelope } from './errorEnvelope';
import { decodeOrderRead, isOrderRead } from './orderRead';
import { decodeOutcome, noteVerificationConcerns, outcomeVerdict } from './outcome';
import { decodeCard, decodeOrder, decodeRecord, decodeTransaction } from './records';
import { decodeRisk } from './risk';
import { decodeSession } from './session';
import { isSavedCardAnswer, savedCardOutcome, savedCardVerdict } from './savedCard';
import { isPaymentOptionsAnswer, paymentOptionsVerdict } from './paymentOptions';
import { gatewayInformationVerdict, isGatewayInformationAnswer } from './gatewayInformation';
import { decodeThreeDSecure, decodeVerification } from './verification';

/** The sections of a decoded gateway answer; the caller adds api, operation, status and notes. */
type GatewaySections = Omit<DecodedResponse, 'api' | 'operationId' | 'httpStatus' | 'notes'>;


/** A JSON body from the card gateway: error envelope, session answer or completed operation. */
export function decodeGatewayBody(view: BodyView, operationId: string, httpStatus: number, notes: string[], requestUrl?: string): GatewaySections {
  if (isGatewayErrorEnvelope(view)) {
    if (httpStatus < 400) notes.push(`An error envelope with HTTP ${httpStatus}; the gateway normally sends it with a 4xx or 5xx status.`);
    return definedOnly({ ...decodeGatewayError(view, httpStatus, { operationId, url: requestUrl }), record: decodeRecord(view) });
  }
  if (httpStatus >= 400) {
    notes.push("The body is not the gateway's error envelope (result ERROR); a proxy or load balancer may have answered.");
    return decodeGatewayError(view, httpStatus, { operationId, url: requestUrl });
  }
  if (isPaymentOptionsAnswer(operationId)) return definedOnly({ verdict: paymentOptionsVerdict(view), record: decodeRecord(view) });
  if (isGatewayInformationAnswer(operationId)) return definedOnly({ verdict: gatewayInformationVerdict(view), record: decodeRecord(view) });
  if (isSavedCardAnswer(operationId)) {
    const outcome = savedCardOutcome(view, operationId, notes);
    return definedOnly({ verdict: savedCardVerdict(view, operationId, outcome), outcome, card: decodeCard(view, notes), record: decodeRecord(view) });
  }
  if (view.record(['session']) !== undefined || (operationId.startsWith('gateway.updateSession') && !view.has(['result']))) {
    return definedOnly({ ...decodeSession(view, operationId, requestUrl), card: decodeCard(view, notes), record: decodeRecord(view) });
  }
  if (isOrderRead(operationId, view)) return definedOnly({ ...decodeOrderRead(view), record: decodeRecord(view) });
  if (!view.has(['result']) && !view.has(['response', 'gatewayCode'])) {
    notes.push('Neither result nor response.gatewayCode is present: this does not look like a gateway answer.');
    return definedOnly({
      verdict: { tone: 'warning', title: 'Unrecognised gateway response', detail: 'The body has no result and no response.gatewayCode.' },
      record: decodeRecord(view),
    });
  }
  const outcome = decodeOutcome(view, adviceOperationOf(operationId, view.text(['transaction', 'type'])), notes);
  const risk = decodeRisk(view, notes);
  const verification = decodeVerification(view);
  noteVerificationConcerns(outcome, { ...verification, risk }, notes);
  if (httpStatus !== 200 && httpStatus !== 201) notes.push(`A completed operation normally answers HTTP 200 or 201, not ${httpStatus}.`);
  const browserPayment = decodeBrowserPayment(view);
  const submitted = outcome.gatewayCode?.code === 'SUBMITTED';
  const pageOnly = browserPayment?.redirectUrl === undefined && browserPayment?.redirectHtml !== undefined;
  if (submitted && browserPayment?.redirectUrl === undefined && !pageOnly) {
    notes.push('SUBMITTED without browserPayment.redirectUrl or redirectHtml: there is nowhere to send the payer.');
  }
  const authentication = isAuthenticationAnswer(view, operationId) ? decodeAuthentication(view, operationId) : undefined;
  const verdict = authentication ? authenticationVerdict(authentication) : holdWhileAuthenticating(outcomeVerdict(outcome, risk), pendingAuthentication(view));
  return definedOnly({
    verdict: submitted && pageOnly ? { ...verdict, detail: `${outcome.gatewayCode?.meaning ?? ''} ${REDIRECT_HTML_ADVICE}`.trim() } : verdict,
    authentication,
    outcome,
    risk,
    ...verification,
    threeDSecure: decodeThreeDSecure(view),
    browserPayment,
    order: decodeOrder(view),
    transaction: decodeTransaction(view),
    card: decodeCard(view, notes),
    record: decodeRecord(view),
  });
}
