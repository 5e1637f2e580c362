/**
 * Where captured calls are recognised, checked and decoded: beside the forwarding, never in its way.
 * In a worker thread (dist/tapWorker.js) when its bundle is at hand, so the thread that forwards only
 * forwards; else on the same thread after each answer went back (tests, a build without the bundle).
 * A checker that falls behind does not hold calls without bound: past MAX_BEHIND a call is kept
 * unchecked, and says so.
 */
import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { analyseCall, uncheckedCall, type SeenCall } from './analyse';
import { SessionsSeen } from './sessionsSeen';
import type { TapCall, TapUpstream } from './types';

export const MAX_BEHIND = 1000;

export interface Analyser {
  analyse(seen: SeenCall): void;
  close(): Promise<void>;
}

/**
 * Calls cross in batches (those of one turn of the event loop), checked calls as JSON text: one
 * message and one string to copy per batch, where a message and a cloned object graph per call
 * churned native memory under load.
 */
export type AnalysisMessage = { type: 'analyse'; seen: SeenCall[] } | { type: 'calls'; seqs: number[]; json: string };

export function startAnalyser(upstream: TapUpstream, workerFile: string | undefined, done: (call: TapCall) => void): Analyser {
  return workerFile && fs.existsSync(workerFile) ? threadAnalyser(upstream, workerFile, done) : inlineAnalyser(upstream, done);
}

function inlineAnalyser(upstream: TapUpstream, done: (call: TapCall) => void): Analyser {
  let behind = 0;
  const sessions = new SessionsSeen();
  return {
    analyse(seen) {
      if (behind >= MAX_BEHIND) return done(uncheckedCall(seen, upstream, behind));
      behind++;
      setImmediate(() => {
        behind--;
        done(analyseCall(seen, upstream, sessions));
      });
    },
    close: async () => undefined,
  };
}

function threadAnalyser(upstream: TapUpstream, workerFile: string, done: (call: TapCall) => void): Analyser {
  // A small heap of its own: the checker keeps nothing between calls, and a worker left to V8's default
  // limits grows its heap by tens of megabytes before it collects.
  const worker = new Worker(workerFile, { workerData: { upstream }, resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } });
  worker.unref();
  const waiting = new Map<number, SeenCall>();
  // Used only once the thread failed: the calls checked here from then on remember their sessions.
  const sessions = new SessionsSeen();
  let failed: string | undefined;
  worker.on('message', (message: AnalysisMessage) => {
    if (message.type !== 'calls') return;
    for (const seq of message.seqs) waiting.delete(seq);
    for (const call of JSON.parse(message.json) as TapCall[]) done(call);
  });
  const fallBack = (why: string) => {
    failed ??= why;
    // Calls the thread took but never answered are checked here, so none is lost.
    for (const seen of waiting.values()) done(analyseCall(seen, upstream, sessions));
    waiting.clear();
  };
  worker.on('error', (err) => fallBack(err.message));
  worker.on('exit', () => fallBack('the checking thread ended'));
  let batch: SeenCall[] = [];
  const flush = () => {
    const seen = batch;
    batch = [];
    if (failed === undefined) worker.postMessage({ type: 'analyse', seen } satisfies AnalysisMessage);
  };
  return {
    analyse(seen) {
      if (failed !== undefined) return done(analyseCall(seen, upstream, sessions));
      if (waiting.size >= MAX_BEHIND) return done(uncheckedCall(seen, upstream, waiting.size));
      waiting.set(seen.seq, seen);
      if (batch.push(seen) === 1) setImmediate(flush);
    },
    async close() {
      failed ??= 'closed';
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
