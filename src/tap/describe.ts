/**
 * How a captured call reads in a terminal line, a JSON line for scripts and a row of the Tap view.
 * Every text that came with the call (an id from the URL or the answer, the path of a call the
 * catalogue does not have, the answer's code) is shown through excerpt: control characters escaped,
 * so a line feed in an id cannot forge a line of its own, and a long one cut.
 */
import { excerpt } from '../format/quote';
import { codeOf } from '../history/describeExchange';
import type { ProxyNotice, TapCall } from './types';

/** The gateway's ids are at most 40 characters (a session id 31): room for those, a bound for anything else. */
const MAX_ID_CHARS = 64;
const MAX_PATH_CHARS = 160;
/** A decoded verdict's title when the answer has no code ("Response is not JSON"). */
const MAX_VERDICT_CHARS = 120;
const MAX_EXPLANATION_CHARS = 200;

function problemsText(call: TapCall): string {
  const errors = call.problems.filter((p) => p.severity === 'error').length;
  const warnings = call.problems.length - errors;
  if (!call.recognised) return 'not in the catalogue';
  if (call.problems.length === 0) return 'no problems';
  return [errors ? `${errors} error${errors === 1 ? '' : 's'}` : '', warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : ''].filter(Boolean).join(', ');
}

/** "Authorize v100", or the method and path of a call the catalogue does not have. */
export function tapOperationText(call: TapCall): string {
  const e = call.exchange;
  return call.recognised ? `${e.operationTitle}${e.version !== undefined ? ` v${e.version}` : ''}` : excerpt(e.operationTitle, MAX_PATH_CHARS);
}

/** "ORD-1/TXN-1", "ORD-1", "session SESSION0001…", a financing "sign-in 1" or "-". */
export function tapIdsText(call: TapCall): string {
  const id = (value: string) => excerpt(value, MAX_ID_CHARS);
  if (call.orderId) return call.transactionId ? `${id(call.orderId)}/${id(call.transactionId)}` : id(call.orderId);
  if (call.sessionId) return `session ${id(call.sessionId)}`;
  return call.conversation ?? '-';
}

/** The verdict a developer scans for: gatewayCode, result or the failure's kind. */
export function tapVerdictText(call: TapCall): string {
  return excerpt(verdictOf(call), MAX_VERDICT_CHARS);
}

/** The verdict as data (the --json line's): as the answer gave it. */
function verdictOf(call: TapCall): string {
  const e = call.exchange;
  return codeOf(e) ?? e.failure?.kind ?? '-';
}

/** The gateway's explanation of a refusal, last on the line: the code alone (INVALID_REQUEST) does not say what to fix. */
function explanationText(call: TapCall): string {
  const explanation = call.exchange.decoded?.error?.explanation;
  return explanation ? `— ${excerpt(explanation, MAX_EXPLANATION_CHARS)}` : '';
}

/** One terminal line: time, operation and version, ids, status, verdict, problems, time taken, fault, the gateway's explanation. */
export function describeTapCall(call: TapCall): string {
  const e = call.exchange;
  const time = e.startedAt.slice(11, 19);
  const status = e.response ? String(e.response.status) : 'no answer';
  const took = e.response ? `${Math.round(e.response.timing.totalMs)} ms` : '';
  return [`#${call.seq}`, time, tapOperationText(call), tapIdsText(call), status, tapVerdictText(call), problemsText(call), took, call.fault ? `fault ${call.fault}` : '', explanationText(call)]
    .filter(Boolean)
    .join('  ');
}

/** The `--json` line (and the record file's): the facts a script decides on, then the masked exchange. */
export function tapCallJson(call: TapCall): string {
  const e = call.exchange;
  return JSON.stringify({
    seq: call.seq,
    time: e.startedAt,
    operation: call.recognised ? e.operationId : null,
    version: e.version ?? null,
    orderId: call.orderId ?? null,
    transactionId: call.transactionId ?? null,
    sessionId: call.sessionId ?? null,
    conversation: call.conversation ?? null,
    status: e.response?.status ?? null,
    verdict: call.recognised || e.response ? verdictOf(call) : null,
    problems: call.problems.length,
    recognised: call.recognised,
    ...(call.unrecognisedWhy !== undefined ? { unrecognisedWhy: call.unrecognisedWhy } : {}),
    ...(call.fault !== undefined ? { fault: call.fault } : {}),
    exchange: e,
  });
}

/** A proxy notice as one line, the same in the terminal and VS Code's log: a tunnel by name and byte counts only. */
export function describeProxyNotice(notice: ProxyNotice): string {
  if (notice.kind === 'handshake') return `the client refused the tap's certificate for ${notice.host} (${notice.message}): it does not trust this run's interception CA`;
  return `tunnel ${notice.host}:${notice.port} (not intercepted): ${notice.bytesUp} B up, ${notice.bytesDown} B down${notice.error ? `, ${notice.error}` : ''}`;
}
