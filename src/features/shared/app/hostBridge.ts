/**
 * The webview's side of the wire: every message from the host is checked before use (the host has
 * already checked it against the protocol before sending), outgoing messages are typed, and CSP
 * violations are reported to the host so they show in its log and fail the tests.
 */
import type { ParseResult } from '../../../protocol/parseResult';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export class HostBridge<In, Out extends { type: string }> {
  private readonly api: VsCodeApi = acquireVsCodeApi();

  constructor(private readonly check: (data: unknown) => ParseResult<In>) {
    document.addEventListener('securitypolicyviolation', (e) => {
      this.postRaw({ type: 'cspViolation', directive: e.effectiveDirective.slice(0, 500), blockedUri: (e.blockedURI || '(inline)').slice(0, 500), sample: e.sample.slice(0, 500) });
    });
  }

  post(message: Out): void {
    this.api.postMessage(message);
  }

  private postRaw(message: object): void {
    this.api.postMessage(message);
  }

  /** Calls `handler` with each valid host message; an invalid one is dropped and logged to the console. */
  listen(handler: (message: In) => void): void {
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      const parsed = this.check(event.data);
      if (parsed.ok) handler(parsed.message);
      else console.warn(`Payment Workbench: ignored a host message: ${parsed.error}`);
    });
  }

  getState(): unknown {
    return this.api.getState();
  }

  setState(state: unknown): void {
    this.api.setState(state);
  }
}
