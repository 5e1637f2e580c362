/** The entry of dist/tapWorker.js: checks and decodes captured calls off the thread that forwards them. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyseCall } from './analyse';
import { SessionsSeen } from './sessionsSeen';
import type { AnalysisMessage } from './analyser';
import type { TapUpstream } from './types';

const { upstream } = workerData as { upstream: TapUpstream };
// Calls arrive in the order made: a Pay is checked after the Update Session that filled its session.
const sessions = new SessionsSeen();
parentPort?.on('message', (message: AnalysisMessage) => {
  if (message.type !== 'analyse') return;
  // Buffers arrive as Uint8Arrays: the analysis reads them as Buffers.
  const calls = message.seen.map((seen) =>
    analyseCall({ ...seen, requestBody: Buffer.from(seen.requestBody), ...(seen.answer ? { answer: { ...seen.answer, body: Buffer.from(seen.answer.body) } } : {}) }, upstream, sessions),
  );
  parentPort?.postMessage({ type: 'calls', seqs: calls.map((c) => c.seq), json: JSON.stringify(calls) } satisfies AnalysisMessage);
});
