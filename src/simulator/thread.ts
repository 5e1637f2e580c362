/**
 * The simulator in a worker thread (worker.ts), seen from the thread that starts it: the editor's
 * extension host runs it so, and the bench's simulator process too. The HTTP port is the
 * simulator's own; start, stop and the request log's lines come as messages, each parsed
 * (threadProtocol.ts) before it is believed.
 */
import { Worker } from 'node:worker_threads';
import { fromWorkerSchema, type FromWorker, type LoggedExchange, type ThreadStart } from './threadProtocol';

/** How long the worker may take to start listening, and to close once asked; then it is terminated. */
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface SimulatorThread {
  /** http://127.0.0.1:PORT */
  readonly baseUrl: string;
  readonly port: number;
  /** The worker's thread id (node:worker_threads), never the starting thread's. */
  readonly threadId: number;
  /** Lines of the request log, in batches (at most one each 100 ms); `omitted` counts those a busy batch left out. */
  onLog(listener: (entries: readonly LoggedExchange[], omitted: number) => void): void;
  /** The thread ended without being asked to (a crash, or a message the host refused): why. */
  onUnexpectedExit(listener: (reason: string) => void): void;
  /** Closes the server (the port is free once this settles) and ends the thread. */
  close(): Promise<void>;
}

/** A start refused by the worker: `code` is Node's (EADDRINUSE for a taken port). */
export class SimulatorThreadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Starts `workerFile` (dist/simulatorWorker.js, or out/src/simulator/worker.js in the unit tier) and waits until it listens. */
export function startSimulatorThread(workerFile: string, options: ThreadStart): Promise<SimulatorThread> {
  const worker = new Worker(workerFile, { workerData: options, stdout: false, stderr: false });
  const logListeners: ((entries: readonly LoggedExchange[], omitted: number) => void)[] = [];
  const exitListeners: ((reason: string) => void)[] = [];
  let stopped: (() => void) | undefined;
  let closing: Promise<void> | undefined;
  let ended = false;

  return new Promise<SimulatorThread>((resolve, reject) => {
    let started = false;
    const startTimer = setTimeout(() => fail(`the simulator thread did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const fail = (reason: string, code?: string) => {
      if (ended) return;
      ended = true;
      clearTimeout(startTimer);
      stopped?.();
      void worker.terminate();
      if (!started) reject(new SimulatorThreadError(reason, code));
      else if (!closing) for (const l of exitListeners) l(reason);
    };

    const handle = (message: FromWorker) => {
      switch (message.type) {
        case 'started':
          if (started) return fail('the simulator thread said twice that it started');
          started = true;
          clearTimeout(startTimer);
          resolve({
            baseUrl: message.baseUrl,
            port: message.port,
            threadId: worker.threadId,
            onLog: (l) => void logListeners.push(l),
            onUnexpectedExit: (l) => void exitListeners.push(l),
            close: () => (closing ??= close()),
          });
          return;
        case 'failed':
          return fail(message.message, message.code);
        case 'log':
          for (const l of logListeners) l(message.entries, message.omitted);
          return;
        case 'stopped':
          stopped?.();
          return;
      }
    };

    worker.on('message', (raw: unknown) => {
      const parsed = fromWorkerSchema.safeParse(raw);
      if (parsed.success) handle(parsed.data);
      else fail(`the simulator thread sent a message the editor does not accept (${parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ')}); it was stopped`);
    });
    worker.on('error', (err) => fail(`the simulator thread failed: ${err.message}`));
    worker.on('exit', (code) => fail(`the simulator thread ended (exit code ${code})`));
  });

  /** Asks the worker to close its server, waits for it (bounded), then ends the thread whatever it said. */
  async function close(): Promise<void> {
    if (!ended) {
      const closed = new Promise<void>((resolve) => {
        stopped = resolve;
        setTimeout(resolve, STOP_TIMEOUT_MS).unref();
      });
      worker.postMessage({ type: 'stop' });
      await closed;
    }
    ended = true;
    await worker.terminate();
  }
}
