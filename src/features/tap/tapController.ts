/**
 * The Gateway Tap in VS Code: *Start Gateway Tap…* (an environment with a gateway URL, the running
 * simulator first; a LIVE one asks through the send path's port), *Stop*, *Set Faults…*, the status
 * bar item, and the Tap view's row commands (Replay…, Save as Flow…, Copy as cURL, Copy as Code…).
 * The tap engine (src/tap) does the work; this adapter picks, asks, shows, and threads each
 * recognised call into History, which the Orders view reads. Part of the feature bundle: the tap
 * is loaded with it, never at activation.
 */
import * as vscode from 'vscode';
import { requireTrust, showFailure } from '../../platform/workspaceTrust';
import { isLive, type Environment } from '../../environments/environment';
import type { HistoryStore } from '../../history/historyStore';
import type { CoreServices } from '../../host/services';
import type { Connections } from '../../send/connections';
import type { Exchange } from '../../send/exchange';
import type { SendPort } from '../../send/guardedSend';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tapCertificate } from '../../tap/certificate';
import { interceptRoutes } from '../../tap/interceptRoutes';
import { throughTapVariables, writeTrustFiles, type TrustFiles } from '../../tap/runtimes/throughTap';
import { DEFAULT_MAX_CALLS, startTap } from '../../tap/server';
import { describeProxyNotice } from '../../tap/describe';
import { describeFaultRule, FaultRuleError } from '../../tap/faults';
import type { FaultRule, TapCall, TapHandle } from '../../tap/types';
import { copyExchangeCurl } from '../history/copyCurl';
import { resendFromHistory } from '../history/resend';
import { saveExchangesAsFlow } from '../history/saveAsFlowCommand';
import { faultKindItems, faultRuleOf, faultRulesProblem, faultRulesText, parseFaultRules, valueAskedFor } from './faultRules';
import type { TapView } from './registerTapView';
import { TAP_VIEW_ID } from './registerTapView';
import { callsOfOrder, tapAddress, tapRowText, tapStatusText, upstreamChoices } from './tapRows';

export const TAP_COMMANDS = {
  start: 'paymentWorkbench.tap.start',
  stop: 'paymentWorkbench.tap.stop',
  setFaults: 'paymentWorkbench.tap.setFaults',
  copyAddress: 'paymentWorkbench.tap.copyAddress',
  menu: 'paymentWorkbench.tap.menu',
  replay: 'paymentWorkbench.tap.replay',
  saveAsFlow: 'paymentWorkbench.tap.saveAsFlow',
  copyCurl: 'paymentWorkbench.tap.copyCurl',
  copyAsCode: 'paymentWorkbench.tap.copyAsCode',
  newTerminal: 'paymentWorkbench.tap.newTerminal',
} as const;
const RUNNING_CONTEXT = 'paymentWorkbench.tapRunning';
/** The status bar count is redrawn at most this often while calls stream in. */
const STATUS_REFRESH_MS = 250;
const MAX_CALLS_SETTING = 100_000;

export interface TapDeps {
  context: vscode.ExtensionContext;
  core: CoreServices;
  /** How sends reach an environment: the tap forwards to its upstream the same way. */
  connections: Pick<Connections, 'transport'>;
  /** The send path's questions (a LIVE upstream asks here, as every door does; tests record them). */
  questions: { port: SendPort };
  history: HistoryStore;
  view: TapView;
  openInForm(e: Exchange): Promise<void>;
  copyAsCode(e: Exchange, language?: string): Promise<unknown>;
}

/** `start`'s arguments from a script or a test: no pickers. */
interface StartArgs {
  environmentId?: string;
  port?: number;
}

interface Running {
  handle: TapHandle;
  env: Environment;
  status: vscode.StatusBarItem;
  subscription: { dispose(): void };
  /** The CA file a client trusts for the TLS listener. */
  caFile: string;
  /** The interception CA's files for terminals through the tap: written on the first such terminal, removed at stop. */
  trust?: Promise<TrustFiles>;
}

