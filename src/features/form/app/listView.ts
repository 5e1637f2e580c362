/**
 * A list of the body (item[n], airline legs and passengers, tax[n]) as rows with add and remove,
 * within its minItems/maxItems. The rows are the list in the body: there is no other copy to drift.
 */
import * as l10n from '@vscode/l10n';
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { appendAt, concretize, removeIndexAt } from '../model/bodyPath';
import type { Json, JsonObject } from '../model/json';
import type { LayoutNode } from '../model/layout';
import { el } from '../../shared/app/dom';
import { renderProblems, type ControlView } from './controlView';
import { plainButton } from './plainButton';
import { focusWhenRendered, type FieldHost } from './fieldView';

export interface ContainerHost extends FieldHost {
  /**
   * Applies a change of the body at `path` (a list or map); `rerender` rebuilds the affected rows
   * before problems are shown again.
   */
  change(path: string, mutate: (body: JsonObject) => JsonObject, rerender?: () => void): void;
  unregisterWithin(container: Element): void;
  moveView(view: ControlView, to: string): void;
}

type RenderNode = (node: LayoutNode, indices: readonly number[]) => HTMLElement;

/** What differs between a list and a map; the frame around them is the same. */
interface ContainerParts {
  kind: 'array' | 'map';
  meta: FieldMeta;
  path: string;
  count: HTMLElement;
  error: HTMLElement;
  rows: HTMLElement;
  add: HTMLElement;
  renderRows(): void;
  /** True when the body's list or map no longer matches the rows on screen. */
  stale(): boolean;
}

/** A list or map as one control: label, required marker, path, count and help; problems; rows; the add button. */
export function containerView(host: FieldHost, p: ContainerParts): ControlView {
  const note = host.requiredNote(p.meta);
  const root = el('div', { class: p.kind, attrs: { 'data-path': p.path, 'data-template': p.meta.path } },
    el('div', { class: 'field-head' },
      el('span', { class: 'container-label', text: p.meta.label }),
      note ? el('span', { class: 'required-marker', text: '*', attrs: { title: note } }) : null,
      el('code', { class: 'field-path', text: p.path }),
      p.count,
    ),
    p.meta.help ? el('div', { class: 'field-help', text: p.meta.help }) : el('span'),
    p.error, p.rows, el('div', { class: 'array-actions' }, p.add));
  p.renderRows();
  const view: ControlView = {
    path: p.path,
    root,
    showProblems: (messages) => void renderProblems(p.error, messages),
    syncValue: () => {
      if (p.stale()) p.renderRows();
    },
    focus: () => p.add.focus(),
  };
  host.register(view);
  return view;
}

export function listView(host: ContainerHost, node: Extract<LayoutNode, { kind: 'array' }>, indices: readonly number[], renderNode: RenderNode): ControlView {
  const meta = node.meta;
  const path = concretize(meta.path, indices);
  // A list of plain values ('supported[]') has one field per row; a list of objects, the row's fields.
  const plainValues = node.children.length === 1 && node.children[0]?.meta.path === `${meta.path}[]`;
  const rows = el('div', { class: 'array-rows' });
  const count = el('span', { class: 'array-count' });
  const error = el('div', { class: 'field-error' });
  const add = plainButton({ class: 'add-row', icon: 'add', text: l10n.t('Add {0}', meta.label.toLowerCase()) });
  let rendered = -1;

  const length = (): number => {
    const list = host.valueAt(path);
    return Array.isArray(list) ? list.length : 0;
  };
  const floor = meta.required ? Math.max(meta.minItems ?? 1, 1) : 0;

  const renderRows = () => {
    host.unregisterWithin(rows);
    const n = length();
    rendered = n;
    const items: HTMLElement[] = [];
    for (let i = 0; i < n; i++) {
      const remove = plainButton({ class: 'remove-row', icon: 'trash', attrs: { disabled: n <= floor, title: l10n.t('Remove row {0}', i + 1) }, text: l10n.t('Remove') });
      remove.addEventListener('click', () => host.change(path, (b) => removeIndexAt(b, path, i), renderRows));
      items.push(el('div', { class: 'array-row', attrs: { 'data-index': i } },
        el('div', { class: 'array-row-head' }, el('span', { class: 'array-row-title', text: `${meta.label} #${i + 1}` }), remove),
        el('div', { class: 'array-row-fields' }, ...node.children.map((c) => renderNode(c, [...indices, i]))),
      ));
    }
    rows.replaceChildren(...items);
    count.textContent = meta.maxItems !== undefined ? l10n.t('{0} of at most {1}', n, meta.maxItems) : (n === 1 ? l10n.t('1 row') : l10n.t('{0} rows', n));
    add.toggleAttribute('disabled', meta.maxItems !== undefined && n >= meta.maxItems);
  };

  add.addEventListener('click', () => {
    const entry: Json = plainValues ? '' : {};
    host.change(path, (b) => appendAt(b, path, entry), renderRows);
    const first = rows.lastElementChild?.querySelector<HTMLElement>('[data-field-input]');
    if (first) focusWhenRendered(first);
  });

  return containerView(host, { kind: 'array', meta, path, count, error, rows, add, renderRows, stale: () => length() !== rendered });
}
