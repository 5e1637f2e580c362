/**
 * The few names of the 'vscode' module that the adapter's stores use when no editor is running: events,
 * disposables, no workspace folder, and messages recorded instead of shown. Anything else is undefined, so
 * code that needs the real editor fails loudly and belongs in the integration tier.
 */
import { MockDisposable, MockEventEmitter } from './eventEmitter';

export { MockDisposable as Disposable, MockEventEmitter as EventEmitter };

/** No folder open: workspace files are out of reach, as in an empty window. */
export const workspace: { workspaceFolders: undefined } = { workspaceFolders: undefined };

/** What the code under test told the user, newest last. Tests clear it. */
export const shownMessages: { level: 'information' | 'warning' | 'error'; message: string }[] = [];

export const window = {
  showInformationMessage: (message: string): Promise<undefined> => record('information', message),
  showWarningMessage: (message: string): Promise<undefined> => record('warning', message),
  showErrorMessage: (message: string): Promise<undefined> => record('error', message),
};

function record(level: 'information' | 'warning' | 'error', message: string): Promise<undefined> {
  shownMessages.push({ level, message });
  return Promise.resolve(undefined);
}
