/**
 * `tap replay` sends one captured call alone, so it cannot bring what earlier calls of its run made:
 * a session they created and filled (Create Session, Update Session), an order they opened. The
 * gateway then answers "Unable to find session…", which reads as a fault of the replay. Said before
 * the call goes, with what works: the calls together, saved as a flow by `tap flow` and run.
 */
import { escapeControls, excerpt } from '../format/quote';
import { shellQuote } from '../http';
import type { RecordedCallIndex } from './tapRecord';

/** The calls of the same run, before `call`, that made the session or the order it names. */
export function earlierMakers(index: readonly RecordedCallIndex[], call: RecordedCallIndex): { session: RecordedCallIndex[]; order: RecordedCallIndex[] } {
  const before = index.filter((c) => c.run === call.run && c.seq < call.seq);
  return {
    session: call.sessionId === undefined ? [] : before.filter((c) => c.sessionId === call.sessionId),
    order: call.orderId === undefined ? [] : before.filter((c) => c.orderId === call.orderId),
  };
}

/** "#1 (Create Session), #2 (Update Session)"; an earlier run's calls as RUN:#SEQ. */
const named = (calls: readonly RecordedCallIndex[], latestRun: number): string => calls.map((c) => `${seqOf(c, latestRun, '#')} (${excerpt(c.title, 120)})`).join(', ');
const seqOf = (c: RecordedCallIndex, latestRun: number, mark = ''): string => `${c.run === latestRun ? '' : `${c.run}:`}${mark}${c.seq}`;

/**
 * What to say before a replay of `call` that needs earlier calls, or undefined when it stands alone.
 * `recordFile`: the record file as the user named it.
 */
export function replayAdvice(index: readonly RecordedCallIndex[], call: RecordedCallIndex, recordFile: string): string | undefined {
  const makers = earlierMakers(index, call);
  if (makers.session.length === 0 && makers.order.length === 0) return undefined;
  const latestRun = Math.max(...index.map((c) => c.run));
  const uses = [
    makers.session.length ? `session ${excerpt(call.sessionId ?? '', 64)}, which ${named(makers.session, latestRun)} made` : '',
    makers.order.length ? `order ${excerpt(call.orderId ?? '', 64)}, which ${named(makers.order, latestRun)} opened` : '',
  ].filter(Boolean).join(', and ');
  const refusal = makers.session.length ? 'Unable to find session…' : 'Unable to find order…';
  // The order's calls bring the session calls that led to it; a call of no order is named with its makers.
  const together = call.orderId !== undefined
    ? `--order ${shellQuote(call.orderId)}`
    : `--calls ${[...makers.session, call].map((c) => seqOf(c, latestRun)).join(',')}`;
  const advice = `Call ${seqOf(call, latestRun, '#')} (${excerpt(call.title, 120)}) uses ${uses}. Sent alone it goes where they may not exist (a fresh simulator, another environment, an expired session), and is refused ("${refusal}"). To replay them together, save them as a flow and run it: payment-workbench tap flow ${shellQuote(recordFile)} ${together}`;
  // Ids and the file name come from the record and the command line: no control character reaches the terminal.
  return escapeControls(advice);
}
