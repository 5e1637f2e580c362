import type * as vscode from 'vscode';

/** VS Code's EventEmitter as a plain object: listeners in order, a listener's failure does not stop the next. */
export class MockEventEmitter<T> implements vscode.EventEmitter<T> {
  private listeners: ((e: T) => unknown)[] = [];

  readonly event: vscode.Event<T> = (listener, thisArgs?, disposables?) => {
    const bound = (e: T): unknown => listener.call(thisArgs, e);
    this.listeners.push(bound);
    const subscription = new MockDisposable(() => {
      this.listeners = this.listeners.filter((l) => l !== bound);
    });
    disposables?.push(subscription);
    return subscription;
  };

  fire(data: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(data);
      } catch (error) {
        console.error(error);
      }
    }
  }

  dispose(): void {
    this.listeners = [];
  }
}

export class MockDisposable implements vscode.Disposable {
  constructor(private readonly onDispose: () => void = () => undefined) {}

  static from(...disposables: { dispose(): unknown }[]): MockDisposable {
    return new MockDisposable(() => disposables.forEach((d) => d.dispose()));
  }

  dispose(): void {
    this.onDispose();
  }
}
