/**
 * Load on first use: the activation bundle holds the views and the wiring; the code that needs the
 * catalogue, zod, the HTTP client or the simulator is in a second bundle, evaluated when a command
 * of its own, a restored panel or a request file first needs it.
 */
import * as vscode from 'vscode';

export class DeferredFeatures<T> implements vscode.Disposable {
  private loading: Promise<T> | undefined;
  private standIns: vscode.Disposable[] = [];
  private readonly loadedEmitter = new vscode.EventEmitter<void>();
  /** The features were loaded (by whatever first needed them): views waiting for a reason to load may follow. */
  readonly onDidLoad = this.loadedEmitter.event;

  constructor(
    private readonly activate: () => T,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The features, activated once; every caller waits for the same activation. */
  get(): Promise<T> {
    this.loading ??= Promise.resolve().then(() => {
      // The bundle registers the real commands: the stand-ins must be gone first, in the same turn.
      this.disposeStandIns();
      const started = performance.now();
      const features = this.activate();
      this.log.info(`Features loaded in ${Math.round(performance.now() - started)} ms.`);
      queueMicrotask(() => this.loadedEmitter.fire());
      return features;
    });
    return this.loading;
  }

  get loaded(): boolean {
    return this.loading !== undefined;
  }

  /**
   * A stand-in for each contributed command that the activation bundle did not register: its first
   * call loads the features, which register the real command, then hands the call (arguments
   * included) to it. VS Code throws at once for an id already registered, which is how the commands
   * of the activation bundle are told apart without a second list of ids.
   */
  standInFor(commandIds: readonly string[]): void {
    for (const id of commandIds) {
      try {
        this.standIns.push(vscode.commands.registerCommand(id, async (...args: unknown[]) => {
          await this.get();
          return vscode.commands.executeCommand(id, ...args);
        }));
      } catch {
        // Registered by the activation bundle itself.
      }
    }
  }

  private disposeStandIns(): void {
    for (const s of this.standIns) s.dispose();
    this.standIns = [];
  }

  dispose(): void {
    this.disposeStandIns();
    this.loadedEmitter.dispose();
  }
}

/** The ids of the commands package.json contributes (the palette, menus and keybindings call them). */
export function contributedCommandIds(extension: vscode.Extension<unknown>): string[] {
  const contributes = (extension.packageJSON as { contributes?: { commands?: { command?: unknown }[] } }).contributes;
  return (contributes?.commands ?? []).flatMap((c) => (typeof c.command === 'string' ? [c.command] : []));
}
