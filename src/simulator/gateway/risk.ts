import type { RiskGatewayCode, RiskReviewDecision, RiskRuleRecommendation, RiskRuleType } from '../../catalogue/codes';
import type { Milli } from '../money';

/**
 * The simulator's risk assessment, shaped like the real `risk.response` (top level, as real
 * responses put it). Rules and thresholds are the simulator's own, so clients can see every result:
 *   MSO_BIN_RANGE      always, NO_ACTION, score 10 (as in the captured real response)
 *   ORDER_AMOUNT_HIGH  amount above 10,000: REVIEW, score 50 → REVIEW_REQUIRED, decision PENDING
 *   ORDER_AMOUNT_LIMIT amount above 50,000: REJECT, score 100 → REJECTED; the payment is BLOCKED
 */

// Type aliases, not interfaces: the result is stored as the answer's JSON as it is (no copy to fit JsonOut).
type RiskRule = {
  data?: string;
  id: string;
  name: string;
  recommendation: RiskRuleRecommendation;
  score: number;
  type: RiskRuleType;
};

type RiskResult = {
  gatewayCode: RiskGatewayCode;
  review: { decision: RiskReviewDecision };
  rule: RiskRule[];
  totalScore: number;
};

const REVIEW_ABOVE: Milli = 10_000_000n;
const REJECT_ABOVE: Milli = 50_000_000n;

export function assessRisk(amount: Milli, cardNumber: string | undefined): RiskResult {
  // Two literals, not a conditional spread: this runs for every card payment (the bench's hot path).
  const rule: RiskRule[] = [
    cardNumber
      ? { data: cardNumber.slice(0, 6), id: 'MSO_1', name: 'MSO_BIN_RANGE', recommendation: 'NO_ACTION', score: 10, type: 'MSO_RULE' }
      : { id: 'MSO_1', name: 'MSO_BIN_RANGE', recommendation: 'NO_ACTION', score: 10, type: 'MSO_RULE' },
  ];
  if (amount > REJECT_ABOVE) rule.push({ id: 'MR_2', name: 'ORDER_AMOUNT_LIMIT', data: 'amount > 50000', recommendation: 'REJECT', score: 100, type: 'MERCHANT_RULE' });
  else if (amount > REVIEW_ABOVE) rule.push({ id: 'MR_1', name: 'ORDER_AMOUNT_HIGH', data: 'amount > 10000', recommendation: 'REVIEW', score: 50, type: 'MERCHANT_RULE' });
  const totalScore = rule.reduce((s, r) => s + r.score, 0);
  const rejected = rule.some((r) => r.recommendation === 'REJECT');
  const review = rule.some((r) => r.recommendation === 'REVIEW');
  return {
    gatewayCode: rejected ? 'REJECTED' : review ? 'REVIEW_REQUIRED' : 'ACCEPTED',
    review: { decision: rejected ? 'REJECTED' : review ? 'PENDING' : 'NOT_REQUIRED' },
    rule,
    totalScore,
  };
}
