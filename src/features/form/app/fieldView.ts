/**
 * One field of the form, built from its FieldMeta: a text field, a dropdown for enums (with an
 * empty choice: not sent) or a checkbox for booleans, with its label, required marker, help,
 * format hint, length counter and the catalogue's messages. Values go to the host as JSON, typed
 * by the field's wire type (see forms/coerce).
 */
import * as l10n from '@vscode/l10n';
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { lengthCount, textToValue, valueToText } from '../model/coerce';
import { isStoredCredentialPath } from '../../../redaction';
import type { Json } from '../model/json';
import { el } from '../../shared/app/dom';
import { renderProblems, type ControlView } from './controlView';
import { codiconClass } from './plainButton';
import { nativeSelect, option } from './selectControl';
import { textInput } from './textInput';

export interface FieldHost {
  valueAt(path: string): Json | undefined;
  setValue(path: string, value: Json | undefined): void;
  register(view: ControlView): void;
  /** Why the field is marked required ('' when it is not). */
  requiredNote(meta: FieldMeta): string;
  /** A note the host put beside this field ("card data is not kept: …"). */
  fieldNote?(path: string): string | undefined;
  /** What the payment session can do for this field; shown while the body names a session (session.id). */
  sessionNote?(meta: FieldMeta): string | undefined;
  /** Fill this notification URL with the local inbox's address (the host starts the inbox if need be). */
  useInbox?(path: string): void;
  /** Fill this payer-return URL with the simulator's return page (shown on the simulator only). */
  useReturnPage?(path: string): void;
}

interface FieldOptions {
  /** A row of a list of plain values: emptied, it stays '' (removing it would shift the rows after it). */
  keepEmpty?: boolean;
  label?: string;
}

/**
 * Focuses a web component once it has rendered: a control built a moment ago (a group just opened,
 * a row just added) has no inner input yet for delegatesFocus to hand the focus to.
 */
