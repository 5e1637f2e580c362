/**
 * The entry of dist/simulatorWorker.js: the simulator in a worker thread of the editor's extension
 * host (thread.ts starts it), so a load test against it does not compete with the editor's thread.
 * Its HTTP port, control endpoints and outgoing notifications are the simulator's own; only its
 * start, its stop and the lines of its request log cross to the host, as threadProtocol.ts says.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSimulator } from './server';
import type { SimulatorHandle } from './options';
import type { RequestLogEntry } from './requestLog';
import { cut, LOG_BATCH_MS, MAX_ERROR_TEXT, MAX_LOG_BATCH, MAX_LOGGED_METHOD, MAX_LOGGED_URL, threadStartSchema, toWorkerSchema, type FromWorker, type LoggedExchange } from './threadProtocol';

function post(message: FromWorker): void {
  parentPort?.postMessage(message);
}

/** Log lines gathered between two posts: at most MAX_LOG_BATCH, the rest counted, so a load test does not flood the host. */
class LogBatcher {
  private entries: LoggedExchange[] = [];
  private omitted = 0;
  private timer: NodeJS.Timeout | undefined;

  add(e: RequestLogEntry): void {
    if (this.entries.length < MAX_LOG_BATCH) this.entries.push({ method: cut(e.method, MAX_LOGGED_METHOD), url: cut(e.url, MAX_LOGGED_URL), status: e.status });
    else this.omitted++;
    this.timer ??= setTimeout(() => this.flush(), LOG_BATCH_MS);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.entries.length === 0 && this.omitted === 0) return;
    post({ type: 'log', entries: this.entries, omitted: this.omitted });
    this.entries = [];
    this.omitted = 0;
  }
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('simulatorWorker.js runs as a worker thread (node:worker_threads), started by the extension host');
  const options = threadStartSchema.safeParse(workerData);
  if (!options.success) {
    post({ type: 'failed', message: cut(`the simulator thread was started with options it does not accept: ${options.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ')}`, MAX_ERROR_TEXT) });
    return;
  }
  let handle: SimulatorHandle;
  try {
    handle = await startSimulator({ ...options.data, host: '127.0.0.1' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    post({ type: 'failed', message: cut(err instanceof Error ? err.message : String(err), MAX_ERROR_TEXT), ...(typeof code === 'string' ? { code: cut(code, 64) } : {}) });
    return;
  }
  const batcher = new LogBatcher();
  handle.requestLog.on('entry', (e) => batcher.add(e));
  let stopping = false;
  port.on('message', (raw: unknown) => {
    // Only `stop` is understood; anything else is not from the host's thread.ts, and is left unanswered.
    if (!toWorkerSchema.safeParse(raw).success || stopping) return;
    stopping = true;
    void handle.close().finally(() => {
      batcher.flush();
      post({ type: 'stopped' });
      port.close();
    });
  });
  post({ type: 'started', baseUrl: handle.baseUrl, port: handle.port });
}

void main().catch((err: unknown) => post({ type: 'failed', message: cut(err instanceof Error ? err.message : String(err), MAX_ERROR_TEXT) }));
