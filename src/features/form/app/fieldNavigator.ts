/** Jumping to a field (from a response's "jump to field", or a restored focus): open its group, create list rows up to it, scroll, focus. */
import * as l10n from '@vscode/l10n';
import { parentPath, placeOf, templateFor } from '../model/fieldLookup';
import type { JsonObject } from '../model/json';
import { ensureRowsFor } from '../model/rows';
import type { SearchResult } from '../model/search';
import type { ControlRegistry, ControlView } from './controlView';
import type { FormCore } from './formCore';
import { paramPath } from './headerView';
import type { SectionsView } from './sectionsView';

/** What navigation needs beyond FormCore: the search to clear and a way to add list rows to the body. */
export interface NavigationHost extends FormCore {
  searchResult(): SearchResult | undefined;
  clearSearch(): void;
  /** Takes a body with rows added and shows it (values, problems, state). */
  addRows(body: JsonObject): void;
}

export class FieldNavigator {
  constructor(
    private readonly form: NavigationHost,
    private readonly registry: ControlRegistry,
    private readonly sections: SectionsView,
  ) {}

  focus(path: string): void {
    if (!this.reveal(path, true)) this.form.status(l10n.t('This form has no field {0}.', path), 'warning');
  }

  /** Opens the group of `path` (creating list rows up to it), scrolls to it and optionally focuses it. */
  reveal(path: string, focus: boolean): boolean {
    const state = this.form.currentState();
    const model = this.form.currentModel();
    if (!state || !model) return false;
    const param = path.startsWith('param:') ? path.slice('param:'.length) : model.params.some((p) => p.name === path) ? path : undefined;
    let view: ControlView | undefined;
    if (param !== undefined) view = this.registry.get(paramPath(param));
    else {
      const place = placeOf(model.lookup, path);
      if (place === undefined) return false;
      const template = templateFor(model.lookup, place) ?? '';
      if (this.form.searchResult() && !this.form.searchResult()?.paths.has(template)) this.form.clearSearch();
      const key = model.layout.sectionOf.get(template);
      if (key === undefined || !this.sections.reveal(key)) return false;
      const withRows = ensureRowsFor(state.body, place, model.lookup);
      if (withRows !== state.body) this.form.addRows(withRows);
      for (let p = place; p !== '' && !view; p = parentPath(p)) view = this.registry.get(p);
    }
    if (!view) return false;
    view.root.scrollIntoView({ block: 'center' });
    if (focus) view.focus();
    return true;
  }
}
