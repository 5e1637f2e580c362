/**
 * The order an answer tells about, as the order model (src/orders/) sees it: the totals and status the
 * answer gives, and the transactions it shows (a Retrieve Order's list, or the one transaction an
 * operation reports). The response panel's next steps, the ledger that picks an order for a form and
 * the Orders view all read an answer through here.
 */
import { parseDecimal, type Decimal } from '../../catalogue/decimal';
import type { DecodedOrderTransaction } from '../../decode/types';
import { isApprovedCode, orderOf, type Order, type OrderAuthentication, type OrderTransaction } from '../model';
import { wasRefused } from '../refused';
import type { Exchange } from '../../send/exchange';

/** The order of a gateway answer that was not refused; undefined when the answer tells no order status. */
export function orderOfAnswer(e: Exchange): Order | undefined {
  const decoded = e.decoded;
  const order = decoded?.order;
  if (!decoded || decoded.api !== 'gateway' || wasRefused(e) || !order?.status) return undefined;
  const id = order.id ?? e.params.orderId;
  if (!id) return undefined;
  const unreadable: string[] = [];
  const total = (name: 'totalAuthorizedAmount' | 'totalCapturedAmount' | 'totalRefundedAmount'): Decimal | undefined => {
    const text = order[name];
    const value = parseDecimal(text);
    if (text !== undefined && value === undefined) unreadable.push(`${name} '${clipped(text)}' is not a decimal amount`);
    return value;
  };
  return orderOf({
    id,
    status: order.status,
    currency: order.currency,
    totals: { authorized: total('totalAuthorizedAmount'), captured: total('totalCapturedAmount'), refunded: total('totalRefundedAmount') },
    unreadable,
    transactions: order.transactions ? order.transactions.map(fromRow).filter((t) => t !== undefined) : ownTransaction(e),
    authentication: authenticationOf(e),
  });
}

/** An answer's text in a message: short enough to read, whatever the answer held. */
function clipped(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The 3-D Secure authentication the answer reports, in the order model's terms. */
function authenticationOf(e: Exchange): OrderAuthentication | undefined {
  const a = e.decoded?.authentication;
  const transactionId = a?.transactionId ?? e.params.transactionId;
  if (!a || !transactionId) return undefined;
  const available = a.version !== 'NONE' && a.status !== 'AUTHENTICATION_NOT_SUPPORTED' && a.status !== 'AUTHENTICATION_NOT_AVAILABLE';
  return { transactionId, stage: a.stage, available, proceed: a.proceed, amount: parseDecimal(e.decoded?.transaction?.amount) };
}

/** The id of the transaction this answer reports, the one a Void is offered for first. */
export function ownTransactionId(e: Exchange): string | undefined {
  return e.decoded?.transaction?.id ?? e.params.transactionId;
}

function ownTransaction(e: Exchange): OrderTransaction[] {
  const t = e.decoded?.transaction;
  const id = ownTransactionId(e);
  if (!t?.type || !id) return [];
  const outcome = e.decoded?.outcome;
  const gatewayCode = outcome?.gatewayCode?.code;
  return [{
    id,
    type: t.type.code,
    amount: parseDecimal(t.amount),
    approved: outcome?.result !== 'FAILURE' && isApprovedCode(gatewayCode),
    ...(outcome?.result ? { result: outcome.result } : {}),
    ...(gatewayCode ? { gatewayCode } : {}),
  }];
}

function fromRow(r: DecodedOrderTransaction): OrderTransaction | undefined {
  if (!r.id || !r.type) return undefined;
  return {
    id: r.id,
    type: r.type,
    amount: parseDecimal(r.amount),
    approved: (r.result === undefined || r.result === 'SUCCESS') && isApprovedCode(r.gatewayCode),
    ...(r.targetTransactionId !== undefined ? { targetTransactionId: r.targetTransactionId } : {}),
    ...(r.result !== undefined ? { result: r.result } : {}),
    ...(r.gatewayCode !== undefined ? { gatewayCode: r.gatewayCode } : {}),
  };
}
