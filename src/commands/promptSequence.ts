/**
 * The questions of one command (Send Request…: environment, operation, version, body, ids; Add
 * Environment: name, URLs, merchant) asked in one quick-input widget that stays open from the first
 * question to the last.
 *
 * Why: asked one by one with showQuickPick/showInputBox, each answer hides the widget and VS Code hands
 * the focus back to the editor that had it. When that editor is a webview (a form, the response panel),
 * the webview takes the focus back asynchronously (workbench: quick input hide → returnFocus → the
 * webview's focus(), a 50 ms delayer and a 'focus' message into its frame), and a question shown in
 * between loses the focus to it and closes: "nothing was sent". Here the next question replaces the
 * previous one inside the visible widget (QuickInputController.show swaps controllers without hiding),
 * so the focus never goes back to the webview until the last answer; and every question ignores focus
 * loss, so a late focus move (after the palette itself closed) leaves it open until answered or Escape.
 */
import * as vscode from 'vscode';

export interface PickOptions {
  placeHolder: string;
  title?: string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
}

export interface InputOptions {
  title: string;
  prompt?: string;
  value?: string;
  password?: boolean;
  /** An error to show (the answer is not taken), or undefined when the text is fine. */
  validateInput?: (text: string) => string | undefined;
}

/** Where a command's questions go: one widget for all of them (PromptSequence), or a test's double. */
export interface Prompts {
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T | undefined>;
  input(options: InputOptions): Promise<string | undefined>;
}

export class PromptSequence implements Prompts, vscode.Disposable {
  private current: vscode.QuickInput | undefined;

  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<T>();
    pick.items = items;
    pick.placeholder = options.placeHolder;
    if (options.title !== undefined) pick.title = options.title;
    pick.matchOnDescription = options.matchOnDescription ?? false;
    pick.matchOnDetail = options.matchOnDetail ?? false;
    return this.ask(pick, (settle) => pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      if (chosen) settle(chosen);
    }));
  }

  input(options: InputOptions): Promise<string | undefined> {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    if (options.prompt !== undefined) box.prompt = options.prompt;
    box.value = options.value ?? '';
    box.password = options.password ?? false;
    const check = (text: string) => {
      box.validationMessage = options.validateInput?.(text);
    };
    check(box.value);
    return this.ask(box, (settle) => vscode.Disposable.from(
      box.onDidChangeValue(check),
      box.onDidAccept(() => {
        check(box.value);
        if (box.validationMessage === undefined) settle(box.value);
      }),
    ));
  }

  /** Hides the widget: the command asks nothing more (or was cancelled). */
  dispose(): void {
    const last = this.current;
    this.current = undefined;
    last?.hide();
    last?.dispose();
  }

  /**
   * Shows `input` in place of the question before it (the widget stays up), and settles with the
   * answer, or undefined on Escape. The answered question stays shown, busy, until the next replaces it.
   */
  private ask<T, Q extends vscode.QuickInput>(input: Q, onAnswer: (settle: (value: T) => void) => vscode.Disposable): Promise<T | undefined> {
    input.ignoreFocusOut = true;
    return new Promise<T | undefined>((resolve) => {
      let settled = false;
      const subscriptions: vscode.Disposable[] = [];
      const settle = (value: T | undefined) => {
        if (settled) return;
        settled = true;
        for (const s of subscriptions) s.dispose();
        if (value !== undefined) {
          input.busy = true;
          input.enabled = false;
        }
        resolve(value);
      };
      subscriptions.push(onAnswer(settle), input.onDidHide(() => settle(undefined)));
      const previous = this.current;
      this.current = input;
      input.show();
      // Disposed only now that the new question holds the widget: disposing first would hide it.
      previous?.dispose();
    });
  }
}

/** Runs `ask` with one widget for all its questions, closed when it returns or throws. */
export async function withPrompts<T>(ask: (prompts: Prompts) => Promise<T>): Promise<T> {
  const prompts = new PromptSequence();
  try {
    return await ask(prompts);
  } finally {
    prompts.dispose();
  }
}
