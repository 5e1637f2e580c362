/**
 * The form's sections as folding groups (<details>): the always-required fields first and open, each group
 * folded unless the user opened it or it holds values. A folded group's fields are not built until
 * it is opened, searched or jumped to: the largest forms have 160–170 fields.
 */
import * as l10n from '@vscode/l10n';
import { nodeMetas, type FormLayout, type LayoutSection } from '../model/layout';
import type { SearchResult } from '../model/search';
import { el } from '../../shared/app/dom';
import type { ContainerHost } from './listView';
import { renderNode } from './nodeView';

export interface SectionsHost extends ContainerHost {
  /** The user opened or folded a group (persisted in FormState.ui.openGroups). */
  toggled(key: string, open: boolean): void;
}

interface Group {
  section: LayoutSection;
  /** The browser's own <details>: a form opens with 18–22 groups, and as web components each rendered a shadow tree in the first frame. */
  details: HTMLDetailsElement;
  header: HTMLElement;
  /** Made when the group first has a problem: most groups never do, and each badge is a web component to render. */
  badge: HTMLElement | undefined;
  /** The badge's count in words for screen readers ("2 problems"): the badge alone reads as a bare number. */
  badgeWords: HTMLElement | undefined;
  built: boolean;
}

export class SectionsView {
  readonly root = el('div', { class: 'sections' });
  private readonly noMatch = el('p', { class: 'no-match', text: l10n.t('No field matches the search.') });
  private groups = new Map<string, Group>();
  private search: SearchResult | undefined;
  private open = new Set<string>();

  constructor(private readonly host: SectionsHost) {}

  /** (Re)builds every section; `open` are the groups shown unfolded. */
  render(layout: FormLayout, open: ReadonlySet<string>, search: SearchResult | undefined): void {
    this.groups = new Map();
    this.open = new Set(open);
    this.search = search;
    const items = layout.sections.map((section) => {
      const fieldCount = section.nodes.flatMap((n) => [...nodeMetas(n)]).filter((m) => m.kind !== 'array' && m.kind !== 'map').length;
      const header = el('summary', { class: 'collapsible-header' },
        el('span', { class: 'group-title' }, section.required ? l10n.t('Required fields') : section.key,
          el('span', { class: 'group-description', text: section.required ? l10n.t('always sent') : (fieldCount === 1 ? l10n.t('1 field') : l10n.t('{0} fields', fieldCount)) })));
      const details = el('details', { class: section.required ? 'group required-group' : 'group', attrs: { 'data-group': section.key } }, header);
      const group: Group = { section, details, header, badge: undefined, badgeWords: undefined, built: false };
      // Opening builds the fields before the browser shows the body (a click, or Enter/Space on the header).
      header.addEventListener('click', (e) => {
        e.preventDefault();
        this.userToggled(group, !details.open);
      });
      this.groups.set(section.key, group);
      return details;
    });
    this.root.replaceChildren(...items, this.noMatch);
    this.applySearch(search);
  }

  private userToggled(group: Group, open: boolean): void {
    if (open) this.build(group);
    group.details.open = open;
    if (!this.search) {
      if (open) this.open.add(group.section.key);
      else this.open.delete(group.section.key);
      this.host.toggled(group.section.key, open);
    }
  }

  private isOpen(group: Group): boolean {
    return this.search ? this.search.sections.has(group.section.key) : group.section.required || this.open.has(group.section.key);
  }

  private build(group: Group): void {
    if (group.built) return;
    group.built = true;
    const content = el('div', { class: 'group-fields' }, ...group.section.nodes.map((n) => renderNode(this.host, n, [])));
    group.details.append(content);
    this.filter(content);
  }

  /** Hides the fields the search does not match (inside built groups) and opens the groups that hold matches. */
  applySearch(search: SearchResult | undefined): void {
    this.search = search;
    for (const group of this.groups.values()) {
      const open = this.isOpen(group);
      group.details.hidden = search !== undefined && !search.sections.has(group.section.key);
      if (open) this.build(group);
      group.details.open = open;
      this.filter(group.details);
    }
    this.noMatch.hidden = !(search && search.sections.size === 0);
  }

  private filter(container: Element): void {
    const paths = this.search?.paths;
    for (const node of container.querySelectorAll<HTMLElement>('[data-template]')) {
      node.classList.toggle('search-miss', paths !== undefined && !paths.has(node.dataset['template'] ?? ''));
    }
  }

  /** Opens (and builds) the section that holds a field, clearing nothing else. */
  reveal(key: string): boolean {
    const group = this.groups.get(key);
    if (!group) return false;
    this.build(group);
    group.details.open = true;
    if (!this.search) {
      this.open.add(key);
      this.host.toggled(key, true);
    }
    return true;
  }

  /** Keeps a group open once the search is cleared (the user changed something in it while searching). */
  keepOpen(key: string): boolean {
    if (this.open.has(key)) return false;
    this.open.add(key);
    return true;
  }

  /** Re-applies the search to rows rebuilt since (a list grew). */
  refilter(): void {
    if (this.search) for (const g of this.groups.values()) if (g.built) this.filter(g.details);
  }

  showProblemCounts(counts: ReadonlyMap<string, number>): void {
    for (const [key, group] of this.groups) {
      const n = counts.get(key) ?? 0;
      if (n === 0 && !group.badge) continue;
      const badge = (group.badge ??= this.badgeOf(group));
      const text = String(n);
      if (badge.textContent !== text) badge.textContent = text;
      badge.hidden = n === 0;
      const words = (group.badgeWords ??= this.badgeWordsOf(group));
      words.textContent = n === 0 ? '' : `, ${n === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', n)}`;
    }
  }

  private badgeOf(group: Group): HTMLElement {
    // In the header: a folded group shows its count too.
    const badge = el('vscode-badge', { class: 'group-problems', attrs: { variant: 'counter', title: l10n.t('Problems in this group'), 'aria-hidden': 'true' } });
    group.header.append(badge);
    return badge;
  }

  private badgeWordsOf(group: Group): HTMLElement {
    const words = el('span', { class: 'visually-hidden' });
    group.header.append(words);
    return words;
  }
}
