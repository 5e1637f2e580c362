import { BodyView } from '../bodyView';
import type { Verdict } from '../types';

/** Payment Options Inquiry: the brands and currencies the merchant may offer, in one line. */

export function isPaymentOptionsAnswer(operationId: string): boolean {
  return operationId === 'gateway.paymentOptionsInquiry' || operationId === 'gateway.paymentOptionsInquiryGet';
}

const MAX_LISTED = 20;

export function paymentOptionsVerdict(view: BodyView): Verdict {
  const cardTypes = view.array(['paymentTypes', 'card', 'cardTypes']).slice(0, MAX_LISTED);
  const listed = cardTypes.map((_c, i) => {
    const brand = view.text(['paymentTypes', 'card', 'cardTypes', i, 'cardType']) ?? '?';
    const currencies = view.array(['paymentTypes', 'card', 'cardTypes', i, 'currencies']).slice(0, MAX_LISTED).map((_x, j) => view.text(['paymentTypes', 'card', 'cardTypes', i, 'currencies', j, 'currency']) ?? '?');
    return currencies.length > 0 ? `${brand} (${currencies.join(', ')})` : brand;
  });
  if (listed.length === 0) return { tone: 'warning', title: 'No card options', detail: 'The merchant may offer no card brand for what was asked (currency or card prefix): show another payment method or ask for another card.' };
  return { tone: 'success', title: 'Payment options', detail: `Cards the merchant may take: ${listed.join('; ')}. Offer only these on the card entry page.` };
}
