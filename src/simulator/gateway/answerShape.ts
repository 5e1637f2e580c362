import { ANSWER_FIELD_PATHS, answerCarries, type AnswerAt, type AnswerOutcome } from '../../catalogue';
import type { OperationId } from '../../catalogue';
import type { TransactionType } from '../../catalogue/codes';
import { DecimalNumber, type JsonOut } from '../jsonText';
import type { TransactionRecord } from './orders';

/**
 * The one place an answer is cut to what the real gateway's answer carries at its operation, version and
 * outcome: the builders write every field they know, and every field src/catalogue/answerFields.ts
 * lists but this answer does not carry goes (an object left empty goes with it). Fields the table does
 * not list are left as the builder wrote them.
 */

type JsonRecord = { [key: string]: JsonOut };

function isRecord(value: JsonOut): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof DecimalNumber);
}

/** Removes `path`, then each parent it leaves empty; stops at anything not a plain object (a list, a number). */
function removePath(root: JsonRecord, parts: readonly string[]): void {
  const [head, ...rest] = parts;
  if (head === undefined || !Object.hasOwn(root, head)) return;
  if (rest.length === 0) {
    delete root[head];
    return;
  }
  const child = root[head];
  if (!isRecord(child)) return;
  removePath(child, rest);
  if (Object.values(child).every((v) => v === undefined)) delete root[head];
}

export function shapeAnswer<T extends JsonOut>(answer: T, at: AnswerAt): T {
  if (!isRecord(answer)) return answer;
  for (const path of ANSWER_FIELD_PATHS) {
    if (!answerCarries(path, at)) removePath(answer, path.split('.'));
  }
  return answer;
}

/** approved: SUCCESS; declined: the acquirer answered otherwise; refused: it never reached the acquirer (BLOCKED, LOCK_FAILURE). */
export function outcomeOf(txn: Pick<TransactionRecord, 'result' | 'acquirer'>): AnswerOutcome {
  if (txn.result === 'SUCCESS') return 'approved';
  return txn.acquirer ? 'declined' : 'refused';
}

const OPERATION_OF_TYPE: Readonly<Record<TransactionType, OperationId>> = {
  AUTHORIZATION: 'gateway.authorize',
  AUTHORIZATION_UPDATE: 'gateway.updateAuthorization',
  CAPTURE: 'gateway.capture',
  PAYMENT: 'gateway.pay',
  REFUND: 'gateway.refund',
  VERIFICATION: 'gateway.verify',
  VOID_AUTHORIZATION: 'gateway.void',
  VOID_CAPTURE: 'gateway.void',
  VOID_PAYMENT: 'gateway.void',
  VOID_REFUND: 'gateway.void',
  // Authentications are kept apart from the order's transactions (authenticationRecord.ts); never stored as one.
  AUTHENTICATION: 'gateway.authenticatePayer',
};

/** The operation whose answer a stored transaction is shown as (Retrieve Transaction and webhooks show the same body). */
export function answeringOperation(txn: Pick<TransactionRecord, 'type' | 'browserPayment'>): OperationId {
  return txn.browserPayment ? 'gateway.initiateBrowserPayment' : OPERATION_OF_TYPE[txn.type];
}
