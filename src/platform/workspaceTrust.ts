import * as vscode from 'vscode';
import { sentenceStart } from '../format/sentence';

/**
 * Workspace Trust (Restricted Mode): in a folder not yet trusted, request and flow files can be read,
 * edited and validated, but nothing is sent, no simulator or inbox starts and the workspace's
 * environments file is not read; each of those doors calls requireTrust first. package.json declares
 * this ("capabilities.untrustedWorkspaces": limited).
 */
export const MANAGE_TRUST = vscode.l10n.t('Manage Workspace Trust');

/** A door refused because the workspace is not trusted; the person was already told, with the way out. */
export class RestrictedModeError extends Error {
  /** Told by this mark, not instanceof: the activation and feature bundles each hold a copy of this class. */
  readonly restrictedMode = true;
}

export function isRestrictedMode(err: unknown): err is RestrictedModeError {
  return err instanceof Error && (err as Partial<RestrictedModeError>).restrictedMode === true;
}

/**
 * Shows what made a command fail as an error message, unless the person was told already: a Restricted
 * Mode refusal said so itself, with its Manage Workspace Trust button.
 */
export function showFailure(err: unknown, message: string = err instanceof Error ? err.message : String(err)): void {
  if (isRestrictedMode(err)) return;
  void vscode.window.showErrorMessage(sentenceStart(message));
}

export function isTrusted(): boolean {
  return vscode.workspace.isTrusted;
}

/** Where a door refused: `keepsInput` when something was typed there (a form, a sign-in) and is kept. */
export interface RefusedDoor {
  keepsInput?: boolean;
}

/**
 * "Restricted Mode: sending waits until you trust this workspace…": what each refusal says. A door
 * where nothing was typed (starting the Tap, the simulator) does not claim "Nothing you typed is lost".
 */
export function restrictedMessage(what: string, door: RefusedDoor = {}): string {
  return door.keepsInput
    ? vscode.l10n.t('Restricted Mode: {0} waits until you trust this workspace. Nothing you typed is lost.', what)
    : vscode.l10n.t('Restricted Mode: {0} waits until you trust this workspace.', what);
}

/** Throws RestrictedModeError in a workspace not trusted, after a warning whose button opens Manage Workspace Trust. */
export function requireTrust(what: string, door: RefusedDoor = {}): void {
  if (vscode.workspace.isTrusted) return;
  const message = restrictedMessage(what, door);
  void Promise.resolve(vscode.window.showWarningMessage(sentenceStart(message), MANAGE_TRUST)).then((choice) => {
    if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
  });
  throw new RestrictedModeError(message);
}

/** A view's message while the workspace is not trusted ("Restricted Mode: …"), gone once trust is granted. */
export function sayRestrictedOn(view: { message?: string | undefined }, what: string): vscode.Disposable {
  if (vscode.workspace.isTrusted) return { dispose: () => undefined };
  view.message = vscode.l10n.t('Restricted Mode: {0} until you trust this workspace (Manage Workspace Trust).', what);
  return vscode.workspace.onDidGrantWorkspaceTrust(() => {
    view.message = undefined;
  });
}
