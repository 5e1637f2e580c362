/** A vscode-single-select from plain choices (the helpers, environment and version pickers). */
import { el } from '../shared/dom';

interface Choice {
  value: string;
  label: string;
}

/** Height of one option row and the most rows the list shows (vscode-single-select's own sizes). */
const OPTION_HEIGHT = 22;
const VISIBLE_OPTIONS = 10;

/**
 * The dropdown list opens below the select, in the top layer, even when that is past the bottom
 * of the panel, where it cannot be scrolled to. Open it above instead when there is no room below.
 */
export function openUpwardNearBottom(select: HTMLElementTagNameMap['vscode-single-select']): void {
  const place = () => {
    const rect = select.getBoundingClientRect();
    const count = Math.min(select.querySelectorAll('vscode-option').length, VISIBLE_OPTIONS);
    const needed = count * OPTION_HEIGHT + 8;
    select.position = rect.bottom + needed > window.innerHeight && rect.top > needed ? 'above' : 'below';
  };
  select.addEventListener('pointerdown', place, { capture: true });
  select.addEventListener('keydown', place, { capture: true });
}

export function selectControl(id: string, label: string, choices: readonly Choice[], selected: string, onChange: (value: string) => void): HTMLElementTagNameMap['vscode-single-select'] {
  const select = el('vscode-single-select', { attrs: { id } }, ...choices.map((c) => el('vscode-option', { attrs: { value: c.value, selected: c.value === selected }, text: c.label })));
  select.label = label;
  openUpwardNearBottom(select);
  select.addEventListener('change', () => onChange(select.value));
  return select;
}

/** A labelled control in a toolbar row. */
export function labelled(text: string, control: HTMLElement): HTMLElement {
  const label = el('vscode-label', { text });
  if (control.id) label.htmlFor = control.id;
  return el('div', { class: 'labelled' }, label, control);
}
