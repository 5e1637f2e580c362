import { aprPercentOneDecimal, monthlyInstalmentCents } from './apr';

/**
 * The offers the simulated lender makes for a cart. One product family (id 1) with a plan per
 * period; the nominal rates and the fee rule are the simulator's own, chosen so that the worked
 * example of the reference (5000 over 24 months at 19.9 % with a 150 fee → APR 25.7 %) is exactly
 * the 24-month offer for a 5000 cart.
 */

export interface Offer {
  id: number;
  childId: number;
  name: string;
  installment: number;
  interest: number;
  dae: number;
  total_credit_amount: number;
  loan_amount: number;
  analysis_fee: number;
  credit_period_months: number;
}

interface Plan {
  months: number;
  ratePercent: number;
}

const PLANS: readonly Plan[] = [
  { months: 6, ratePercent: 0 },
  { months: 12, ratePercent: 9.9 },
  { months: 24, ratePercent: 19.9 },
  { months: 36, ratePercent: 19.9 },
];

// The financed range and periods are declared once, in the catalogue (rules/financing.ts).

/** The file-analysis fee: 3 % of the amount financed, at most 150, paid upfront. */
function analysisFeeCents(principalCents: number): number {
  return Math.min(150_00, Math.round(principalCents * 0.03));
}

function offerFor(principalCents: number, plan: Plan): Offer {
  const instalment = monthlyInstalmentCents(principalCents, plan.ratePercent, plan.months);
  const fee = analysisFeeCents(principalCents);
  return {
    id: 1,
    childId: 100 + plan.months,
    name: plan.ratePercent === 0 ? `Interest-free credit ${plan.months} months` : `Simulator credit ${plan.months} months`,
    installment: instalment / 100,
    interest: plan.ratePercent,
    dae: aprPercentOneDecimal(principalCents, fee, instalment, plan.months),
    // What the consumer pays in total: every instalment plus the fee (integer cents, so exact).
    total_credit_amount: (instalment * plan.months + fee) / 100,
    loan_amount: principalCents / 100,
    analysis_fee: fee / 100,
    credit_period_months: plan.months,
  };
}

/** The standard plans, plus the requested period when it is not one of them (at the 19.9 % rate). */
export function offersFor(principalCents: number, requestedPeriod?: number): Offer[] {
  const plans = [...PLANS];
  if (requestedPeriod !== undefined && !plans.some((p) => p.months === requestedPeriod)) {
    plans.push({ months: requestedPeriod, ratePercent: 19.9 });
    plans.sort((a, b) => a.months - b.months);
  }
  return plans.map((p) => offerFor(principalCents, p));
}
