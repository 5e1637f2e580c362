/**
 * tap replay of a call that needs earlier calls of its run (a session Pay after Create and Update
 * Session, a Capture after the Authorize that opened its order) is told so before it goes, with the
 * tap flow command that replays them together.
 */
import * as assert from 'node:assert/strict';
import { earlierMakers, replayAdvice } from '../../../src/cli/tapReplayAdvice';
import type { RecordedCallIndex } from '../../../src/cli/tapRecord';

const call = (seq: number, title: string, ids: { orderId?: string; sessionId?: string } = {}, run = 1): RecordedCallIndex => ({ line: seq, run, seq, recognised: true, operationId: `gateway.${title}`, title, ...ids });

const SESSION = 'SESSION0002345678901234567890';
const record = [
  call(1, 'Create Session', { sessionId: SESSION }),
  call(2, 'Update Session', { sessionId: SESSION }),
  call(3, 'Pay', { sessionId: SESSION, orderId: 'ORD-8c1f' }),
  call(4, 'Authorize', { orderId: 'ORD-2' }),
  call(5, 'Capture', { orderId: 'ORD-2' }),
  call(6, 'Verify', { orderId: 'ORD-3' }),
];

describe('tap replay: a call that needs earlier calls says so', () => {
  it('a session Pay names the session calls and suggests tap flow --order', () => {
    const pay = record[2] as RecordedCallIndex;
    assert.deepEqual(earlierMakers(record, pay).session.map((c) => c.seq), [1, 2]);
    assert.equal(
      replayAdvice(record, pay, 'my calls.jsonl'),
      `Call #3 (Pay) uses session ${SESSION}, which #1 (Create Session), #2 (Update Session) made. Sent alone it goes where they may not exist (a fresh simulator, another environment, an expired session), and is refused ("Unable to find session…"). To replay them together, save them as a flow and run it: payment-workbench tap flow 'my calls.jsonl' --order ORD-8c1f`,
    );
  });

  it('a Capture names the call that opened its order', () => {
    assert.match(replayAdvice(record, record[4] as RecordedCallIndex, 'calls.jsonl') ?? '', /^Call #5 \(Capture\) uses order ORD-2, which #4 \(Authorize\) opened\. .*\("Unable to find order…"\)\. .*tap flow calls\.jsonl --order ORD-2$/);
  });

  it('a call of no order is replayed with its makers by --calls, RUN:SEQ in an earlier run', () => {
    const earlier = [call(1, 'Create Session', { sessionId: 'S1' }), call(2, 'Update Session', { sessionId: 'S1' }), call(1, 'Verify', {}, 2)];
    assert.match(replayAdvice(earlier, earlier[1] as RecordedCallIndex, 'calls.jsonl') ?? '', /^Call 1:#2 \(Update Session\) uses session S1, which 1:#1 \(Create Session\) made\. .* --calls 1:1,1:2$/);
  });

  it('says nothing of a call that stands alone: it opens its order, or names nothing made before', () => {
    assert.equal(replayAdvice(record, record[0] as RecordedCallIndex, 'calls.jsonl'), undefined);
    assert.equal(replayAdvice(record, record[3] as RecordedCallIndex, 'calls.jsonl'), undefined);
    assert.equal(replayAdvice(record, record[5] as RecordedCallIndex, 'calls.jsonl'), undefined);
  });

  it('an id with a line feed in it cannot forge a line', () => {
    const forged = [call(1, 'Create Session', { sessionId: 'S\nPASSED' }), call(2, 'Update Session', { sessionId: 'S\nPASSED' })];
    assert.doesNotMatch(replayAdvice(forged, forged[1] as RecordedCallIndex, 'calls.jsonl') ?? '', /\n/);
  });
});
