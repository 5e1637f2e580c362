/**
 * The custom map (order.custom.{key}) as name/value rows. A name is renamed in place as it is
 * typed; an empty name or one another row has cannot be a JSON key, so the body keeps the last
 * good name and the row says why.
 */
import * as l10n from '@vscode/l10n';
import { concretize, deleteAt, getAt, renameKeyAt, setAt } from '../model/bodyPath';
import { lengthCount } from '../model/coerce';
import { isJsonObject } from '../model/json';
import type { LayoutNode } from '../model/layout';
import { el } from '../../shared/app/dom';
import { renderProblems, type ControlView } from './controlView';
import { plainButton } from './plainButton';
import { fieldView, focusWhenRendered } from './fieldView';
import { containerView, type ContainerHost } from './listView';

/** Characters a path step cannot hold: the form addresses values by dotted path. */
const PATH_CHARS = /[.[\]]/;

export function mapView(host: ContainerHost, node: Extract<LayoutNode, { kind: 'map' }>, indices: readonly number[]): ControlView {
  const meta = node.meta;
  const path = concretize(meta.path, indices);
  const rows = el('div', { class: 'map-rows' });
  const count = el('span', { class: 'array-count' });
  const error = el('div', { class: 'field-error' });
  const add = plainButton({ class: 'add-entry', icon: 'add', text: l10n.t('Add {0} field', meta.label.toLowerCase()) });
  let renderedKeys = '';

  const keys = (): string[] => {
    const map = host.valueAt(path);
    return isJsonObject(map) ? Object.keys(map) : [];
  };

  const row = (initialKey: string): HTMLElement => {
    let key = initialKey;
    const keyInput = el('vscode-textfield', { class: 'map-key-input', attrs: { placeholder: l10n.t('name') } });
    keyInput.label = l10n.t('{0} name', meta.label);
    keyInput.value = key;
    const keyCounter = el('span', { class: 'field-counter' });
    const keyError = el('div', { class: 'field-error map-key-error' });
    const value = fieldView(host, node.value, `${path}.${key}`, { label: l10n.t('Value'), keepEmpty: true });
    const showKeyCount = (text: string) => {
      const c = lengthCount({ maxLength: meta.maxLength, jsonType: 'string' }, text);
      keyCounter.textContent = c?.text ?? '';
      keyCounter.classList.toggle('over', c?.over ?? false);
    };
    showKeyCount(key);
    const remove = plainButton({ class: 'remove-entry', icon: 'trash', text: l10n.t('Remove') });
    const rowEl = el('div', { class: 'map-row', attrs: { 'data-key': key } },
      el('div', { class: 'map-key' }, el('label', { class: 'field-label', text: l10n.t('Name') }), el('div', { class: 'field-control' }, keyInput, keyCounter), keyError),
      value.root,
      el('div', { class: 'map-row-actions' }, remove),
    );
    keyInput.addEventListener('input', () => {
      const next = keyInput.value;
      showKeyCount(next);
      const local = next === '' ? l10n.t('Enter a name: this entry keeps its previous name until then.')
        : PATH_CHARS.test(next) ? l10n.t('A name cannot contain \'.\', \'[\' or \']\'.')
          : next !== key && keys().includes(next) ? `Another entry is already named '${next}'.` : '';
      renderProblems(keyError, local ? [local] : []);
      keyInput.toggleAttribute('invalid', local !== '');
      if (local || next === key) return;
      const from = key;
      key = next;
      rowEl.dataset['key'] = next;
      host.moveView(value, `${path}.${next}`);
      value.syncValue?.(host.valueAt(`${path}.${from}`));
      renderedKeys = renderedKeys.split('\n').map((k) => (k === from ? next : k)).join('\n');
      host.change(path, (b) => renameKeyAt(b, path, from, next));
    });
    remove.addEventListener('click', () => host.change(path, (b) => {
      const map = getAt(b, path);
      if (!isJsonObject(map)) return b;
      const { [key]: _gone, ...rest } = map;
      // The last entry gone, the map goes too (with any object it leaves empty).
      return Object.keys(rest).length === 0 ? deleteAt(b, path) : setAt(b, path, rest);
    }, renderRows));
    return rowEl;
  };

  function renderRows(): void {
    host.unregisterWithin(rows);
    const list = keys();
    renderedKeys = list.join('\n');
    rows.replaceChildren(...list.map(row));
    count.textContent = `${list.length} of at most ${meta.maxItems ?? '∞'}`;
    add.toggleAttribute('disabled', meta.maxItems !== undefined && list.length >= meta.maxItems);
  }

  add.addEventListener('click', () => {
    const taken = new Set(keys());
    let n = taken.size + 1;
    while (taken.has(`field${n}`)) n++;
    host.change(path, (b) => setAt(b, `${path}.field${n}`, ''), renderRows);
    const key = rows.lastElementChild?.querySelector<HTMLElement>('.map-key-input');
    if (key) focusWhenRendered(key);
  });

  return containerView(host, { kind: 'map', meta, path, count, error, rows, add, renderRows, stale: () => keys().join('\n') !== renderedKeys });
}
