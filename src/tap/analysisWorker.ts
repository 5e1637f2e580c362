/** The entry of dist/tapWorker.js: checks and decodes captured calls off the thread that forwards them. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyseCall } from './analyse';
import type { AnalysisMessage } from './analyser';
import type { TapUpstream } from './types';

const { upstream } = workerData as { upstream: TapUpstream };
parentPort?.on('message', (message: AnalysisMessage) => {
  if (message.type !== 'analyse') return;
  // Buffers arrive as Uint8Arrays: the analysis reads them as Buffers.
  const seen = { ...message.seen, requestBody: Buffer.from(message.seen.requestBody), ...(message.seen.answer ? { answer: { ...message.seen.answer, body: Buffer.from(message.seen.answer.body) } } : {}) };
  parentPort?.postMessage({ type: 'call', call: analyseCall(seen, upstream) } satisfies AnalysisMessage);
});
