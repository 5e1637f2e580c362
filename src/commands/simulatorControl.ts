import * as vscode from 'vscode';
import { startSimulator, type SimulatorHandle } from '../simulator';

const DEFAULT_PORT = 4477;

/** The embedded simulator, run inside the extension host and stopped with it. */
export class SimulatorControl {
  private handle: SimulatorHandle | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

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
    if (this.handle) return { baseUrl: this.handle.baseUrl, alreadyRunning: true };
    let handle: SimulatorHandle;
    try {
      handle = await startSimulator({ port: this.port });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && (await this.isSimulatorAt(this.port))) {
        return { baseUrl: `http://127.0.0.1:${this.port}`, alreadyRunning: true };
      }
      throw new Error(`The simulator could not start on port ${this.port}: ${(err as Error).message}. Change "paymentWorkbench.simulator.port".`);
    }
    this.handle = handle;
    handle.requestLog.on('entry', (e) => this.log.info(`[simulator] ${e.method} ${e.url} → ${e.status}`));
    this.changed.fire();
    return { baseUrl: handle.baseUrl, alreadyRunning: false };
  }

  async stop(): Promise<boolean> {
    const h = this.handle;
    if (!h) return false;
    this.handle = undefined;
    await h.close();
    this.changed.fire();
    return true;
  }

  private async isSimulatorAt(port: number): Promise<boolean> {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/_simulator/requests`, { signal: AbortSignal.timeout(2000) });
      return res.ok;
    } catch {
      return false;
    }
  }
}
