import type { Dispatcher } from 'undici';
import { performance } from 'node:perf_hooks';
import { ConnectionBudget } from './connectionBudget';
import { createDispatcher, proxyHostOf } from './dispatcherFactory';
import { classifyFailure, tooLargeFailure, type FailureContext } from './failureClassification';
import { HttpFailure } from './httpFailure';
import { BodyTooLarge, readCappedBody } from './readCappedBody';
import { requestTarget } from './requestTarget';
import { parseJsonBody } from './parseJsonBody';
import type { HttpResponse, HttpTarget, OutgoingRequest, TransportOptions } from './types';

/** Slack on undici's own header/body timers so our total-budget timer (with the clearer message) wins. */
const UNDICI_TIMER_SLACK_MS = 1000;

export class HttpClient {
  private readonly dispatcher: Dispatcher;
  private readonly proxyHost: string | undefined;
  private readonly budget = new ConnectionBudget();

  constructor(transport: TransportOptions = {}, private readonly destination: HttpTarget = {}) {
    this.dispatcher = createDispatcher(transport, this.budget);
    this.proxyHost = proxyHostOf(transport);
  }

  async send(request: OutgoingRequest): Promise<HttpResponse> {
    const target = requestTarget(request.url);
    const ctx: FailureContext = {
      host: target.host,
      timeoutMs: request.timeoutMs,
      maxResponseBytes: request.maxResponseBytes,
      timedOut: false,
      cancelled: false,
      receivedHeaders: false,
      secure: target.origin.startsWith('https:'),
      localSimulator: this.destination.localSimulator === true,
    };
    if (this.proxyHost) ctx.proxyHost = this.proxyHost;
    if (request.signal?.aborted) throw classifyFailure(request.signal.reason, { ...ctx, cancelled: true });

    // One controller carries both the total budget and the caller's cancel, so a slow-drip body is cut too.
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ctx.timedOut = true;
      controller.abort(new Error('timeout'));
    }, request.timeoutMs);
    const onCancel = () => {
      ctx.cancelled = true;
      controller.abort(new Error('cancelled'));
    };
    request.signal?.addEventListener('abort', onCancel, { once: true });

    const started = performance.now();
    this.budget.sendStarted();
    try {
      const response = await this.dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: controller.signal,
        headersTimeout: request.timeoutMs + UNDICI_TIMER_SLACK_MS,
        bodyTimeout: request.timeoutMs + UNDICI_TIMER_SLACK_MS,
      });
      const ttfbMs = performance.now() - started;
      ctx.receivedHeaders = true;
      this.budget.answered();
      const headers = flattenHeaders(response.headers);
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > request.maxResponseBytes) {
        response.body.destroy();
        throw tooLargeFailure(ctx);
      }
      const bytes = await readCappedBody(response.body, request.maxResponseBytes);
      const bodyText = bytes.toString('utf8');
      return {
        status: response.statusCode,
        headers,
        bodyText,
        ...parseJsonBody(bodyText),
        sizeBytes: bytes.length,
        timing: { totalMs: performance.now() - started, ttfbMs },
      };
    } catch (error) {
      if (error instanceof BodyTooLarge) throw tooLargeFailure(ctx);
      if (error instanceof HttpFailure) throw error;
      throw classifyFailure(error, ctx);
    } finally {
      this.budget.sendEnded();
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCancel);
    }
  }

  /** Waits for in-flight requests, then closes pooled connections. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  /** Drops in-flight requests and sockets at once (extension deactivation). */
  async destroy(): Promise<void> {
    await this.dispatcher.destroy();
  }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
