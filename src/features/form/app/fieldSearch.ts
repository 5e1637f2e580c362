/** The search box over the form's fields and its "N fields match" count. */
import * as l10n from '@vscode/l10n';
import type { FormModel } from '../model/formModel';
import type { SearchResult } from '../model/search';
import { el } from '../../shared/app/dom';
import { codiconClass } from './plainButton';
import { textInput } from './textInput';

export class FieldSearch {
  // The browser's <input> in vscode-textfield's look, with its search icon before the text (media/form.css).
  private readonly box = textInput('field-search-input', l10n.t('Search fields'), { placeholder: l10n.t('Search fields by label, path or help') });
  private readonly input = this.box.input;
  private readonly count = el('span', { class: 'search-count', attrs: { 'aria-live': 'polite' } });

  constructor(onQuery: (query: string) => void) {
    this.input.type = 'search';
    this.box.root.id = 'field-search';
    this.box.root.classList.add('search-box');
    this.box.root.prepend(el('span', { class: codiconClass('search'), attrs: { 'aria-hidden': 'true' } }));
    this.input.addEventListener('input', () => onQuery(this.input.value));
  }

  /** A fresh row each render: the layout is rebuilt around it. */
  row(): HTMLElement {
    return el('div', { class: 'search-row' }, this.box.root, this.count);
  }

  set query(query: string) {
    this.input.value = query;
  }

  showCount(search: SearchResult | undefined, model: FormModel | undefined): void {
    const n = search ? [...search.paths].filter((p) => model?.lookup.byTemplate.get(p)?.kind !== 'array').length : undefined;
    this.count.textContent = n === undefined ? '' : `${n} field${n === 1 ? '' : 's'} match`;
  }
}
