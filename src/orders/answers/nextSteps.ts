/**
 * What can follow a gateway response on its order: Capture…, Refund…, Void, Update Authorization…,
 * Retrieve Order, each with the order id, the amount left and its currency, or the transaction to
 * void, and a note saying where each value came from. What is offered is the order model's answer
 * (src/orders/whatCanFollow.ts), the rules the simulator enforces; this file only words it as steps
 * for the response panel and the Orders view. No vscode here.
 */
import { decimalText, type Decimal } from '../../catalogue/decimal';
import type { OperationId } from '../../catalogue/operations';
import type { Order } from '../model';
import { whatCanFollow, type FollowUp } from '../whatCanFollow';
import type { Exchange } from '../../send/exchange';
import { orderOfAnswer, ownTransactionId } from './orderOfAnswer';
import type { NextStep } from './nextStep';
import { savedCardSteps } from './savedCardSteps';

export type { NextStep } from './nextStep';

const MONEY_STEPS = {
  capture: { operationId: 'gateway.capture', apiOperation: 'CAPTURE', title: 'Capture' },
  updateAuthorization: { operationId: 'gateway.updateAuthorization', apiOperation: 'UPDATE_AUTHORIZATION', title: 'Update Authorization' },
  refund: { operationId: 'gateway.refund', apiOperation: 'REFUND', title: 'Refund' },
} as const satisfies Record<string, { operationId: OperationId; apiOperation: string; title: string }>;

/** The next steps a response offers; none for a refused request, a financing call or an unknown order. */
export function nextStepsFor(e: Exchange): NextStep[] {
  const saved = savedCardSteps(e);
  if (saved) return saved;
  const order = orderOfAnswer(e);
  if (!order) return [];
  const source = `the ${e.operationTitle} response`;
  return whatCanFollow(order, ownTransactionId(e)).map((f) => stepOf(order, f, source));
}

function stepOf(o: Order, f: FollowUp, source: string): NextStep {
  switch (f.kind) {
    case 'capture':
    case 'updateAuthorization':
    case 'refund':
      return moneyStep(o, MONEY_STEPS[f.kind], f.amount, f.how, f.what, source);
    case 'void':
      return {
        operationId: 'gateway.void',
        label: `Void ${f.target.type.toLowerCase()} ${f.target.id}…`,
        params: { orderId: o.id },
        body: { apiOperation: 'VOID', transaction: { targetTransactionId: f.target.id } },
        fieldNotes: { 'transaction.targetTransactionId': `The ${f.target.type} ${f.target.id} of order ${o.id}, from ${source}.` },
      };
    case 'retrieveOrder':
      return { operationId: 'gateway.retrieveOrder', label: f.why ? `Retrieve Order (${f.why})` : 'Retrieve Order', params: { orderId: o.id }, fieldNotes: {} };
    case 'authenticatePayer':
      return {
        operationId: 'gateway.authenticatePayer',
        label: 'Authenticate Payer…',
        params: { orderId: o.id, transactionId: f.transactionId },
        body: { apiOperation: 'AUTHENTICATE_PAYER', order: { currency: o.currency ?? '' } },
        fieldNotes: { transactionId: `The same transaction id as Initiate Authentication, from ${source}.`, 'order.currency': `The currency of Initiate Authentication, from ${source}.` },
      };
    case 'retrieveAuthentication':
      return {
        operationId: 'gateway.retrieveTransaction',
        label: 'Retrieve Transaction (after the payer\'s challenge)',
        params: { orderId: o.id, transactionId: f.transactionId },
        fieldNotes: { transactionId: `The authentication transaction, from ${source}: read it after the payer returns from the challenge.` },
      };
    case 'payWithAuthentication':
      return payStep(o, f.operation, f.transactionId, f.amount, source);
  }
}

function moneyStep(o: Order, step: (typeof MONEY_STEPS)[keyof typeof MONEY_STEPS], amount: Decimal, how: string, what: string, source: string): NextStep {
  const text = decimalText(amount);
  const currency = o.currency ?? '';
  return {
    operationId: step.operationId,
    label: `${step.title} ${text}${currency ? ` ${currency}` : ''}…`,
    params: { orderId: o.id },
    body: { apiOperation: step.apiOperation, transaction: { amount: text, ...(currency ? { currency } : {}) } },
    fieldNotes: {
      'transaction.amount': `${text} ${what}: ${how}, from ${source} on order ${o.id}.`,
      ...(currency ? { 'transaction.currency': `The order's currency, from ${source}.` } : {}),
    },
  };
}

function payStep(o: Order, operation: 'pay' | 'authorize', transactionId: string, amount: Decimal | undefined, source: string): NextStep {
  const text = amount ? decimalText(amount) : undefined;
  const currency = o.currency ?? '';
  return {
    operationId: operation === 'pay' ? 'gateway.pay' : 'gateway.authorize',
    label: `${operation === 'pay' ? 'Pay' : 'Authorize'}${text ? ` ${text}${currency ? ` ${currency}` : ''}` : ''} with this authentication…`,
    params: { orderId: o.id },
    body: {
      apiOperation: operation === 'pay' ? 'PAY' : 'AUTHORIZE',
      authentication: { transactionId },
      order: { ...(text ? { amount: text } : {}), ...(currency ? { currency } : {}) },
    },
    fieldNotes: {
      'authentication.transactionId': `The authentication transaction ${transactionId} of order ${o.id}, from ${source}.`,
      ...(text ? { 'order.amount': `The authenticated amount (the most a payment with it may take), from ${source}.` } : {}),
      ...(currency ? { 'order.currency': `The authenticated currency, from ${source}.` } : {}),
    },
  };
}
