import { ERROR_CAUSES, VALIDATION_TYPES } from '../../catalogue/codes';
import { BodyView, definedOnly } from '../bodyView';
import { verdictAction } from '../advice';
import { explainCode } from '../explain';
import { diagnoseNotFound } from './notFound';
import type { DecodedError, Verdict } from '../types';

interface DecodedGatewayError {
  verdict: Verdict;
  error: DecodedError;
}

/** True when the body is the gateway's error envelope (result ERROR or an error group). */
export function isGatewayErrorEnvelope(view: BodyView): boolean {
  return view.at(['result']) === 'ERROR' || view.record(['error']) !== undefined;
}

/** What the decoder knows of the request that was refused. */
interface RefusedRequest {
  operationId: string;
  url?: string | undefined;
}

/**
 * Explains a refused request. The HTTP status wins over the body where they disagree: a 401 says
 * INVALID_REQUEST in the body, yet the fix is the credentials, not the request.
 */
export function decodeGatewayError(view: BodyView, httpStatus: number, request: RefusedRequest): DecodedGatewayError {
  const causeCode = view.at(['error', 'cause']);
  const validation = view.at(['error', 'validationType']);
  const explanation = view.text(['error', 'explanation']);
  const field = view.text(['error', 'field']);
  const facts = {
    httpStatus,
    cause: causeCode !== undefined ? explainCode(ERROR_CAUSES, causeCode) : undefined,
    explanation,
    field,
    validationType: validation !== undefined ? explainCode(VALIDATION_TYPES, validation) : undefined,
    supportCode: view.text(['error', 'supportCode']) ?? view.text(['supportCode']),
  };
  const { title, whatToFix } = httpStatus === 404 ? diagnoseNotFound(explanation ?? '', request.operationId, request.url) : diagnose(facts);
  const action = httpStatus === 401 ? { action: verdictAction('setGatewayPassword') } : {};
  return {
    verdict: { tone: 'error', title, detail: explanation ? `${explanation} — ${whatToFix}` : whatToFix, ...action },
    error: definedOnly({ ...facts, whatToFix }),
  };
}

type Facts = Omit<DecodedError, 'whatToFix'>;

function diagnose(f: Facts): { title: string; whatToFix: string } {
  const explanation = f.explanation ?? '';
  const cause = f.cause?.code;

  if (f.httpStatus === 401) {
    return {
      title: 'Bad credentials (HTTP 401)',
      whatToFix:
        'The gateway did not accept the credentials. Check the merchant id and the API password: the user is merchant.<merchantId> ' +
        '(empty for Authorize), the password the API password of that merchant. The body says INVALID_REQUEST, but the status is what counts.',
    };
  }
  if (f.httpStatus === 403 || cause === 'REQUEST_REJECTED') {
    return { title: `Request rejected for security reasons (HTTP ${f.httpStatus})`, whatToFix: ERROR_CAUSES.REQUEST_REJECTED.nextStep };
  }
  if (f.httpStatus >= 500 || cause === 'SERVER_BUSY' || cause === 'SERVER_FAILED') {
    const known = cause === 'SERVER_BUSY' || cause === 'SERVER_FAILED' ? ERROR_CAUSES[cause] : undefined;
    return {
      title: cause === 'SERVER_BUSY' ? `Gateway busy (HTTP ${f.httpStatus})` : `Gateway failure (HTTP ${f.httpStatus})`,
      whatToFix: known?.nextStep ?? 'A server-side failure: retry later; query the order first if the operation may have been processed.',
    };
  }
  if (/unable to find order/i.test(explanation)) {
    return {
      title: 'Order not found',
      whatToFix: 'A follow-up operation (refund, update authorization) needs an order that exists for this merchant: check the order id and the merchant id.',
    };
  }
  if (/json encoded payload error/i.test(explanation)) {
    return { title: 'Request body is not valid JSON', whatToFix: 'Fix the JSON syntax of the request body at the position the explanation gives.' };
  }
  if (/unexpected parameter/i.test(explanation)) {
    return {
      title: 'Unexpected field',
      whatToFix: 'The named field does not exist in this operation or API version: remove it, or use a version that has it.',
    };
  }
  if (f.field !== undefined) {
    const what = f.validationType?.known ? f.validationType.nextStep : 'Correct the named field.';
    return { title: `Field ${f.field} ${describeValidation(f.validationType?.code)}`, whatToFix: `${what} (${f.field})` };
  }
  if (cause === 'INVALID_REQUEST') {
    // ERROR_CAUSES' next step names error.field, which this answer does not have.
    return { title: `Request refused: INVALID_REQUEST (HTTP ${f.httpStatus})`, whatToFix: explanation ? 'Fix the request as the explanation says, then send again.' : 'The gateway named no field and gave no explanation: validate the request against the operation (the form shows the rules), then send again.' };
  }
  if (f.cause?.known && f.cause.nextStep) {
    return { title: `Request refused: ${f.cause.code} (HTTP ${f.httpStatus})`, whatToFix: f.cause.nextStep };
  }
  return {
    title: `Request refused (HTTP ${f.httpStatus})`,
    whatToFix: f.cause ? `${f.cause.meaning}. Read the explanation and fix the request.` : 'The gateway refused the request; read the body for detail.',
  };
}

function describeValidation(code: string | undefined): string {
  switch (code) {
    case 'MISSING':
      return 'is missing';
    case 'UNSUPPORTED':
      return 'is not supported';
    case 'INVALID':
      return 'is invalid';
    default:
      return 'was refused';
  }
}
