/**
 * The browser's own <button> in vscode-button's secondary look (media/form.css `.plain-button`):
 * a button built with the form's fields is in its first frame, and as a web component each
 * rendered a shadow tree there.
 */
import { el } from '../../shared/app/dom';

export interface PlainButtonSpec {
  /** A codicon name ('add', 'trash'). */
  icon: string;
  text: string;
  class?: string;
  attrs?: Record<string, string | boolean | undefined>;
  onClick?: () => void;
}

export function plainButton(spec: PlainButtonSpec): HTMLButtonElement {
  const classes = ['plain-button', 'secondary', spec.class].filter(Boolean).join(' ');
  return el('button', { class: classes, attrs: { type: 'button', ...spec.attrs }, on: spec.onClick ? { click: spec.onClick } : {} },
    el('span', { class: `codicon codicon-${spec.icon}`, attrs: { 'aria-hidden': 'true' } }), spec.text);
}
