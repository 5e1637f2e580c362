import * as vscode from 'vscode';
import { offerBuiltIns } from './builtInOffers';
import { UnreadableFile } from '../../files/boundedFile';
import { readWorkspaceFile } from '../../platform/requestFiles';
import { environmentSchema, describeEnvironmentError, localSimulatorEnvironments, MAX_ENVIRONMENTS_FILE_BYTES, type Environment, type EnvironmentInput } from '../../environments/environment';

const ENVIRONMENTS_KEY = 'paymentWorkbench.environments';
const ACTIVE_KEY = 'paymentWorkbench.activeEnvironment';
/** The ids of the built-in environments already offered to this user (see offerBuiltIns). */
export const BUILT_INS_OFFERED_KEY = 'paymentWorkbench.builtInsOffered';
/** A workspace file the team can commit: it holds no secret by construction (the schema has no field for one). */
const WORKSPACE_FILE = '.vscode/payment-workbench.environments.json';

export interface StoredEnvironment extends Environment {
  source: 'user' | 'workspace';
}

/** Non-secret environment data: the user's in globalState, the team's in a workspace file. */
export class EnvironmentStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private workspaceEnvs: Environment[] = [];
  private readonly watcher: vscode.FileSystemWatcher | undefined;
  private readonly trustGranted: vscode.Disposable | undefined;

  constructor(
    private readonly state: vscode.Memento,
    private readonly simulatorPort: () => number,
  ) {
    this.offerNewBuiltIns();
    if (vscode.workspace.workspaceFolders?.length) {
      this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.workspace.workspaceFolders[0]!, WORKSPACE_FILE));
      const reload = () => void this.loadWorkspaceFile();
      this.watcher.onDidChange(reload);
      this.watcher.onDidCreate(reload);
      this.watcher.onDidDelete(reload);
      // Restricted Mode: the file may point a known environment id at anyone's host; read it once the workspace is trusted, without a reload.
      if (vscode.workspace.isTrusted) void this.loadWorkspaceFile();
      else this.trustGranted = vscode.workspace.onDidGrantWorkspaceTrust(reload);
    }
  }

  /** True while the workspace's environments file waits for Workspace Trust (the view and the status bar say so). */
  get workspaceFileWaitsForTrust(): boolean {
    return this.watcher !== undefined && !vscode.workspace.isTrusted;
  }

  /** The active environment, or an error that says how to get one. */
  requireActive(): StoredEnvironment {
    const env = this.active();
    if (!env) throw new Error('No environment: add one in the Environments view.');
    return env;
  }

  private savedEnvs(): Environment[] | undefined {
    const raw = this.state.get<unknown[]>(ENVIRONMENTS_KEY);
    return raw?.flatMap((r) => {
      const p = environmentSchema.safeParse(r);
      return p.success ? [p.data] : [];
    });
  }

  private userEnvs(): Environment[] {
    return this.savedEnvs() ?? localSimulatorEnvironments(this.simulatorPort());
  }

  /**
   * A built-in added in a later version reaches users who already saved a list, once. Memento.update
   * changes the value at once (the promise is for the disk), so the first read already sees it.
   */
  private offerNewBuiltIns(): void {
    const offered = this.state.get<unknown>(BUILT_INS_OFFERED_KEY);
    const record = Array.isArray(offered) ? offered.filter((id): id is string => typeof id === 'string') : undefined;
    const saved = this.savedEnvs();
    const offer = offerBuiltIns(saved, record, localSimulatorEnvironments(this.simulatorPort()));
    if (!offer.changed) return;
    if (offer.saved !== undefined && offer.saved.length !== saved?.length) void this.state.update(ENVIRONMENTS_KEY, offer.saved);
    void this.state.update(BUILT_INS_OFFERED_KEY, offer.offered);
  }

  list(): StoredEnvironment[] {
    const user = this.userEnvs().map((e) => ({ ...e, source: 'user' as const }));
    const ws = this.workspaceEnvs.filter((w) => !user.some((u) => u.id === w.id)).map((e) => ({ ...e, source: 'workspace' as const }));
    return [...user, ...ws];
  }

  get(id: string): StoredEnvironment | undefined {
    return this.list().find((e) => e.id === id);
  }

  active(): StoredEnvironment | undefined {
    const id = this.state.get<string>(ACTIVE_KEY);
    const all = this.list();
    return all.find((e) => e.id === id) ?? all[0];
  }

  async setActive(id: string): Promise<void> {
    await this.state.update(ACTIVE_KEY, id);
    this.changed.fire();
  }

  /** Adds or replaces an environment; throws with the field and rule when the data is invalid. */
  async save(input: EnvironmentInput, source: 'user' | 'workspace' = 'user'): Promise<Environment> {
    const parsed = environmentSchema.safeParse(input);
    if (!parsed.success) throw new Error(`Environment not saved: ${describeEnvironmentError(parsed.error)}`);
    const env = parsed.data;
    if (source === 'workspace') {
      // The file was not read: writing it would drop the environments it holds.
      if (!vscode.workspace.isTrusted) throw new Error(vscode.l10n.t('Environment not saved: {0} is not read in Restricted Mode; trust the workspace (Manage Workspace Trust), or save it as your own.', WORKSPACE_FILE));
      this.workspaceEnvs = [...this.workspaceEnvs.filter((e) => e.id !== env.id), env];
      await this.writeWorkspaceFile();
    } else {
      const rest = this.userEnvs().filter((e) => e.id !== env.id);
      await this.state.update(ENVIRONMENTS_KEY, [...rest, env]);
    }
    this.changed.fire();
    return env;
  }

  async remove(id: string): Promise<void> {
    const env = this.get(id);
    if (!env) return;
    if (env.source === 'workspace') {
      this.workspaceEnvs = this.workspaceEnvs.filter((e) => e.id !== id);
      await this.writeWorkspaceFile();
    } else {
      await this.state.update(ENVIRONMENTS_KEY, this.userEnvs().filter((e) => e.id !== id));
    }
    if (this.state.get<string>(ACTIVE_KEY) === id) await this.state.update(ACTIVE_KEY, undefined);
    this.changed.fire();
  }

  private workspaceFileUri(): vscode.Uri | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? vscode.Uri.joinPath(folder.uri, WORKSPACE_FILE) : undefined;
  }

  private async loadWorkspaceFile(): Promise<void> {
    const uri = this.workspaceFileUri();
    if (!uri || !vscode.workspace.isTrusted) return;
    try {
      // The file comes with the repository: it may be a link to a device or a pipe (refused, as an unreadable file is).
      const text = new TextDecoder().decode(await readWorkspaceFile(uri, MAX_ENVIRONMENTS_FILE_BYTES));
      const raw = JSON.parse(text) as { environments?: unknown[] };
      const rejected: string[] = [];
      this.workspaceEnvs = (raw.environments ?? []).flatMap((r, i) => {
        const p = environmentSchema.safeParse(r);
        if (!p.success) rejected.push(`environment ${i + 1}: ${describeEnvironmentError(p.error)}`);
        return p.success ? [p.data] : [];
      });
      // Say why an environment of the file is missing (a password in its URL, a bad field) instead of dropping it silently.
      if (rejected.length > 0) void vscode.window.showWarningMessage(`${WORKSPACE_FILE}: ${rejected.join('; ')}`);
    } catch (err) {
      this.workspaceEnvs = [];
      if (err instanceof UnreadableFile) void vscode.window.showWarningMessage(`${WORKSPACE_FILE} ${err.message}`);
    }
    this.changed.fire();
  }

  private async writeWorkspaceFile(): Promise<void> {
    const uri = this.workspaceFileUri();
    if (!uri) throw new Error('Open a folder to keep environments in the workspace.');
    const text = JSON.stringify({ environments: this.workspaceEnvs }, null, 2) + '\n';
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  }

  dispose(): void {
    this.watcher?.dispose();
    this.trustGranted?.dispose();
    this.changed.dispose();
  }
}
