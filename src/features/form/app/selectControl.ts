/** A select from plain choices (the helpers, environment and version pickers) and the enum fields' selects. */
import { el } from '../../shared/app/dom';

interface Choice {
  value: string;
  label: string;
}

export function selectControl(id: string, label: string, choices: readonly Choice[], selected: string, onChange: (value: string) => void): HTMLSelectElement {
  const select = nativeSelect(id, label, choices.map((c) => option(c.value, c.label, c.value === selected)));
  select.addEventListener('change', () => onChange(select.value));
  return select;
}

export function option(value: string, text: string, selected: boolean): HTMLOptionElement {
  return el('option', { attrs: { value, selected }, text });
}

/**
 * The browser's own <select>, themed with VS Code's dropdown colours (media/form.css): it opens
 * where there is room, works with the keyboard and screen readers, and costs the form nothing to
 * load, where a custom dropdown per enum field weighed 40 KiB and slowed the first render.
 */
export function nativeSelect(id: string, label: string, options: HTMLOptionElement[], attrs: Record<string, boolean> = {}): HTMLSelectElement {
  return el('select', { class: 'select', attrs: { id, 'aria-label': label, ...attrs } }, ...options);
}

/** A labelled control in a toolbar row. */
export function labelled(text: string, control: HTMLElement): HTMLElement {
  const label = el('label', { class: 'labelled-text', text });
  if (control.id) label.htmlFor = control.id;
  return el('div', { class: 'labelled' }, label, control);
}
