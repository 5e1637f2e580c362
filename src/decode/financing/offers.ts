import type { BodyView } from '../bodyView';
import { definedOnly } from '../bodyView';
import type { OfferRow } from '../types';

/** Offers in the order received (the partner's order is meaningful); figures as received text. */
export function decodeOffers(view: BodyView): OfferRow[] {
  return view.array(['data', 'offers']).map((_, i) => {
    const at = (field: string) => view.text(['data', 'offers', i, field]);
    return definedOnly({
      id: at('id'),
      childId: at('childId'),
      name: at('name') ?? `(offer ${i + 1})`,
      months: at('credit_period_months'),
      instalment: at('installment'),
      interest: at('interest'),
      dae: at('dae'),
      totalCreditAmount: at('total_credit_amount'),
      loanAmount: at('loan_amount'),
      analysisFee: at('analysis_fee'),
    });
  });
}
