import { ANSWER_FIELD_PATHS, answerCarries, NEVER_ANSWERED_PATHS, OPERATION_OF_TRANSACTION_TYPE, type AnswerAt, type AnswerOutcome } from '../../catalogue';
import type { OperationId } from '../../catalogue';
import { DecimalNumber, withoutPath, type JsonOut } from '../jsonText';
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

/**
 * The paths an answer drops, per operation, version and outcome: worked out once each (every answer asks
 * the whole table otherwise). Bounded by the operations × versions × outcomes there are.
 */
const dropped = new Map<string, readonly (readonly string[])[]>();

function droppedAt(at: AnswerAt): readonly (readonly string[])[] {
  const key = `${at.operation}@${at.version}:${at.outcome}`;
  let paths = dropped.get(key);
  if (!paths) {
    paths = ANSWER_FIELD_PATHS.filter((path) => !answerCarries(path, at)).map((path) => path.split('.'));
    dropped.set(key, paths);
  }
  return paths;
}

const neverAnswered = NEVER_ANSWERED_PATHS.map((path) => path.split('.'));

/** An echo of what a session holds, less what no gateway answer carries (answerFields.ts: order.notificationUrl); the session's own fields stay whole. */
export function withoutNeverAnswered(echo: JsonRecord): JsonRecord {
  // Parsed JSON and the builders' values: the copy holds the same JSON values.
  return neverAnswered.reduce((shown, path) => withoutPath(shown, path) as JsonRecord, echo);
}

export function shapeAnswer<T extends JsonOut>(answer: T, at: AnswerAt): T {
  if (!isRecord(answer)) return answer;
  for (const parts of droppedAt(at)) removePath(answer, parts);
  return answer;
}

/** approved: SUCCESS; declined: the acquirer answered otherwise; refused: it never reached the acquirer (BLOCKED, LOCK_FAILURE). */
export function outcomeOf(txn: Pick<TransactionRecord, 'result' | 'acquirer'>): AnswerOutcome {
  if (txn.result === 'SUCCESS') return 'approved';
  return txn.acquirer ? 'declined' : 'refused';
}

/** The operation whose answer a stored transaction is shown as (Retrieve Transaction and webhooks show the same body). */
export function answeringOperation(txn: Pick<TransactionRecord, 'type' | 'browserPayment'>): OperationId {
  return txn.browserPayment ? 'gateway.initiateBrowserPayment' : OPERATION_OF_TRANSACTION_TYPE[txn.type];
}
