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

/**
 * What the user answers, in the order the code asks: typed input boxes, and the button clicked on the next
 * information message (a name not among that message's buttons counts as closing it). Tests fill these.
 */
export const userAnswers: { inputBoxes: (string | undefined)[]; buttons: (string | undefined)[] } = { inputBoxes: [], buttons: [] };

/** The titles of the input boxes the code opened, newest last. */
export const shownInputBoxes: string[] = [];

export const window = {
  showInformationMessage: (message: string, ...buttons: string[]): Promise<string | undefined> => {
    void record('information', message);
    const clicked = buttons.length > 0 ? userAnswers.buttons.shift() : undefined;
    return Promise.resolve(clicked !== undefined && buttons.includes(clicked) ? clicked : undefined);
  },
  showWarningMessage: (message: string): Promise<undefined> => record('warning', message),
  showErrorMessage: (message: string): Promise<undefined> => record('error', message),
  showInputBox: (options: { title?: string }): Promise<string | undefined> => {
    shownInputBoxes.push(options.title ?? '');
    return Promise.resolve(userAnswers.inputBoxes.shift());
  },
  /** An input box answered from `userAnswers.inputBoxes` when shown (undefined: Escape), as showInputBox is. */
  createInputBox: (): MockInputBox => new MockInputBox(),
};

/** The parts of vscode.InputBox a command's questions use (commands/promptSequence.ts). */
class MockInputBox {
  title = '';
  value = '';
  prompt: string | undefined;
  password = false;
  validationMessage: string | undefined;
  ignoreFocusOut = false;
  busy = false;
  enabled = true;
  private readonly accepted = new MockEventEmitter<void>();
  private readonly hidden = new MockEventEmitter<void>();
  private readonly changed = new MockEventEmitter<string>();
  readonly onDidAccept = this.accepted.event;
  readonly onDidHide = this.hidden.event;
  readonly onDidChangeValue = this.changed.event;

  show(): void {
    shownInputBoxes.push(this.title);
    const answer = userAnswers.inputBoxes.shift();
    queueMicrotask(() => {
      if (answer === undefined) return this.hidden.fire();
      this.value = answer;
      this.changed.fire(answer);
      this.accepted.fire();
    });
  }

  hide(): void {
    this.hidden.fire();
  }

  dispose(): void {
    this.accepted.dispose();
    this.hidden.dispose();
    this.changed.dispose();
  }
}

const registered = new Map<string, (...args: unknown[]) => unknown>();

/** Commands run in-process: what one registers, another executes; `setContext` is remembered. */
export const commands = {
  registerCommand(id: string, handler: (...args: unknown[]) => unknown): MockDisposable {
    registered.set(id, handler);
    return new MockDisposable(() => registered.delete(id));
  },
  executeCommand(id: string, ...args: unknown[]): Promise<unknown> {
    if (id === 'setContext') return Promise.resolve(contextKeys.set(String(args[0]), args[1]));
    const handler = registered.get(id);
    if (!handler) return Promise.reject(new Error(`command '${id}' not found`));
    return Promise.resolve(handler(...args));
  },
};

/** The context keys set with `setContext`. */
export const contextKeys = new Map<string, unknown>();

function record(level: 'information' | 'warning' | 'error', message: string): Promise<undefined> {
  shownMessages.push({ level, message });
  return Promise.resolve(undefined);
}