export function focusWhenRendered(element: HTMLElement): void {
  const pending = (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
  if (pending) void pending.then(() => element.focus());
  else element.focus();
}

let ids = 0;
const nextId = () => `field-${++ids}`;

const FORMAT_KINDS = new Set<FieldMeta['kind']>(['date', 'time', 'datetime']);

function placeholderOf(meta: FieldMeta): string | undefined {
  if (meta.defaultValue !== undefined) return l10n.t('default: {0}', meta.defaultValue);
  if (meta.example !== undefined) return l10n.t('e.g. {0}', String(meta.example));
  return undefined;
}

function helpOf(meta: FieldMeta): string {
  // The format is added unless the help already shows it ("Issue date (yyyy-mm-dd).").
  const shape = meta.patternHint?.split(' ').pop() ?? '';
  const format = FORMAT_KINDS.has(meta.kind) && meta.patternHint && !meta.help.includes(shape) ? l10n.t('Format: {0}.', meta.patternHint) : '';
  return [meta.help, format].filter((t) => t !== '').join(' ');
}

type Control = {
  element: HTMLElement;
  sync(value: Json | undefined): void;
  /** Puts `text` in the control as if typed (a text field only). */
  setText?(text: string): void;
  /** What takes the focus when it is not the element itself (a text box's <input>). */
  focusable?: HTMLElement;
};

function textControl(meta: FieldMeta, id: string, value: Json | undefined, onText: (text: string) => void): Control {
  const { root, input } = textInput(id, meta.label, { placeholder: placeholderOf(meta) });
  input.value = valueToText(value);
  input.addEventListener('input', () => onText(input.value));
  return {
    element: root,
    focusable: input,
    sync(v) {
      const text = valueToText(v);
      if (input.value !== text) input.value = text;
    },
    setText(text) {
      input.value = text;
      onText(text);
    },
  };
}

/**
 * The catalogue's known values for a field that accepts any value of its shape, as buttons: the
 * text field's shadow DOM keeps a native <datalist> from reaching its input.
 */
/** "Use local inbox" under a URL that receives notifications: the inbox shows what arrives (Notifications view). */
function inboxRow(use: () => void): HTMLElement {
  return el('div', { class: 'field-suggestions' },
    el('button', { class: 'suggestion use-inbox', text: l10n.t('Use local inbox'), attrs: { type: 'button', title: l10n.t('Fill in the address of the local inbox (started if need be); what arrives shows in the Notifications view') }, on: { click: use } }));
}

/** Shown while the form sends to the simulator (CSS reads the form's data-simulator): the payer's browser then lands on a page that exists. */
function returnPageRow(use: () => void): HTMLElement {
  return el('div', { class: 'field-suggestions simulator-only' },
    el('button', { class: 'suggestion use-return-page', text: l10n.t('Use the simulator\'s return page'), attrs: { type: 'button', title: l10n.t('Fill in the simulator\'s own page for the payer\'s return: it shows where the order stands') }, on: { click: use } }));
}

function suggestionsRow(suggestions: readonly string[] | undefined, control: Control): HTMLElement | null {
  if (!suggestions?.length || !control.setText) return null;
  const buttons = suggestions.map((value) => el('button', { class: 'suggestion', text: value, attrs: { type: 'button' }, on: { click: () => control.setText?.(value) } }));
  return el('div', { class: 'field-suggestions', attrs: { role: 'group', 'aria-label': l10n.t('Known values') } }, el('span', { class: 'suggestions-label', text: l10n.t('Known values:') }), ...buttons);
}

function enumControl(meta: FieldMeta, id: string, value: Json | undefined, onText: (text: string) => void): Control {
  const current = valueToText(value);
  const choices = meta.enum ?? [];
  const select = nativeSelect(id, meta.label, [option('', l10n.t('(not sent)'), current === ''), ...choices.map((v) => option(v, v, v === current))], { 'data-field-input': true });
  // A value from a file that the catalogue does not allow is still shown (and reported), never dropped.
  const addStray = (text: string) => {
    if (text !== '' && !choices.includes(text) && !select.querySelector(`option[value="${CSS.escape(text)}"]`)) select.append(option(text, text, false));
  };
  addStray(current);
  if (current !== '' && !choices.includes(current)) select.value = current;
  select.addEventListener('change', () => onText(select.value));
  return {
    element: select,
    sync(v) {
      const text = valueToText(v);
      if (select.value === text) return;
      addStray(text);
      select.value = text;
    },
  };
}

/** Three states: not sent (indeterminate), true, false; the × button puts it back to not sent. */
function booleanControl(meta: FieldMeta, id: string, value: Json | undefined, onValue: (v: boolean | undefined) => void): Control {
  // The browser's checkbox in vscode-checkbox's look (media/form.css): a web component costs a shadow tree and its styles in the first frame.
  const box = el('input', { class: 'checkbox', attrs: { id, type: 'checkbox', 'data-field-input': true } });
  const boxLabel = el('label', { class: 'checkbox-label' }, box, el('span', { text: meta.label }));
  const stateText = el('span', { class: 'checkbox-state' });
  // The browser's button in vscode-icon's action look (media/form.css): one shadow tree fewer per boolean in the first frame.
  const clear = el('button', { class: `checkbox-clear ${codiconClass('close')}`, attrs: { type: 'button', 'aria-label': l10n.t('Do not send'), title: l10n.t('Do not send') } });
  const show = (v: Json | undefined) => {
    box.checked = v === true;
    box.indeterminate = v === undefined;
    stateText.textContent = v === undefined ? l10n.t('not sent') : valueToText(v);
    clear.hidden = v === undefined;
  };
  show(value);
  box.addEventListener('change', () => {
    show(box.checked);
    onValue(box.checked);
  });
  clear.addEventListener('click', () => {
    show(undefined);
    onValue(undefined);
  });
  const wrapper = el('span', { class: 'checkbox-control' }, boxLabel, stateText, clear);
  return {
    element: wrapper,
    sync(v) {
      if (box.indeterminate !== (v === undefined) || box.checked !== (v === true)) show(v);
    },
  };
}

/** A credential is never typed into a webview (its state is not secret storage): say where it comes from. */
function credentialControl(meta: FieldMeta, id: string): Control {
  const { root, input } = textInput(id, meta.label, { disabled: true, placeholder: l10n.t('From secure storage when sent (Sign In / Set Password)') });
  return { element: root, focusable: input, sync: () => undefined };
}

export function fieldView(host: FieldHost, meta: FieldMeta, path: string, opts: FieldOptions = {}): ControlView {
  const id = nextId();
  const counter = el('span', { class: 'field-counter', attrs: { 'aria-live': 'off' } });
  const error = el('div', { class: 'field-error', attrs: { id: `${id}-problems` } });
  const showCount = (text: string) => {
    const count = lengthCount(meta, text);
    counter.hidden = count === undefined;
    counter.textContent = count?.text ?? '';
    counter.classList.toggle('over', count?.over ?? false);
  };
  const onText = (text: string) => {
    showCount(text);
    host.setValue(view.path, opts.keepEmpty && text === '' ? '' : textToValue(meta, text));
  };
  const value = host.valueAt(path);
  const control: Control = isStoredCredentialPath(path)
    ? credentialControl(meta, id)
    : meta.kind === 'boolean'
    ? booleanControl(meta, id, value, (v) => host.setValue(view.path, v))
    : meta.enum
      ? enumControl(meta, id, value, onText)
      : textControl(meta, id, value, onText);
  const input = control.element.matches('[data-field-input]') ? control.element : (control.element.querySelector<HTMLElement>('[data-field-input]') ?? control.element);
  showCount(meta.kind === 'boolean' || meta.enum ? '' : valueToText(value));

  const note = host.requiredNote(meta);
  const label = el('label', { class: 'field-label' }, opts.label ?? meta.label, note ? el('span', { class: 'required-marker', text: '*', attrs: { title: note } }) : null);
  // A checkbox is labelled by the label around it (its name beside the box): a second label tied to it would make two.
  if (meta.kind !== 'boolean' || isStoredCredentialPath(path)) label.htmlFor = id;
  const pathText = el('code', { class: 'field-path', text: path });
  const help = helpOf(meta);
  const hostNote = host.fieldNote?.(path);
  const sessionNote = host.sessionNote?.(meta);
  const root = el('div', { class: 'field', attrs: { 'data-path': path, 'data-template': meta.path, 'data-kind': meta.kind } },
    el('div', { class: 'field-head' }, label, pathText),
    el('div', { class: 'field-control' }, control.element, counter),
    suggestionsRow(meta.suggestions, control),
    meta.receives && host.useInbox ? inboxRow(() => host.useInbox?.(view.path)) : null,
    meta.returnsPayer && host.useReturnPage ? returnPageRow(() => host.useReturnPage?.(view.path)) : null,
    hostNote ? el('div', { class: 'field-note', text: hostNote, attrs: { role: 'note' } }) : null,
    sessionNote ? el('div', { class: 'session-note', text: sessionNote, attrs: { role: 'note' } }) : null,
    help ? el('div', { class: 'field-help', text: help, attrs: { id: `${id}-help` } }) : null,
    error,
  );
  // A screen reader reads the problems (and the help) with the field's name when it takes the focus.
  const described = control.focusable ?? input;
  described.setAttribute('aria-describedby', [error.id, help ? `${id}-help` : ''].filter((d) => d !== '').join(' '));
  if (note === 'Required') described.setAttribute('aria-required', 'true');

  const view: ControlView = {
    path,
    root,
    showProblems(messages, warnings) {
      if (!renderProblems(error, messages, warnings)) return;
      input.toggleAttribute('invalid', messages.length > 0);
      if (messages.length > 0) described.setAttribute('aria-invalid', 'true');
      else described.removeAttribute('aria-invalid');
    },
    syncValue(v) {
      control.sync(v);
      if (meta.kind !== 'boolean' && !meta.enum) showCount(valueToText(v));
      if (root.dataset['path'] !== view.path) {
        root.dataset['path'] = view.path;
        pathText.textContent = view.path;
      }
    },
    focus() {
      focusWhenRendered(control.focusable ?? input);
    },
  };
  host.register(view);
  return view;
}