export class TapController implements vscode.Disposable {
  private running: Running | undefined;
  /** Rules set while no tap runs apply from the next start. */
  private pendingFaults: FaultRule[] = [];
  private statusTimer: ReturnType<typeof setTimeout> | undefined;
  /** Recognised calls written to History, in order, so a burst never races the file. */
  private historyWrites: Promise<void> = Promise.resolve();

  constructor(private readonly deps: TapDeps) {}

  get url(): string | undefined {
    return this.running?.handle.url;
  }

  /** The status bar item's text and tooltip (integration tests). */
  statusText(): { text: string; tooltip: string } | undefined {
    const r = this.running;
    return r ? { text: r.status.text, tooltip: typeof r.status.tooltip === 'string' ? r.status.tooltip : '' } : undefined;
  }

  /** Resolves once every call seen so far is in History (integration tests). */
  historyWritten(): Promise<void> {
    return this.historyWrites;
  }

  register(): void {
    const { context } = this.deps;
    const command = (id: string, run: (...args: unknown[]) => Promise<unknown>) => vscode.commands.registerCommand(id, (...args: unknown[]) => guard(() => run(...args)));
    context.subscriptions.push(
      this,
      command(TAP_COMMANDS.start, (arg) => this.start(startArgs(arg))),
      command(TAP_COMMANDS.stop, () => this.stop()),
      command(TAP_COMMANDS.setFaults, (arg) => this.setFaults(arg)),
      command(TAP_COMMANDS.copyAddress, () => this.copyAddress()),
      command(TAP_COMMANDS.menu, () => this.menu()),
      command(TAP_COMMANDS.newTerminal, () => this.newTerminal()),
      command(TAP_COMMANDS.replay, async (arg, _selected, options) => {
        const call = await this.callOf(arg, vscode.l10n.t('Replay which call?'));
        if (call) await this.replay(call, typeof options === 'object' && options !== null ? (options as { environmentId?: unknown }).environmentId : undefined);
      }),
      command(TAP_COMMANDS.saveAsFlow, (arg, selected, options) => this.saveAsFlow(arg, selected, options)),
      command(TAP_COMMANDS.copyCurl, async (arg) => {
        const call = await this.callOf(arg, vscode.l10n.t('Copy which call as cURL?'));
        if (call) await copyExchangeCurl(call.exchange);
      }),
      command(TAP_COMMANDS.copyAsCode, async (arg, language) => {
        const call = await this.callOf(arg, vscode.l10n.t('Copy which call as code?'));
        if (call) return this.deps.copyAsCode(recognisedExchange(call), typeof language === 'string' ? language : undefined);
        return undefined;
      }),
    );
  }

