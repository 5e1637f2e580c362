/**
 * The browser's own <button> in vscode-button's secondary look (media/form.css `.plain-button`):
 * a button built with the form's fields is in its first frame, and as a web component each
 * rendered a shadow tree there.
 */
import { el } from '../../shared/app/dom';

export interface PlainButtonSpec {
  /** A codicon name ('add', 'trash'); none for a text-only button. */
  icon?: string;
  /** The label: a node when it changes later (Send's count of problems). */
  text: string | Node;
  class?: string;
  attrs?: Record<string, string | boolean | undefined>;
  onClick?: () => void;
  /** vscode-button's primary look (Send) instead of the secondary one. */
  primary?: boolean;
}

/** A codicon's classes; name it as a literal ('close'): the build keeps only the icons the app code names (esbuild.js). */
export function codiconClass(name: string): string {
  return `codicon codicon-${name}`;
}

export function plainButton(spec: PlainButtonSpec): HTMLButtonElement {
  const classes = ['plain-button', spec.primary ? 'primary' : 'secondary', spec.class].filter(Boolean).join(' ');
  return el('button', { class: classes, attrs: { type: 'button', ...spec.attrs }, on: spec.onClick ? { click: spec.onClick } : {} },
    spec.icon ? el('span', { class: codiconClass(spec.icon), attrs: { 'aria-hidden': 'true' } }) : null, spec.text);
}
