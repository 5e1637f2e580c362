/**
 * The Test Explorer's flows: one test per flow file, one child per step. A run sends each flow
 * through the engine's runner (the same as the CLI's) in its own environment or the active one;
 * every step's exchange goes to History and stays openable in the response panel.
 */
import * as vscode from 'vscode';
import { isTrusted, requireTrust, restrictedMessage } from '../../platform/workspaceTrust';
import { flowSendSession, needsInbox, runFlow, type Flow, type FlowResult, type StepResult } from '../../flows';
import { readOwnFileText } from '../../platform/requestFiles';
import type { SendingServices } from '../../host/services';
import type { StoredEnvironment } from '../environments/environmentStore';
import { transportFor } from '../environments/transport';
import { memoryTokenConnections } from '../../send/connections';
import type { Exchange } from '../../send/exchange';
import type { Environment } from '../../environments/environment';
import { expectationRange, FLOW_GLOB, updateFileItem } from './flowItems';
import type { FlowTestsBackend } from './testController';

export const OPEN_STEP_RESPONSE_COMMAND = 'paymentWorkbench.flows.openStepResponse';

interface FlowTestsHost {
  services: SendingServices;
  /** History stores every exchange a flow sends. */
  record(exchange: Exchange): Promise<void>;
  showResponse(exchange: Exchange): Promise<void>;
  /** A flow ran to its end (the walkthrough's "run a flow" step). */
  onFlowRun?(): void;
}

export interface ShownInResults {
  output: string[];
  /** Each failure message and the 0-based line it marks. */
  messages: { text: string; line?: number }[];
}

interface StepReportContext {
  /** The range of a key of the step's "expect". */
  expectationRange(key: string): vscode.Range | undefined;
}

