import { getString, jsonText, type JsonObject } from '../jsonText';
import { jsonResponse, type SimResponse } from '../types';
import { brandOf } from './testCards';

/**
 * Payment Options Inquiry (GET and POST …/paymentOptionsInquiry). The answer's shape is inferred
 * (the reference's field table was not readable): paymentTypes.card.cardTypes[] with each brand's
 * currencies, transactionSource[] and supportedPaymentOperations[]. Every simulator merchant offers
 * the same options; order.currency and sourceOfFunds.provided.card.prefix narrow them.
 */

const CARD_TYPES: readonly { cardType: string; currencies: readonly string[] }[] = [
  { cardType: 'MASTERCARD', currencies: ['AUD', 'EUR', 'GBP', 'USD'] },
  { cardType: 'VISA', currencies: ['AUD', 'EUR', 'GBP', 'USD'] },
  { cardType: 'AMEX', currencies: ['AUD', 'USD'] },
];

export function paymentOptions(merchantId: string, filters: JsonObject): SimResponse {
  const currency = getString(filters, 'order.currency');
  const prefix = getString(filters, 'sourceOfFunds.provided.card.prefix');
  const brand = prefix !== undefined ? (prefix.startsWith('34') || prefix.startsWith('37') ? 'AMEX' : brandOf(prefix)) : undefined;
  const cardTypes = CARD_TYPES
    .filter((c) => brand === undefined || c.cardType === brand)
    .map((c) => ({ cardType: c.cardType, currencies: c.currencies.filter((x) => currency === undefined || x === currency).map((x) => ({ currency: x })) }))
    .filter((c) => c.currencies.length > 0);
  return jsonResponse(200, jsonText({
    merchant: merchantId,
    paymentTypes: { card: { cardTypes } },
    result: 'SUCCESS',
    supportedPaymentOperations: ['AUTHORIZE', 'PAY', 'VERIFY', 'CAPTURE', 'REFUND', 'VOID'],
    transactionSource: ['INTERNET', 'MOTO'],
  }));
}
