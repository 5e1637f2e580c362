/**
 * The host's side of one webview's wire. Every incoming message is zod-parsed (the webview is
 * untrusted), and so is every outgoing one (a message the protocol does not declare is a bug here,
 * logged and not sent: the page then needs only a light check). Outgoing messages wait until the page
 * says `ready`, and a page that is hidden and rebuilt says `ready` again, so `onReady` runs each time
 * and re-sends what the page needs.
 */
import * as vscode from 'vscode';
import { showFailure } from '../../../platform/workspaceTrust';
import type * as z from 'zod/mini';
import { parseMessage } from '../../../protocol/common';

interface MessengerOptions<In, Out> {
  schema: z.ZodMiniType<In>;
  /** What the host may send; checked before each post. */
  outgoing: z.ZodMiniType<Out>;
  log: vscode.LogOutputChannel;
  /** Runs on every `ready`, before queued messages are delivered. */
  onReady: () => void;
  onMessage: (message: In) => void | Promise<void>;
  /** The page's notice for a failing handler's message (also shown as a notification); the panel stays usable. */
  notice: (text: string) => Out;
}

export class PanelMessenger<In extends { type: string }, Out> implements vscode.Disposable {
  private ready = false;
  private queue: Out[] = [];
  private readonly taps = new Set<(message: unknown) => void>();
  private readonly subscriptions: vscode.Disposable[] = [];

  private readonly webview: vscode.Webview;

  constructor(
    panel: vscode.WebviewPanel,
    private readonly name: string,
    private readonly options: MessengerOptions<In, Out>,
  ) {
    this.webview = panel.webview;
    this.subscriptions.push(
      this.webview.onDidReceiveMessage((data: unknown) => this.receive(data)),
      // A hidden webview is torn down (no retainContextWhenHidden); messages for it wait for its next `ready`.
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
      }),
    );
  }

  post(message: Out): void {
    const checked = parseMessage(this.options.outgoing, message);
    if (!checked.ok) {
      this.options.log.error(`${this.name}: not sent, the protocol does not declare it: ${checked.error}`);
      return;
    }
    for (const tap of this.taps) tap(message);
    if (!this.ready) {
      this.queue.push(message);
      return;
    }
    void this.webview.postMessage(message);
  }

  /**
   * Handles `data` exactly as if the page had posted it, and returns what the host posted meanwhile.
   * The integration tests drive a form's host side this way, through the same parse and handlers.
   */
  async receiveAsFromPage(data: unknown): Promise<Out[]> {
    const seen: Out[] = [];
    const tap = (m: unknown) => seen.push(m as Out);
    this.taps.add(tap);
    try {
      await this.receive(data);
    } finally {
      this.taps.delete(tap);
    }
    return seen;
  }

  private async receive(data: unknown): Promise<void> {
    const parsed = parseMessage(this.options.schema, data);
    if (!parsed.ok) {
      this.options.log.warn(`${this.name}: ignored a webview message: ${parsed.error}`);
      return;
    }
    const message = parsed.message;
    if (message.type === 'ready') {
      this.ready = true;
      this.options.onReady();
      const queued = this.queue;
      this.queue = [];
      for (const m of queued) void this.webview.postMessage(m);
      return;
    }
    if (message.type === 'cspViolation') {
      this.options.log.warn(`${this.name}: the page's Content Security Policy blocked ${JSON.stringify(message)}`);
      return;
    }
    try {
      await this.options.onMessage(message);
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      this.options.log.warn(`${this.name}: ${text}`);
      this.post(this.options.notice(text));
      showFailure(err, text);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.queue = [];
  }
}
