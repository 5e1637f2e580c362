import { getString, type JsonObject, type JsonOut } from '../jsonText';
import { maskCardNumber } from '../../redaction';
import type { SimResponse } from '../types';
import { invalidValue } from './errors';
import { brandOf } from './testCards';

/**
 * The card a request pays with, after session and provided details are merged (provided wins, as
 * the spec's precedence says). A `sourceOfFunds.token` alone stands for the first test card
 * 5123450000000008 expiring 01/39: the simulator has no save-card operation to mint real tokens.
 * A device payment token (sourceOfFunds.provided.card.devicePayment.paymentToken) is never decrypted:
 * any token stands for the device test card 5111111111111118 expiring 01/39, approved and without
 * 3-D Secure behaviour, as Google Pay's TEST environment hands out tokens of one constant card.
 */

export interface CardDetails {
  number: string;
  expiryMonth?: string;
  expiryYear?: string;
  securityCode?: string;
  /** The name on the card as sent: echoed in the answers (B49, the BSF v57 Void of test/contract/corpus). */
  nameOnCard?: string;
  /** True when the card came from a token (saved card or device payment), not from digits in the request. */
  fromToken: boolean;
}

const TOKEN_CARD = { number: '5123450000000008', expiryMonth: '1', expiryYear: '39' };
/** What every device payment token decrypts to on the simulator (src/simulator/README.md, Device payments). */
export const DEVICE_TOKEN_CARD = { number: '5111111111111118', expiryMonth: '1', expiryYear: '39' } as const;

export function cardFrom(body: JsonObject): CardDetails | undefined {
  const number = getString(body, 'sourceOfFunds.provided.card.number')?.replace(/[ -]/g, '');
  const month = getString(body, 'sourceOfFunds.provided.card.expiry.month');
  const year = getString(body, 'sourceOfFunds.provided.card.expiry.year');
  const securityCode = getString(body, 'sourceOfFunds.provided.card.securityCode');
  const nameOnCard = getString(body, 'sourceOfFunds.provided.card.nameOnCard');
  const optional = { ...(securityCode !== undefined ? { securityCode } : {}), ...(nameOnCard !== undefined ? { nameOnCard } : {}) };
  if (number) return { number, ...(month ? { expiryMonth: month } : {}), ...(year ? { expiryYear: year } : {}), ...optional, fromToken: false };
  if (getString(body, 'sourceOfFunds.token')) return { ...TOKEN_CARD, ...optional, fromToken: true };
  if (getString(body, 'sourceOfFunds.provided.card.devicePayment.paymentToken')) return { ...DEVICE_TOKEN_CARD, fromToken: true };
  return undefined;
}

/** The masked card group of a response (first 6 and last 4 digits, like the real default masking). */
export function sourceOfFundsView(card: CardDetails): JsonOut {
  const brand = brandOf(card.number);
  return {
    provided: {
      card: {
        brand,
        ...(card.expiryMonth && card.expiryYear ? { expiry: { month: card.expiryMonth, year: card.expiryYear } } : {}),
        fundingMethod: card.number.startsWith('512345') ? 'DEBIT' : 'CREDIT',
        ...(card.nameOnCard !== undefined ? { nameOnCard: card.nameOnCard } : {}),
        number: maskCardNumber(card.number),
        scheme: brand === 'UNKNOWN' ? 'MASTERCARD' : brand,
      },
    },
    type: 'CARD',
  };
}

/** The error for a malformed card number; the value is masked, because error bodies are logged and shown. */
export function invalidCardNumber(number: string): SimResponse {
  return invalidValue('sourceOfFunds.provided.card.number', maskCardNumber(number), 'Card number must be 12 to 19 digits');
}
