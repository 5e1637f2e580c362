/**
 * A field's text box: the browser's own <input> in vscode-textfield's look (media/form.css). A
 * form opens with a few dozen of them; as web components each one rendered a shadow tree of its
 * own in the first frame. The wrapper carries `data-field-input` and the `invalid` mark as the
 * component did, so `[data-field-input] input` still finds the box.
 */
import { el } from '../../shared/app/dom';

export interface TextInput {
  /** The wrapper that goes in the field's row. */
  root: HTMLElement;
  input: HTMLInputElement;
}

export function textInput(id: string, label: string, attrs: { placeholder?: string; disabled?: boolean } = {}): TextInput {
  const input = el('input', { attrs: { id, type: 'text', 'aria-label': label, placeholder: attrs.placeholder, disabled: attrs.disabled, spellcheck: 'false' } });
  const root = el('span', { class: 'textfield', attrs: { 'data-field-input': true } }, input);
  return { root, input };
}
