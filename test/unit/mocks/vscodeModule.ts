/**
 * The few names of the 'vscode' module that the adapter's stores and commands use when no editor is running:
 * events, disposables, no workspace folder, messages recorded instead of shown, commands run in-process.
 * Each namespace is typed against the real API (`satisfies Partial<typeof vscode.…>`), so a double that drifts
 * from VS Code's signatures fails to compile. Anything the double does not declare fails the test when read
 * (strict.ts), and so do a question with no scripted answer and a command registered twice: code that needs
 * more of the editor belongs in the integration tier, or the double declares what it allows.
 */
import * as runtimeText from '@vscode/l10n';
import type * as vscode from 'vscode';
import { MockDisposable, MockEventEmitter } from './eventEmitter';
import { strictNamespace, unexpected } from './strict';

export { MockDisposable as Disposable, MockEventEmitter as EventEmitter };

/** No folder open: workspace files are out of reach, as in an empty window. */
export const workspace = strictNamespace('vscode.workspace', {
  workspaceFolders: undefined,
  /** A trusted window unless a test says otherwise (Restricted Mode itself is tested in a real VS Code). */
  isTrusted: true,
  onDidGrantWorkspaceTrust: (() => new MockDisposable(() => undefined)) as typeof vscode.workspace.onDidGrantWorkspaceTrust,
} satisfies Partial<typeof vscode.workspace>);

/** What the code under test told the user, newest last. Tests clear it. */
export const shownMessages: { level: 'information' | 'warning' | 'error'; message: string }[] = [];

/**
 * What the user answers, in the order the code asks: typed input boxes (undefined: Escape), and the button
 * clicked on the next information message with buttons (undefined, or a name not among its buttons: the
 * notification closed). Tests fill these; a question asked with no answer left fails the test, so a test
 * whose user closes or escapes says so with an explicit undefined.
 */
export const userAnswers: { inputBoxes: (string | undefined)[]; buttons: (string | undefined)[] } = { inputBoxes: [], buttons: [] };

/** The titles of the input boxes the code opened, newest last. */
export const shownInputBoxes: string[] = [];

/** The next scripted answer of `queue`; none left is a question the test did not expect. */
function nextAnswer(queue: (string | undefined)[], question: string): string | undefined {
  if (queue.length === 0) throw unexpected(`${question} was asked, but the test scripted no answer for it (userAnswers)`);
  return queue.shift();
}

/** A message's items are strings or MessageItems (then the click answers the item whose title was scripted). */
function clickOn<T>(message: string, items: readonly T[]): T | undefined {
  const buttons = items.filter((i) => typeof i === 'string' || (typeof i === 'object' && i !== null && 'title' in i));
  if (buttons.length === 0) return undefined;
  const clicked = nextAnswer(userAnswers.buttons, `the notification "${message}" with buttons ${buttons.map(titleOf).join(', ')}`);
  return buttons.find((b) => titleOf(b) === clicked);
}

const titleOf = (item: unknown): string => (typeof item === 'string' ? item : String((item as vscode.MessageItem).title));

function showInformationMessage(message: string, ...items: unknown[]): Thenable<never> {
  record('information', message);
  return Promise.resolve(clickOn(message, items) as never);
}

function showWarningMessage(message: string): Thenable<undefined> {
  record('warning', message);
  return Promise.resolve(undefined);
}

function showErrorMessage(message: string): Thenable<undefined> {
  record('error', message);
  return Promise.resolve(undefined);
}

export const window = strictNamespace('vscode.window', {
  showInformationMessage: showInformationMessage as typeof vscode.window.showInformationMessage,
  showWarningMessage: showWarningMessage as typeof vscode.window.showWarningMessage,
  showErrorMessage: showErrorMessage as typeof vscode.window.showErrorMessage,
  showInputBox: (options?: vscode.InputBoxOptions): Thenable<string | undefined> => {
    const title = options?.title ?? '';
    shownInputBoxes.push(title);
    return Promise.resolve(nextAnswer(userAnswers.inputBoxes, `the input box "${title}"`));
  },
  /** An input box answered from `userAnswers.inputBoxes` when shown (undefined: Escape), as showInputBox is. */
  createInputBox: (): vscode.InputBox => strictNamespace('vscode.InputBox', new MockInputBox()) as unknown as vscode.InputBox,
} satisfies Partial<typeof vscode.window>);

/** The parts of vscode.InputBox a command's questions use (commands/promptSequence.ts). */
class MockInputBox implements Partial<vscode.InputBox> {
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
    const answer = nextAnswer(userAnswers.inputBoxes, `the input box "${this.title}"`);
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
export const commands = strictNamespace('vscode.commands', {
  registerCommand(id: string, handler: (...args: unknown[]) => unknown): MockDisposable {
    // VS Code refuses a second registration of an id ("command '…' already exists"); so does the double.
    if (registered.has(id)) throw unexpected(`command '${id}' already exists: registered twice`);
    registered.set(id, handler);
    return new MockDisposable(() => registered.delete(id));
  },
  executeCommand<T = unknown>(id: string, ...args: unknown[]): Thenable<T> {
    if (id === 'setContext') return Promise.resolve(contextKeys.set(String(args[0]), args[1]) as unknown as T);
    const handler = registered.get(id);
    if (!handler) return Promise.reject(new Error(`command '${id}' not found`));
    return Promise.resolve(handler(...args) as T);
  },
} satisfies Partial<typeof vscode.commands>);

/**
 * English, as VS Code runs without a language pack: no bundle, and `t` formats the source text with the
 * same rules as the runtime the webviews and the engine use (@vscode/l10n).
 */
export const l10n = strictNamespace('vscode.l10n', {
  bundle: undefined,
  uri: undefined,
  t: runtimeText.t as typeof vscode.l10n.t,
} satisfies Partial<typeof vscode.l10n>);

/** The context keys set with `setContext`. */
export const contextKeys = new Map<string, unknown>();

function record(level: 'information' | 'warning' | 'error', message: string): void {
  shownMessages.push({ level, message });
}

// A module-level name the double does not declare (vscode.Uri, vscode.env, …) fails on reading, like a member.
module.exports = strictNamespace('vscode', module.exports as object);
