import * as vscode from 'vscode';
import { DEFAULT_MAX_ORDERS } from '../simulator/defaults';
import { requireTrust } from '../platform/workspaceTrust';
import type { SimulatorThread } from '../simulator/thread';
import type { LoggedExchange, ThreadStart } from '../simulator/threadProtocol';

/**
 * Starts the simulator in its worker thread. Its starter is in the feature bundle: SimulatorControl
 * asks for it only when starting.
 */
export type LoadSimulator = () => Promise<(options: ThreadStart) => Promise<SimulatorThread>>;

const DEFAULT_PORT = 4477;
/** The setting's maximum (package.json); the worker takes nothing it was not given as a whole number in range. */
const MAX_ORDERS_SETTING = 1_000_000;

/** What answers on the simulator's port when this window does not run it. */
type PortOccupant =
  | { kind: 'nothing' }
  | { kind: 'other-program' }
  | { kind: 'simulator'; runBy: 'vscode' | 'terminal' | 'unknown'; pid: string | undefined };

/**
 * The embedded simulator, run in a worker thread of the extension host (a load test against it
 * does not take the editor's thread) and stopped with the extension.
 */
export class SimulatorControl implements vscode.Disposable {
  private handle: SimulatorThread | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly loadSimulator: LoadSimulator,
  ) {}

  get port(): number {
    return this.handle?.port ?? vscode.workspace.getConfiguration('paymentWorkbench').get<number>('simulator.port', DEFAULT_PORT);
  }

  get running(): boolean {
    return this.handle !== undefined;
  }

  get baseUrl(): string | undefined {
    return this.handle?.baseUrl;
  }

  /** Starts on the configured port; when something already answers there as a simulator (npm run workbench), uses it. */
  async start(): Promise<{ baseUrl: string; alreadyRunning: boolean }> {
    // Every start (the command, a send to the simulator, a flow, a trigger) waits for a trusted workspace.
    requireTrust(vscode.l10n.t('the local simulator'));
    if (this.handle) return { baseUrl: this.handle.baseUrl, alreadyRunning: true };
    let handle: SimulatorThread;
    const maxOrders = vscode.workspace.getConfiguration('paymentWorkbench').get<unknown>('simulator.maxOrders', DEFAULT_MAX_ORDERS);
    if (typeof maxOrders !== 'number' || !Number.isInteger(maxOrders) || maxOrders < 1 || maxOrders > MAX_ORDERS_SETTING) {
      throw new Error(vscode.l10n.t('The simulator was not started: "paymentWorkbench.simulator.maxOrders" is {0}; it must be a whole number from 1 to {1}.', JSON.stringify(maxOrders), MAX_ORDERS_SETTING));
    }
    try {
      const startSimulator = await this.loadSimulator();
      handle = await startSimulator({ port: this.port, maxOrders, runBy: 'vscode' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && (await this.occupant(this.port)).kind === 'simulator') {
        return { baseUrl: `http://127.0.0.1:${this.port}`, alreadyRunning: true };
      }
      throw new Error(vscode.l10n.t('The simulator could not start on port {0}: {1}. Change "paymentWorkbench.simulator.port".', this.port, (err as Error).message));
    }
    this.handle = handle;
    handle.onLog((entries, omitted) => this.writeLog(handle, entries, omitted));
    handle.onUnexpectedExit((reason) => {
      if (this.handle !== handle) return;
      this.handle = undefined;
      this.log.error(`[simulator] ${reason}. Start it again with Payment Workbench: Start Local Simulator.`);
      this.changed.fire();
    });
    this.changed.fire();
    return { baseUrl: handle.baseUrl, alreadyRunning: false };
  }

  private writeLog(handle: SimulatorThread, entries: readonly LoggedExchange[], omitted: number): void {
    for (const e of entries) this.log.info(`[simulator] ${e.method} ${e.url} → ${e.status}`);
    if (omitted > 0) this.log.info(`[simulator] … and ${omitted} more exchanges in the last 100 ms, not written here (the simulator's own log: GET ${handle.baseUrl}/_simulator/requests)`);
  }

  async stop(): Promise<boolean> {
    const h = this.handle;
    if (!h) return false;
    this.handle = undefined;
    await h.close();
    this.changed.fire();
    return true;
  }

  dispose(): void {
    void this.stop();
    this.changed.dispose();
  }

  /** Asks the port's own control endpoint who runs the simulator there (GET /_simulator tells). */
  async occupant(port = this.port): Promise<PortOccupant> {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${port}/_simulator`, { signal: AbortSignal.timeout(2000) });
    } catch {
      return { kind: 'nothing' };
    }
    const info = (await res.json().catch(() => undefined)) as { gateway?: unknown; runBy?: unknown; pid?: unknown } | undefined;
    if (!res.ok || typeof info?.gateway !== 'string') return { kind: 'other-program' };
    const runBy = info.runBy === 'vscode' || info.runBy === 'terminal' ? info.runBy : 'unknown';
    return { kind: 'simulator', runBy, pid: typeof info.pid === 'string' ? info.pid : undefined };
  }
}

/** What Stop Local Simulator tells when this window does not run it: who does, and what to do. */
export function describeOccupant(port: number, o: PortOccupant): string {
  switch (o.kind) {
    case 'nothing':
      return vscode.l10n.t('The local simulator is not running: nothing answers on port {0}.', port);
    case 'other-program':
      return vscode.l10n.t('Port {0} is used by another program, not the simulator; there is no simulator to stop. Change "paymentWorkbench.simulator.port" to run one.', port);
    case 'simulator': {
      const pid = o.pid ? vscode.l10n.t(' (process {0})', o.pid) : '';
      if (o.runBy === 'vscode') return vscode.l10n.t('The local simulator on port {0} is run by another VS Code window{1}, not this one. Stop it there (Payment Workbench: Stop Local Simulator), or keep using it as it is.', port, pid);
      if (o.runBy === 'terminal') return vscode.l10n.t('The local simulator on port {0} was started in a terminal with `npm run simulator`{1}. Press Ctrl+C in that terminal to stop it, or keep using it as it is.', port, pid);
      return vscode.l10n.t('A simulator on port {0} is run by another program{1}, not this window. Stop it where it was started, or keep using it as it is.', port, pid);
    }
  }
}
