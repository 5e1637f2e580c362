/** What the form keeps of every control it has built: enough to show problems, sync values and focus. */
import * as l10n from '@vscode/l10n';
import type { Json } from '../model/json';
import { el } from '../../shared/app/dom';

export interface ControlView {
  /** Concrete path ('item[0].name', 'param:orderId'); a map entry's changes when its key is renamed. */
  path: string;
  readonly root: HTMLElement;
  showProblems(messages: readonly string[], warnings?: readonly string[]): void;
  /** Shows `value` unless the control already does (so the caret of a field being typed in stays put). */
  syncValue?(value: Json | undefined): void;
  focus(): void;
}

/** The controls currently in the page, by concrete path. Folded groups have none until opened. */
export class ControlRegistry {
  private readonly views = new Map<string, ControlView>();

  add(view: ControlView): void {
    this.views.set(view.path, view);
  }

  get(path: string): ControlView | undefined {
    return this.views.get(path);
  }

  /** Re-keys a view whose path changed (a renamed map entry). */
  move(view: ControlView, to: string): void {
    if (this.views.get(view.path) === view) this.views.delete(view.path);
    view.path = to;
    this.views.set(to, view);
  }

  /** Forgets the views inside `container` (it is about to be rebuilt). */
  removeWithin(container: Element): void {
    for (const [path, view] of this.views) if (container.contains(view.root)) this.views.delete(path);
  }

  clear(): void {
    this.views.clear();
  }

  all(): IterableIterator<ControlView> {
    return this.views.values();
  }
}

const shown = new WeakMap<HTMLElement, string>();

/**
 * Shows catalogue messages verbatim under a control, one line each; empty when valid. Returns
 * whether anything changed: every keystroke re-shows every built control's problems, so unchanged
 * ones must not touch the DOM.
 */
export function renderProblems(target: HTMLElement, messages: readonly string[], warnings: readonly string[] = []): boolean {
  const key = `${messages.join('\n')}\u0000${warnings.join('\n')}`;
  if (shown.get(target) === key) return false;
  shown.set(target, key);
  // Warnings (accepted by the real gateway, never blocking Send) look apart from errors.
  target.replaceChildren(
    ...messages.map((m) => el('div', { text: m })),
    ...warnings.map((m) => el('div', { class: 'field-warning', text: l10n.t('Warning: {0}', m) })),
  );
  return true;
}
