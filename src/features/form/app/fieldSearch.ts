/** The search box over the form's fields and its "N fields match" count. */
import type { FormModel } from '../model/formModel';
import type { SearchResult } from '../model/search';
import { el } from '../../shared/app/dom';

export class FieldSearch {
  private readonly input = el('vscode-textfield', { attrs: { id: 'field-search', placeholder: 'Search fields by label, path or help', type: 'search' } });
  private readonly count = el('span', { class: 'search-count', attrs: { 'aria-live': 'polite' } });

  constructor(onQuery: (query: string) => void) {
    this.input.label = 'Search fields';
    this.input.append(el('vscode-icon', { attrs: { slot: 'content-before', name: 'search' } }));
    this.input.addEventListener('input', () => onQuery(this.input.value));
  }

  /** A fresh row each render: the layout is rebuilt around it. */
  row(): HTMLElement {
    return el('div', { class: 'search-row' }, this.input, this.count);
  }

  set query(query: string) {
    this.input.value = query;
  }

  showCount(search: SearchResult | undefined, model: FormModel | undefined): void {
    const n = search ? [...search.paths].filter((p) => model?.lookup.byTemplate.get(p)?.kind !== 'array').length : undefined;
    this.count.textContent = n === undefined ? '' : `${n} field${n === 1 ? '' : 's'} match`;
  }
}