export class FlowTests implements FlowTestsBackend, vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private watching = false;
  /** The last exchange of each step item, for "Open Response". */
  private readonly exchanges = new Map<string, Exchange>();
  /** The last result of each flow file (tests read it through the inspect hook). */
  readonly results = new Map<string, FlowResult>();
  /** What the last run showed in Test Results for each test item, by item id (tests read it through the inspect hook). */
  readonly shown = new Map<string, ShownInResults>();

  constructor(private readonly host: FlowTestsHost) {
    this.subscriptions.push(vscode.commands.registerCommand(OPEN_STEP_RESPONSE_COMMAND, (item?: vscode.TestItem) => this.openStepResponse(item)));
  }

  async discover(controller: vscode.TestController): Promise<void> {
    const uris = await vscode.workspace.findFiles(FLOW_GLOB, '**/node_modules/**', 1000);
    const items = uris.map((uri) => this.fileItem(controller, uri));
    controller.items.replace(items);
    await Promise.all(items.map((item) => this.resolve(controller, item)));
    if (!this.watching) this.watch(controller);
  }

  async resolve(controller: vscode.TestController, item: vscode.TestItem): Promise<void> {
    if (!item.uri) return;
    const read = await textOf(item.uri);
    if (typeof read === 'string') updateFileItem(controller, item, read);
    else showUnread(item, read.problem);
  }

  async run(controller: vscode.TestController, request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = controller.createTestRun(request);
    if (!isTrusted()) {
      // Nothing runs in Restricted Mode: each flow says why in Test Results, and the warning offers the way out.
      const message = new vscode.TestMessage(restrictedMessage(vscode.l10n.t('running flows')));
      for (const file of this.filesOf(controller, request)) run.errored(file, message);
      run.end();
      try {
        requireTrust(vscode.l10n.t('running flows'));
      } catch {
        // told
      }
      return;
    }
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort());
    try {
      for (const file of this.filesOf(controller, request)) {
        if (token.isCancellationRequested) break;
        await this.runFile(controller, file, run, abort.signal);
      }
    } finally {
      cancel.dispose();
      run.end();
    }
  }

  /** A step runs with the steps before it (their ids and amounts feed it): asking for one runs its flow. */
  private filesOf(controller: vscode.TestController, request: vscode.TestRunRequest): vscode.TestItem[] {
    const wanted = request.include ?? [...iterate(controller.items)];
    const files = new Map<string, vscode.TestItem>();
    for (const item of wanted) {
      const file = item.parent ?? item;
      if (!request.exclude?.includes(file)) files.set(file.id, file);
    }
    return [...files.values()];
  }

  /**
   * One file's run; whatever goes wrong around the engine's runner (the inbox cannot start, the file
   * went away) errors the file's test with the reason, so the other files still run and nothing is
   * left spinning.
   */
  private async runFile(controller: vscode.TestController, file: vscode.TestItem, run: vscode.TestRun, signal: AbortSignal): Promise<void> {
    try {
      await this.runFileUnguarded(controller, file, run, signal);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.host.services.log.warn(`Flow ${file.label}: ${message}`);
      this.shown.set(file.id, { output: [], messages: [{ text: message }] });
      run.errored(file, new vscode.TestMessage(message));
    }
  }

  private async runFileUnguarded(controller: vscode.TestController, file: vscode.TestItem, run: vscode.TestRun, signal: AbortSignal): Promise<void> {
    if (!file.uri) return;
    const read = await textOf(file.uri);
    if (typeof read !== 'string') {
      showUnread(file, read.problem);
      run.errored(file, new vscode.TestMessage(`(file): ${read.problem}`));
      return;
    }
    const parsed = updateFileItem(controller, file, read);
    if (!parsed.flow) {
      run.errored(file, new vscode.TestMessage(file.error instanceof vscode.MarkdownString ? file.error.value : (file.error ?? vscode.l10n.t('Not a flow file'))));
      return;
    }
    const env = this.environmentFor(parsed.flow);
    if (!env) {
      run.errored(file, new vscode.TestMessage(parsed.flow.environment ? vscode.l10n.t('No environment "{0}".', parsed.flow.environment) : vscode.l10n.t('No active environment: add one in the Environments view.')));
      return;
    }
    run.started(file);
    this.heading(run, file, `${parsed.flow.name} · ${env.name}`);
    // The flow's own tokens, per run: its login and logout steps must not sign the user in or out.
    const connections = memoryTokenConnections({ credentials: this.host.services.credentials, transport: transportFor });
    const stepItem = (id: string) => file.children.get(`${file.id}#${id}`);
    const flow = parsed.flow;
    const stepIndex = (id: string) => flow.steps.findIndex((s) => s.id === id);
    // A step's state is reported as it ends (the run must not end first); its exchange is stored meanwhile.
    const recorded: Promise<void>[] = [];
    // A flow that waits for webhooks uses the Notifications view's inbox (started if need be): its events show there too.
    const inbox = needsInbox(parsed.flow) ? await this.host.services.inbox.start() : undefined;
    const deps = connections.runnerDeps();
    const signIn = (e: Environment) => connections.signIn(e);
    const result = await runFlow(parsed.flow, {
      env,
      deps,
      // The flow's sends feed the window's order suggestions, as a palette send does.
      session: flowSendSession({ deps, signIn, transactions: this.host.services.transactions, orders: this.host.services.orders }),
      // The same questions as every other door: a LIVE step asks before it sends, whatever the flow file says.
      port: this.host.services.questions.port,
      ...(inbox ? { inbox } : {}),
      signIn,
      signal,
      onStepStart: (step) => {
        const item = stepItem(step.id);
        if (item) run.started(item);
      },
      onStepEnd: (step) => {
        if (step.exchange) recorded.push(this.keep(step.exchange, stepItem(step.id)));
        this.report(run, stepItem(step.id), step, { expectationRange: (key) => expectationRange(read, parsed, stepIndex(step.id), key) });
      },
    }).finally(() => connections.close());
    await Promise.all(recorded);
    this.results.set(file.uri.toString(), result);
    this.host.onFlowRun?.();
    const duration = result.durationMs;
    if (result.passed) run.passed(file, duration);
    else run.failed(file, new vscode.TestMessage(`${result.steps.filter((s) => s.status === 'failed').map((s) => s.id).join(', ')} failed in ${env.name}.`), duration);
  }

  private async keep(exchange: Exchange, item: vscode.TestItem | undefined): Promise<void> {
    if (item) this.exchanges.set(item.id, exchange);
    await this.host.record(exchange);
  }

  /**
   * The flow's name once, above its steps' lines: flows of one run follow each other, so the heading
   * keeps them apart without repeating a (long) name on every line.
   */
  private heading(run: vscode.TestRun, file: vscode.TestItem, title: string): void {
    // One line, whatever the flow's name holds: a line break in it would pass for a step's line.
    const text = `${title.replace(/[\r\n\u2028\u2029]+/g, ' ')}\r\n`;
    this.shown.set(file.id, { output: [text], messages: [] });
    run.appendOutput(text, file.uri && file.range ? new vscode.Location(file.uri, file.range) : undefined, file);
  }

  /**
   * A step's outcome in Test Results. Every line of output is tied to the step's item (under its flow's
   * heading) and starts with the step's id; a failed expectation marks its line in "expect".
   */
  private report(run: vscode.TestRun, item: vscode.TestItem | undefined, step: StepResult, where: StepReportContext): void {
    if (!item) return;
    const shown: ShownInResults = { output: [], messages: [] };
    this.shown.set(item.id, shown);
    const output = (line: string) => {
      const text = `  ${step.id}: ${line}\r\n`;
      shown.output.push(text);
      run.appendOutput(text, item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined, item);
    };
    const verdict = step.verdict ? `${step.httpStatus ?? ''} ${step.verdict.title}`.trim() : undefined;
    if (verdict) output(verdict);
    if (step.status === 'skipped') return run.skipped(item);
    if (step.status === 'passed') return run.passed(item, step.durationMs);
    const messages = step.failures.map((f) => {
      const text = vscode.l10n.t('{0}: expected {1}, got {2}{3}', f.path, f.expected, f.actual, f.meaning ? ` (${f.actual}: ${f.meaning})` : '');
      output(text);
      const m = vscode.TestMessage.diff(text, f.expected, f.actual);
      const range = where.expectationRange(f.path) ?? item.range;
      if (item.uri && range) m.location = new vscode.Location(item.uri, range);
      return m;
    });
    if (step.message) {
      output(step.message);
      messages.push(new vscode.TestMessage(step.message));
    }
    for (const m of messages) shown.messages.push({ text: typeof m.message === 'string' ? m.message : m.message.value, ...(m.location ? { line: m.location.range.start.line } : {}) });
    run.failed(item, messages.length ? messages : [new vscode.TestMessage(verdict ?? 'failed')], step.durationMs);
  }

  private environmentFor(flow: Flow): StoredEnvironment | undefined {
    const { environments } = this.host.services;
    if (!flow.environment) return environments.active();
    return environments.list().find((e) => e.id === flow.environment || e.name === flow.environment);
  }

  private async openStepResponse(item: vscode.TestItem | undefined): Promise<void> {
    const exchange = item ? this.exchanges.get(item.id) : undefined;
    if (!exchange) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Run the flow first: this step has no response yet.'));
      return;
    }
    await this.host.showResponse(exchange);
  }

  private fileItem(controller: vscode.TestController, uri: vscode.Uri): vscode.TestItem {
    const existing = controller.items.get(uri.toString());
    if (existing) return existing;
    const item = controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
    item.canResolveChildren = true;
    return item;
  }

  private watch(controller: vscode.TestController): void {
    this.watching = true;
    const watcher = vscode.workspace.createFileSystemWatcher(FLOW_GLOB);
    const refresh = (uri: vscode.Uri) => {
      const item = this.fileItem(controller, uri);
      controller.items.add(item);
      void this.resolve(controller, item);
    };
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate(refresh),
      watcher.onDidChange(refresh),
      watcher.onDidDelete((uri) => controller.items.delete(uri.toString())),
      // Unsaved edits move the steps' gutter buttons too.
      vscode.workspace.onDidChangeTextDocument((e) => {
        const item = controller.items.get(e.document.uri.toString());
        if (item) updateFileItem(controller, item, e.document.getText());
      }),
    );
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

function* iterate(items: vscode.TestItemCollection): Generator<vscode.TestItem> {
  for (const [, item] of items) yield item;
}

/** The open document's text (unsaved edits included), else the file's, judged by its size before it is read. */
function textOf(uri: vscode.Uri): Promise<string | { problem: string }> {
  return readOwnFileText(uri, 'flow');
}

function showUnread(item: vscode.TestItem, problem: string): void {
  item.error = `(file): ${problem}`;
  item.children.replace([]);
}
