import {
  RISK_GATEWAY_CODES,
  RISK_REVERSAL_RESULTS,
  RISK_REVIEW_DECISIONS,
  RISK_RULE_RECOMMENDATIONS,
} from '../../catalogue/codes';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { JsonPath } from '../../json';
import type { DecodedRisk, DecodedRiskRule } from '../types';

const TOP_LEVEL: JsonPath = ['risk', 'response'];
const IN_RESPONSE: JsonPath = ['response', 'risk'];

/**
 * Real responses carry the risk result at top-level `risk.response`; the spec's table calls the
 * group `response.risk`. Both are read, the real place first.
 */
export function decodeRisk(view: BodyView, notes: string[]): DecodedRisk | undefined {
  const atTop = view.record(TOP_LEVEL) !== undefined;
  const inResponse = view.record(IN_RESPONSE) !== undefined;
  if (!atTop && !inResponse) return undefined;
  if (atTop && inResponse) {
    notes.push('Risk appears at both risk.response and response.risk; showing risk.response (where real responses put it).');
  }
  const base = atTop ? TOP_LEVEL : IN_RESPONSE;
  const source: DecodedRisk['source'] = atTop ? 'risk.response' : 'response.risk';
  const p = (...rest: (string | number)[]): JsonPath => [...base, ...rest];

  const decision = view.at(p('review', 'decision'));
  const review =
    decision !== undefined
      ? definedOnly({
          decision: explainCode(RISK_REVIEW_DECISIONS, decision),
          reason: view.text(p('review', 'decisionReason')),
          note: view.text(p('review', 'note')),
        })
      : undefined;

  const rules: DecodedRiskRule[] = view.array(p('rule')).map((_, i) => decodeRule(view, p('rule', i)));
  const gatewayCode = view.at(p('gatewayCode'));
  const reversal = view.at(p('reversalResult'));

  return definedOnly({
    gatewayCode: gatewayCode !== undefined ? explainCode(RISK_GATEWAY_CODES, gatewayCode) : undefined,
    review,
    reversal: reversal !== undefined ? explainCode(RISK_REVERSAL_RESULTS, reversal) : undefined,
    totalScore: view.number(p('totalScore')),
    rules,
    source,
  });
}

function decodeRule(view: BodyView, at: JsonPath): DecodedRiskRule {
  const recommendation = view.at([...at, 'recommendation']);
  return definedOnly({
    name: view.text([...at, 'name']) ?? view.text([...at, 'id']) ?? '(unnamed rule)',
    type: view.text([...at, 'type']),
    recommendation: recommendation !== undefined ? explainCode(RISK_RULE_RECOMMENDATIONS, recommendation) : undefined,
    score: view.number([...at, 'score']),
    data: view.text([...at, 'data']),
  });
}
