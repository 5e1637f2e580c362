/**
 * The question before a money-moving operation goes to a LIVE environment. Decided here, in the
 * engine, so it is unit-tested; the VS Code adapter only shows the dialog (with the safe default).
 */
import type { OperationDef } from '../catalogue';
import { isLive, type Environment } from '../environments/environment';

export interface LiveQuestion {
  message: string;
  detail: string;
}

/**
 * Undefined when the send may go without asking: a TEST environment, or nothing that moves money. No
 * caller can say "already confirmed": the answer comes only from the door's port (send/guardedSend.ts).
 */
export function liveQuestion(op: Pick<OperationDef, 'title' | 'moneyMoving'>, env: Environment, body: unknown): LiveQuestion | undefined {
  if (!op.moneyMoving || !isLive(env)) return undefined;
  const money = amountOf(body);
  return {
    message: `Send ${op.title}${money ? ` of ${money}` : ''} to the LIVE environment "${env.name}"?`,
    detail: `Real money may move. Merchant ${env.merchantId ?? '(none)'}, ${env.gatewayUrl ?? ''}`,
  };
}

/** "100.00 EUR" from order.* (Authorize, Pay) or transaction.* (Refund, Capture), as the body says it. */
function amountOf(body: unknown): string | undefined {
  const o = body as { order?: { amount?: unknown; currency?: unknown }; transaction?: { amount?: unknown; currency?: unknown } } | undefined;
  const pick = o?.order?.amount !== undefined ? o.order : o?.transaction;
  if (pick?.amount === undefined) return undefined;
  return `${String(pick.amount)} ${typeof pick.currency === 'string' ? pick.currency : ''}`.trim();
}
