import { GATEWAY_CODES, RESULT_VALUES, type GatewayCodeCategory } from '../../catalogue/codes';
import { ownValue } from '../../json/ownKey';
import { BodyView, definedOnly } from '../bodyView';
import { gatewayAdvice } from '../advice';
import { explainCode } from '../explain';
import type { CodeExplanation, DecodedOutcome, DecodedRisk, Verdict, VerdictTone } from '../types';

export function decodeOutcome(view: BodyView, operationId: string, notes: string[]): DecodedOutcome {
  const result = view.text(['result']) ?? '(missing)';
  const resultInfo = explainCode(RESULT_VALUES, view.at(['result']));
  const gatewayCode = view.at(['response', 'gatewayCode']);
  if (gatewayCode === undefined) notes.push('response.gatewayCode is missing; the gateway always sends it on a completed operation.');
  const outcome: DecodedOutcome = definedOnly({
    result,
    resultMeaning: resultInfo.meaning,
    gatewayCode: gatewayCode !== undefined ? withOperationAdvice(explainCode(GATEWAY_CODES, gatewayCode), operationId) : undefined,
    acquirerCode: view.text(['response', 'acquirerCode']),
    acquirerMessage: view.text(['response', 'acquirerMessage']),
    debugInformation: view.text(['response', 'debugInformation']),
  });
  noteInconsistentResult(outcome, notes);
  return outcome;
}

/** The code's next step as it applies to this operation (APPROVED means "fulfil" after an Authorize, not after a Refund). */
function withOperationAdvice(code: CodeExplanation, operationId: string): CodeExplanation {
  if (!code.known || !isGatewayCategory(code.category) || code.code === 'SUBMITTED') return code;
  const nextStep = gatewayAdvice(operationId, code.category, code.nextStep);
  return nextStep === undefined ? code : { ...code, nextStep };
}

const TONE: Record<GatewayCodeCategory, VerdictTone> = {
  approved: 'success',
  pending: 'info',
  // A decline is a normal business answer, not a broken request: warning, not error.
  declined: 'warning',
  'retry-safe': 'warning',
  error: 'error',
};

const LABEL: Record<GatewayCodeCategory, string> = {
  approved: 'Approved',
  pending: 'Pending',
  declined: 'Declined',
  'retry-safe': 'Failed, safe to retry',
  error: 'Failed',
};

const RESULT_TONE: Readonly<Record<string, VerdictTone>> = { SUCCESS: 'success', FAILURE: 'warning', PENDING: 'info', UNKNOWN: 'info' };

export function outcomeVerdict(outcome: DecodedOutcome, risk: DecodedRisk | undefined): Verdict {
  const verdict = baseVerdict(outcome);
  const riskCode = risk?.gatewayCode?.code;
  if (riskCode === 'REJECTED' && verdict.tone === 'success') {
    return { ...verdict, tone: 'warning', detail: `${verdict.detail} The risk assessment REJECTED the order, though.` };
  }
  return verdict;
}

function baseVerdict(outcome: DecodedOutcome): Verdict {
  const code = outcome.gatewayCode;
  const acquirer = acquirerSuffix(outcome);
  if (code?.known && isGatewayCategory(code.category)) {
    if (code.code === 'SUBMITTED') {
      return { tone: 'info', title: 'Browser payment initiated', detail: `${code.meaning} ${code.nextStep ?? ''}`.trim() };
    }
    const label = LABEL[code.category];
    const title = label.toUpperCase() === code.code ? label : `${label}: ${code.code}`;
    return { tone: TONE[code.category], title, detail: `${code.meaning}${acquirer} ${code.nextStep ?? ''}`.trim() };
  }
  // An unlisted code is never shown as a success, whatever `result` says: nobody knows what it means yet.
  const resultTone = ownValue(RESULT_TONE, outcome.result) ?? 'warning';
  const tone = resultTone === 'success' ? 'info' : resultTone;
  const what = code ? `gateway code ${code.code} is not known to this workbench` : 'no gateway code';
  return {
    tone,
    title: `Result ${outcome.result}: ${what}`,
    detail: `${outcome.resultMeaning}${acquirer} The gateway code is not in the tables: read the acquirer fields and query the order before acting.`,
  };
}

function acquirerSuffix(outcome: DecodedOutcome): string {
  const parts = [outcome.acquirerCode, outcome.acquirerMessage].filter((p): p is string => p !== undefined && p !== '');
  return parts.length > 0 ? ` Acquirer: ${parts.join(' ')}.` : '';
}

function isGatewayCategory(category: string | undefined): category is GatewayCodeCategory {
  return category !== undefined && ownValue(TONE, category) !== undefined;
}

function noteInconsistentResult(outcome: DecodedOutcome, notes: string[]): void {
  const category = outcome.gatewayCode?.category;
  if (outcome.result === 'SUCCESS' && (category === 'declined' || category === 'error')) {
    notes.push(`result is SUCCESS but the gateway code ${outcome.gatewayCode?.code} is a ${category}; trust the gateway code.`);
  }
  if (outcome.result === 'FAILURE' && category === 'approved') {
    notes.push(`result is FAILURE but the gateway code ${outcome.gatewayCode?.code} is an approval; query the order to be sure.`);
  }
}

/** Hints a developer would otherwise have to spot by reading the whole body. */
export function noteVerificationConcerns(
  outcome: DecodedOutcome,
  checks: { avs?: CodeExplanation; csc?: CodeExplanation; risk?: DecodedRisk },
  notes: string[],
): void {
  if (outcome.gatewayCode?.category !== 'approved') {
    return;
  }
  if (checks.csc?.category === 'no-match') notes.push('Approved although the card security code did NOT match: check your risk policy.');
  if (checks.avs?.category === 'no-match') notes.push('Approved although the address did NOT match (AVS NO_MATCH): check your risk policy.');
  if (checks.risk?.gatewayCode?.code === 'REVIEW_REQUIRED') notes.push('The risk assessment asks for a manual review: hold fulfilment until it is decided.');
}