  async start(args: StartArgs): Promise<{ url: string } | undefined> {
    requireTrust(vscode.l10n.t('the Gateway Tap'));
    if (this.running) {
      const r = this.running;
      void vscode.window.showInformationMessage(vscode.l10n.t('The Gateway Tap already runs at {0}, forwarding to {1}. Stop it to start another.', r.handle.url, r.env.name));
      return { url: r.handle.url };
    }
    const env = await this.pickUpstream(args.environmentId);
    if (!env?.gatewayUrl) return undefined;
    const live = isLive(env);
    // The merchant's own server decides what it sends: a LIVE upstream is a deliberate choice, every time.
    if (live && !(await this.deps.questions.port.ask({
      kind: 'live',
      message: vscode.l10n.t('Start the Gateway Tap to the LIVE environment "{0}" ({1})?', env.name, env.gatewayUrl),
      detail: vscode.l10n.t('Every call your server makes through the tap goes on to {0} and may move real money. The tap listens on 127.0.0.1 only.', env.gatewayUrl),
    }))) return undefined;
    // How every send reaches this environment (its CA, client certificate, proxy or VS Code's http.proxy): the tap's forwarding too.
    const transport = await this.deps.connections.transport(env);
    // Kept in the extension's global storage: made once, the same CA file to trust every time.
    const certificate = tapCertificate(path.join(this.deps.context.globalStorageUri.fsPath, 'tap'));
    const handle = await startTap({
      tls: { cert: certificate.cert, key: certificate.key, port: 0 },
      // Also an HTTPS proxy for terminals through the tap: the gateway hosts of the environments map to this upstream.
      intercept: { routes: interceptRoutes(this.deps.core.environments.list(), [], env) },
      onProxyNotice: (notice) => this.deps.core.log.info(`Gateway Tap: ${describeProxyNotice(notice)}`),
      upstream: { url: env.gatewayUrl, environment: { id: env.id, name: env.name, live }, transport },
      // Loopback only: the VS Code door offers no other host.
      host: '127.0.0.1',
      port: args.port ?? this.setting('port', 0, 65_535, 0),
      maxCalls: this.setting('maxCalls', 1, MAX_CALLS_SETTING, DEFAULT_MAX_CALLS),
      faults: this.pendingFaults,
    });
    const status = vscode.window.createStatusBarItem('paymentWorkbench.tap', vscode.StatusBarAlignment.Left, 90);
    status.name = 'Gateway Tap';
    status.command = TAP_COMMANDS.menu;
    if (live) status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    const subscription = handle.onCall((call) => this.onCall(call));
    this.running = { handle, env, status, subscription, caFile: certificate.caFile };
    this.updateStatus();
    status.show();
    void this.throughTapForNewTerminals(this.running).catch((err: unknown) => this.deps.core.log.warn(`Gateway Tap: terminals were not sent through the tap: ${String(err)}`));
    this.deps.view.started(() => handle.calls(), `${tapAddress(handle.url)} → ${env.name}${live ? ' (LIVE)' : ''}`);
    await vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, true);
    this.deps.core.log.info(`Gateway Tap at ${handle.url}${handle.tlsUrl ? ` and ${handle.tlsUrl}` : ''} → ${env.name} (${env.gatewayUrl}).`);
    void vscode.window.showInformationMessage(vscode.l10n.t('Gateway Tap at {0} (TLS: {1}, trust {2}) → {3}. Set your server\'s gateway base URL to {0}.', handle.url, handle.tlsUrl ?? '-', certificate.caFile, env.name), vscode.l10n.t('Copy Address')).then((choice) => {
      if (choice) void this.copyAddress();
    });
    // Whoever trusted the CA this one replaces (made by an older version, or expiring) should take that trust back.
    if (certificate.replacedCa) void vscode.window.showWarningMessage(vscode.l10n.t('The Gateway Tap made a new CA file, {0}: trust it, and remove the previous tap CA from where you trusted it ({1}).', certificate.caFile, certificate.replacedCa));
    return { url: handle.url };
  }

  async stop(): Promise<number | undefined> {
    const r = this.running;
    if (!r) return undefined;
    this.running = undefined;
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = undefined;
    r.subscription.dispose();
    r.status.dispose();
    this.pendingFaults = [...r.handle.faults()];
    this.deps.context.environmentVariableCollection.clear();
    await r.handle.close();
    const trust = await r.trust?.catch(() => undefined);
    if (trust) fs.rmSync(trust.dir, { recursive: true, force: true });
    const seen = r.handle.seen();
    this.deps.view.stopped(`stopped · ${seen} call${seen === 1 ? '' : 's'} seen`);
    await vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, false);
    this.deps.core.log.info(`Gateway Tap stopped after ${seen} calls.`);
    return seen;
  }

  /**
   * A terminal whose programs send their HTTPS through the tap and trust this run's interception CA
   * (HTTPS_PROXY and the CA variables of each runtime): a server started there is seen without a change
   * to its code. Starts the tap first when none runs.
   */
  async newTerminal(): Promise<vscode.Terminal | undefined> {
    if (!this.running && !(await this.start({}))) return undefined;
    const r = this.running;
    if (!r) return undefined;
    const terminal = vscode.window.createTerminal({
      name: vscode.l10n.t('Through the Gateway Tap ({0})', tapAddress(r.handle.url)),
      env: await this.terminalVariables(r),
      iconPath: new vscode.ThemeIcon('plug'),
      color: new vscode.ThemeColor('terminal.ansiYellow'),
    });
    terminal.show();
    return terminal;
  }

  /** The variables of a terminal through the running tap; its trust files are written on first use and removed at stop. */
  private async terminalVariables(r: Running): Promise<Record<string, string>> {
    r.trust ??= writeTrustFiles(r.handle.interceptCaPem ?? '', process.env);
    const preload = path.join(this.deps.context.extensionPath, 'dist', 'tapNodePreload.js');
    return throughTapVariables(r.handle.url, await r.trust, fs.existsSync(preload) ? preload : undefined, process.env);
  }

  /**
   * With paymentWorkbench.tap.terminalsThroughTap on, every terminal opened while the tap runs gets its
   * variables: VS Code's environment collection, whose description it shows on the terminal (and marks
   * terminals opened before as stale). Taken back when the tap stops.
   */
  private async throughTapForNewTerminals(r: Running): Promise<void> {
    if (vscode.workspace.getConfiguration('paymentWorkbench').get<boolean>('tap.terminalsThroughTap') !== true) return;
    const vars = await this.terminalVariables(r);
    if (this.running !== r) return;
    const collection = this.deps.context.environmentVariableCollection;
    collection.persistent = false;
    collection.description = vscode.l10n.t('Payment Workbench: programs in this terminal send their HTTPS through the Gateway Tap at {0} and trust its interception CA (setting paymentWorkbench.tap.terminalsThroughTap).', tapAddress(r.handle.url));
    for (const [name, value] of Object.entries(vars)) collection.replace(name, value);
  }

  private onCall(call: TapCall): void {
    // Threaded by order: History keeps each recognised gateway call (marked as the tap's), Orders reads History.
    if (call.recognised && call.exchange.operationId.startsWith('gateway.')) {
      this.historyWrites = this.historyWrites.then(() => this.deps.history.add(call.exchange)).catch((err: unknown) => this.deps.core.log.warn(`Gateway Tap: a call was not kept in History: ${String(err)}`));
    }
    this.deps.view.changed();
    this.statusTimer ??= setTimeout(() => {
      this.statusTimer = undefined;
      this.updateStatus();
    }, STATUS_REFRESH_MS);
  }

  private updateStatus(): void {
    const r = this.running;
    if (!r) return;
    const { text, tooltip } = tapStatusText({
      url: r.handle.url,
      tlsUrl: r.handle.tlsUrl,
      caFile: r.caFile,
      upstream: { name: r.env.name, url: r.env.gatewayUrl ?? '', live: isLive(r.env) },
      seen: r.handle.seen(),
      faults: r.handle.faults(),
    });
    r.status.text = text;
    r.status.tooltip = tooltip;
  }

  /** The faults of the running tap (or of the next one): picked, typed, removed or cleared. */
  async setFaults(arg: unknown): Promise<readonly FaultRule[] | undefined> {
    const current = this.running ? [...this.running.handle.faults()] : this.pendingFaults;
    let next: FaultRule[] | undefined;
    if (typeof arg === 'string') next = parseFaultRules(arg);
    else if (typeof arg === 'object' && arg !== null && (arg as { clear?: unknown }).clear === true) next = [];
    else next = await this.pickFaults(current);
    if (next === undefined) return undefined;
    if (this.running) this.running.handle.setFaults(next);
    else this.pendingFaults = next;
    this.updateStatus();
    const applied = this.running ? this.running.handle.faults() : next;
    void vscode.window.showInformationMessage(applied.length ? (this.running ? vscode.l10n.t('Gateway Tap faults: {0}', faultRulesText(applied)) : vscode.l10n.t('Gateway Tap faults (from the next start): {0}', faultRulesText(applied))) : vscode.l10n.t('Gateway Tap: no faults; every call passes through.'));
    return applied;
  }

  private async pickFaults(current: readonly FaultRule[]): Promise<FaultRule[] | undefined> {
    type Item = vscode.QuickPickItem & { act: 'add' | 'type' | 'clear' | 'remove'; index?: number };
    const items: Item[] = [
      { label: vscode.l10n.t('$(add) Add a Fault…'), detail: vscode.l10n.t('A delay, a timeout, a reset connection, a 5xx or busy answer, or a duplicate, for an operation or every call'), act: 'add' },
      { label: vscode.l10n.t('$(edit) Type Rules…'), detail: vscode.l10n.t('OPERATION:KIND[=VALUE][@COUNT|%SHARE], e.g. pay:delay=2000, authorize:timeout@1, *:503%20'), act: 'type' },
      ...(current.length ? [{ label: vscode.l10n.t('$(clear-all) Clear All Faults'), act: 'clear' as const }] : []),
      ...current.map((rule, index): Item => ({ label: `$(trash) ${describeFaultRule(rule)}`, description: vscode.l10n.t('remove this rule'), act: 'remove', index })),
    ];
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Gateway Tap Faults'), placeHolder: current.length ? vscode.l10n.t('Now: {0}', faultRulesText(current)) : vscode.l10n.t('No faults now: every call passes through'), ignoreFocusOut: true });
    switch (picked?.act) {
      case undefined:
        return undefined;
      case 'clear':
        return [];
      case 'remove':
        return current.filter((_, i) => i !== picked.index);
      case 'type': {
        const text = await vscode.window.showInputBox({ title: vscode.l10n.t('Gateway Tap Faults'), prompt: vscode.l10n.t('Rules, separated by commas: OPERATION:KIND[=VALUE][@COUNT|%SHARE]'), value: faultRulesText(current), validateInput: (t) => faultRulesProblem(t), ignoreFocusOut: true });
        return text === undefined ? undefined : parseFaultRules(text);
      }
      case 'add': {
        const rule = await askFaultRule();
        return rule ? [...current, rule] : undefined;
      }
    }
  }

  async copyAddress(): Promise<string | undefined> {
    const r = this.running;
    if (!r) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The Gateway Tap is not running: start it first (Payment Workbench: Start Gateway Tap…).'));
      return undefined;
    }
    await vscode.env.clipboard.writeText(r.handle.url);
    void vscode.window.showInformationMessage(vscode.l10n.t('Copied {0}: set it as your server\'s gateway base URL (or host).', r.handle.url));
    return r.handle.url;
  }

  private async menu(): Promise<void> {
    const r = this.running;
    if (!r) return;
    const items: (vscode.QuickPickItem & { command: string; args?: unknown[] })[] = [
      { label: vscode.l10n.t('$(copy) Copy Address'), description: r.handle.url, command: TAP_COMMANDS.copyAddress },
      { label: vscode.l10n.t('$(zap) Set Faults…'), description: r.handle.faults().length ? faultRulesText(r.handle.faults()) : vscode.l10n.t('none'), command: TAP_COMMANDS.setFaults },
      { label: vscode.l10n.t('$(list-flat) Show the Tap View'), command: `${TAP_VIEW_ID}.focus` },
      { label: vscode.l10n.t('$(debug-stop) Stop Gateway Tap'), description: vscode.l10n.t('{0} calls seen', r.handle.seen()), command: TAP_COMMANDS.stop },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Gateway Tap {0} → {1}', r.handle.url, r.env.name) });
    if (picked) await vscode.commands.executeCommand(picked.command);
  }

  /** A row's call re-sent through the one send path, to its environment or another (a LIVE one asks there). */
  private async replay(call: TapCall, environmentId: unknown): Promise<void> {
    const e = recognisedExchange(call);
    const target = typeof environmentId === 'string' ? this.deps.core.environments.get(environmentId) : await this.pickReplayTarget(e);
    if (!target) return;
    await resendFromHistory({ ...e, environment: { id: target.id, name: target.name, live: isLive(target) } }, this.deps.openInForm);
  }

  private async pickReplayTarget(e: Exchange): Promise<Environment | undefined> {
    const envs = this.deps.core.environments.list().filter((env) => env.gatewayUrl !== undefined);
    const same = envs.find((env) => env.id === e.environment.id);
    const ordered = [...(same ? [same] : []), ...envs.filter((env) => env !== same)];
    const picked = await vscode.window.showQuickPick(
      ordered.map((env) => ({ label: env.name, description: [env === same ? vscode.l10n.t('where it went') : '', env.gatewayUrl ?? '', isLive(env) ? 'LIVE' : ''].filter(Boolean).join(' · '), env })),
      { title: vscode.l10n.t('Replay {0}', e.operationTitle), placeHolder: vscode.l10n.t('Send it again to which environment?'), ignoreFocusOut: true },
    );
    return picked?.env;
  }

  private async saveAsFlow(arg: unknown, selected: unknown, options: unknown): Promise<vscode.Uri | undefined> {
    const target = typeof options === 'object' && options !== null && (options as { target?: unknown }).target instanceof vscode.Uri ? (options as { target: vscode.Uri }).target : undefined;
    const shown = this.deps.view.calls();
    const known = (c: unknown): TapCall | undefined => (typeof c === 'object' && c !== null ? shown.find((s) => s.seq === (c as Partial<TapCall>).seq && s.exchange.id === (c as Partial<TapCall>).exchange?.id) : undefined);
    const many = Array.isArray(selected) ? selected.map(known).filter((c): c is TapCall => c !== undefined) : [];
    let calls: TapCall[];
    if (many.length > 1) calls = many.filter((c) => c.recognised).sort((a, b) => a.seq - b.seq);
    else {
      const row = known(arg) ?? (await this.pickCall(vscode.l10n.t('Save the order of which call as a flow?')));
      if (!row) return undefined;
      calls = callsOfOrder(shown, row);
    }
    if (calls.length === 0) throw new Error(vscode.l10n.t('None of these calls is in the catalogue: a flow is made of catalogue operations.'));
    return saveExchangesAsFlow(calls.map((c) => c.exchange), target);
  }

  /** A row given by the view (checked against the calls it shows), or one picked from them. */
  private async callOf(arg: unknown, placeHolder: string): Promise<TapCall | undefined> {
    if (typeof arg === 'object' && arg !== null) {
      const wanted = arg as Partial<TapCall>;
      const call = this.deps.view.calls().find((c) => c.seq === wanted.seq && c.exchange.id === wanted.exchange?.id);
      if (!call) throw new Error(vscode.l10n.t('That call is no longer kept by the Gateway Tap (it keeps the newest calls only).'));
      return call;
    }
    return this.pickCall(placeHolder);
  }

  private async pickCall(placeHolder: string): Promise<TapCall | undefined> {
    const calls = this.deps.view.calls();
    if (calls.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The Gateway Tap has seen no calls yet.'));
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(calls.map((call) => ({ ...rowItem(call), call })), { placeHolder, matchOnDescription: true, ignoreFocusOut: true });
    return picked?.call;
  }

  private async pickUpstream(environmentId: string | undefined): Promise<Environment | undefined> {
    const { environments, simulator } = this.deps.core;
    let chosen: { env: Environment; startsSimulator: boolean } | undefined;
    if (environmentId !== undefined) {
      const env = environments.get(environmentId);
      if (!env) throw new Error(`No environment "${environmentId}".`);
      if (!env.gatewayUrl) throw new Error(vscode.l10n.t('"{0}" has no gateway URL to forward to.', env.name));
      chosen = { env, startsSimulator: env.simulator === true && !simulator.running };
    } else {
      const choices = upstreamChoices(environments.list(), await this.simulatorAnswers());
      if (choices.length === 0) throw new Error(vscode.l10n.t('No environment has a gateway URL: add one in the Environments view, or start the local simulator.'));
      const picked = await vscode.window.showQuickPick(choices.map((c) => ({ label: c.env.name, description: c.description, choice: c })), { title: vscode.l10n.t('Start Gateway Tap'), placeHolder: vscode.l10n.t('Forward your server\'s calls to which environment?'), ignoreFocusOut: true });
      chosen = picked?.choice;
    }
    if (!chosen) return undefined;
    if (!chosen.startsSimulator) return chosen.env;
    await simulator.start();
    // The simulator's environments follow its port: read it again now that it runs.
    return environments.get(chosen.env.id);
  }

  /**
   * True when a simulator answers on the configured port: this window's, or one another program runs
   * there (npm run workbench starts its own on 4477), which the simulator environments then reach.
   */
  private async simulatorAnswers(): Promise<boolean> {
    const { environments, simulator } = this.deps.core;
    if (simulator.running) return true;
    if (!environments.list().some((env) => env.simulator === true)) return false;
    return (await simulator.occupant()).kind === 'simulator';
  }

  private setting(name: string, min: number, max: number, fallback: number): number {
    const value = vscode.workspace.getConfiguration('paymentWorkbench').get<unknown>(`tap.${name}`, fallback);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new Error(vscode.l10n.t('The Gateway Tap was not started: "paymentWorkbench.tap.{0}" is {1}; it must be a whole number from {2} to {3}.', name, JSON.stringify(value), min, max));
    return value;
  }

  dispose(): void {
    const r = this.running;
    this.running = undefined;
    if (this.statusTimer) clearTimeout(this.statusTimer);
    if (r) {
      r.subscription.dispose();
      r.status.dispose();
      void r.handle.close();
      void r.trust?.then((trust) => fs.rmSync(trust.dir, { recursive: true, force: true }), () => undefined);
    }
  }
}

function rowItem(call: TapCall): vscode.QuickPickItem {
  const row = tapRowText(call);
  return { label: row.label, description: row.description };
}

function startArgs(arg: unknown): StartArgs {
  if (typeof arg !== 'object' || arg === null) return {};
  const a = arg as { environmentId?: unknown; port?: unknown };
  return { ...(typeof a.environmentId === 'string' ? { environmentId: a.environmentId } : {}), ...(typeof a.port === 'number' ? { port: a.port } : {}) };
}

/** Replay and export need a catalogue operation: a call the catalogue does not have was only forwarded. */
function recognisedExchange(call: TapCall): Exchange {
  if (!call.recognised) throw new Error(`${call.exchange.operationTitle} is not in the catalogue${call.unrecognisedWhy ? ` (${call.unrecognisedWhy})` : ''}: the tap forwarded it, but it cannot be replayed or exported as an operation.`);
  return call.exchange;
}

/** The picker's questions for one rule: the kind (with what it does), the operation, its value, how often. */
async function askFaultRule(): Promise<FaultRule | undefined> {
  const kind = await vscode.window.showQuickPick(faultKindItems(), { title: vscode.l10n.t('Add a Fault: which kind?'), ignoreFocusOut: true });
  if (!kind) return undefined;
  const asked = valueAskedFor(kind.fault);
  const operation = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add a Fault: {0}', kind.fault),
    prompt: 'For which operation? "*" for every call, or pay, authorize, gateway.pay, PAY…',
    value: '*',
    ignoreFocusOut: true,
    validateInput: (text) => problemOf(() => faultRuleOf({ kind: kind.fault, operation: text, value: asked?.placeholder ?? '' })),
  });
  if (operation === undefined) return undefined;
  const value = asked ? await vscode.window.showInputBox({ title: vscode.l10n.t('Add a Fault: {0}', kind.fault), prompt: asked.prompt, value: asked.placeholder, ignoreFocusOut: true, validateInput: (text) => problemOf(() => faultRuleOf({ kind: kind.fault, operation, value: text })) }) : '';
  if (value === undefined) return undefined;
  const often = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add a Fault: {0}', kind.fault),
    prompt: vscode.l10n.t('How often? Empty: every matching call; N: the next N calls; N%: that share of calls'),
    ignoreFocusOut: true,
    validateInput: (text) => problemOf(() => faultRuleOf({ kind: kind.fault, operation, value, often: text })),
  });
  if (often === undefined) return undefined;
  return faultRuleOf({ kind: kind.fault, operation, value, often });
}

/** The words of the error `check` throws, or undefined when it passes (input-box validation). */
function problemOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function guard<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (err) {
    showFailure(err, err instanceof FaultRuleError ? vscode.l10n.t('Gateway Tap: {0}', err.message) : undefined);
    return undefined;
  }
}
