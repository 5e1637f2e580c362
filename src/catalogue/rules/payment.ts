/**
 * What the real gateway needs to move money or check a card, although the seed spec leaves those
 * fields "not shown" (so the field tree keeps them optional): the amount and currency of a payment,
 * and a card (or a token standing for it). Declared here so that the form, request-file
 * diagnostics and the simulator say the same thing. A body naming a session (session.id) may leave
 * them to the session: validate.ts turns these issues into "needed in the request or in the
 * session" warnings (sessionSupply.ts), and the simulator checks them on the merged body.
 */
import { issue } from '../issues';
import { at, isPresent } from './access';
import type { CrossFieldRule } from './types';

const CARD = 'sourceOfFunds.provided.card';

function requiredToPay(opts: { id: string; required: readonly string[]; onlyFor: readonly string[]; why: string }): CrossFieldRule {
  return {
    id: opts.id,
    description: `${opts.required.join(' and ')} required: ${opts.why}.`,
    needs: opts.required,
    onlyFor: opts.onlyFor,
    check(body) {
      return opts.required.filter((p) => !isPresent(at(body, p))).map((p) => issue(p, 'requiredFor', `required: ${opts.why}`));
    },
  };
}

export const authorizeAmount = requiredToPay({
  id: 'authorizeAmount', required: ['order.amount', 'order.currency'], onlyFor: ['gateway.authorize@11', 'gateway.pay@100'],
  why: 'the gateway answers "Missing parameter" for an authorization or payment without the amount and currency of the order',
});

export const verifyCurrency = requiredToPay({
  id: 'verifyCurrency', required: ['order.currency'], onlyFor: ['gateway.verify@100'],
  why: 'the gateway answers "Missing parameter" for a verification without the order currency',
});

export const refundAmount = requiredToPay({
  id: 'refundAmount', required: ['transaction.amount', 'transaction.currency'], onlyFor: ['gateway.refund@13'],
  why: 'the gateway answers "Missing parameter" for a refund without the amount and currency to refund',
});
export const captureAmount = requiredToPay({
  id: 'captureAmount', required: ['transaction.amount', 'transaction.currency'], onlyFor: ['gateway.capture@100'],
  why: 'the gateway answers "Missing parameter" for a capture without the amount and currency to capture',
});

/** Authorize, Pay and Verify present a card: its number and expiry, or a token standing for them. */
export const cardToCharge: CrossFieldRule = {
  id: 'cardToCharge',
  description: `${CARD}.number with its expiry (or sourceOfFunds.token) required to authorize, pay with or verify a card.`,
  needs: [`${CARD}.number`, `${CARD}.expiry.month`, `${CARD}.expiry.year`, 'sourceOfFunds.token'],
  onlyFor: ['gateway.authorize@11', 'gateway.pay@100', 'gateway.verify@100'],
  check(body) {
    if (isPresent(at(body, 'sourceOfFunds.token'))) return [];
    if (!isPresent(at(body, `${CARD}.number`))) {
      return [issue(`${CARD}.number`, 'requiredFor', 'required: a card number (or sourceOfFunds.token) is needed to authorize, pay with or verify a card')];
    }
    return [`${CARD}.expiry.month`, `${CARD}.expiry.year`]
      .filter((p) => !isPresent(at(body, p)))
      .map((p) => issue(p, 'requiredFor', 'required with a card number: the gateway needs the card expiry'));
  },
};
