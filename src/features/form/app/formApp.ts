/**
 * The operation form: owns the FormState (the one copy of what the user entered), applies every
 * change to it, re-validates with the catalogue, shows the problems, keeps the state with
 * setState and asks the host for a preview. The views only render and report what the user did.
 */
import * as l10n from '@vscode/l10n';
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { namedSession, sessionMayHold } from '../../../catalogue/sessionSupply';
import { deleteAt, getAt, setAt } from '../model/bodyPath';
import { templateFor } from '../model/fieldLookup';
import { formModel, type FormModel } from '../model/formModel';
import { startingState } from '../model/formState';
import type { Json, JsonObject } from '../model/json';
import { sectionsWithValues } from '../model/openSections';
import type { Problem, Problems } from '../model/problems';
import { searchLayout, type SearchResult } from '../model/search';
import { carryOver } from '../model/versionSwitch';
import { firstProblemPath } from '../model/problemOrder';
import type { EnvironmentSummary } from '../../../protocol/common';
import type { FieldNotes, FormHostMessage, FormState, FormWebviewMessage } from '../protocol';
import { el } from '../../shared/app/dom';
import type { HostBridge } from '../../shared/app/hostBridge';
import { ControlRegistry, type ControlView } from './controlView';
import { HeaderView, paramPath, type HeaderHost } from './headerView';
import { PreviewView, type PreviewHost } from './previewView';
import { SectionsView, type SectionsHost } from './sectionsView';
import { SendBar, type SendHost } from './sendBar';
import { toolbarView } from './toolbarView';
import { FieldSearch } from './fieldSearch';
import { FieldNavigator, type NavigationHost } from './fieldNavigator';
import { showPasswordPrompt } from './passwordPrompt';
import { ToolbarActions } from './toolbarActions';
import { showProblems, type ProblemViews } from './problemsDisplay';
import { StatePersistence } from './statePersistence';
import type { Tone } from './sendBar';

const RENDER_MEASURE = 'payment-workbench:form-render';

type Init = Extract<FormHostMessage, { type: 'init' }>;

export class FormApp implements NavigationHost, ProblemViews, SectionsHost, HeaderHost, PreviewHost, SendHost {
  private state: FormState | undefined;
  private model: FormModel | undefined;
  private environments: EnvironmentSummary[] = [];
  private hostIssues: Problem[] = [];
  /** Notes the host put beside fields (a history entry whose card data was not kept). */
  private fieldNotes: FieldNotes = {};
  private problems: Problems | undefined;
  private search: SearchResult | undefined;
  readonly registry = new ControlRegistry();
  private readonly header = new HeaderView(this);
  readonly sections = new SectionsView(this);
  readonly preview = new PreviewView(this);
  readonly sendBar = new SendBar(this);
  private readonly persistence: StatePersistence;
  private readonly fieldSearch = new FieldSearch((query) => this.searchChanged(query));
  private readonly toolbarActions = new ToolbarActions(this);
  private readonly navigator = new FieldNavigator(this, this.registry, this.sections);
  private toolbar: HTMLElement = el('section');
  private paramNotes: Record<string, string> = {};
  /** Login form: whether the host has a password for the environment (undefined until it says). */
  private passwordStored: boolean | undefined;
  /** The opened form is not validated yet: that waits for the frame after its first paint. */
  private validationPending = false;

  constructor(readonly bridge: HostBridge<FormHostMessage, FormWebviewMessage>, private readonly root: HTMLElement) {
    this.persistence = new StatePersistence(bridge, (text, tone) => this.status(text, tone));
    this.sections.root.addEventListener('focusin', (e) => {
      const path = e.target instanceof Element ? e.target.closest<HTMLElement>('.field')?.dataset['path'] : undefined;
      if (path && this.state && this.state.ui?.focusPath !== path) {
        this.state = { ...this.state, ui: { ...this.state.ui, focusPath: path } };
        this.bridge.setState(this.state);
      }
    });
  }

  handle(message: FormHostMessage): void {
    if (message.type === 'init') return this.init(message);
    if (!this.state || !this.model) return; // the host queues everything after `init`; anything earlier is stale
    switch (message.type) {
      case 'environments':
        this.environments = message.environments;
        this.pickEnvironment();
        this.header.renderEnvironments(this.state.environmentId, this.environments);
        this.renderToolbar();
        return this.persist();
      case 'setBody':
        this.fieldNotes = message.fieldNotes ?? {};
        this.replaceBody(message.body, message.params);
        return this.sendBar.setStatus(l10n.t('Loaded the body from {0}.', message.source), 'info');
      case 'ids':
        this.state = { ...this.state, params: { ...this.state.params, ...message.params } };
        this.showParamNotes(Object.fromEntries(Object.keys(message.params).map((name) => [name, message.paramNotes?.[name] ?? ''])));
        this.refreshValues();
        return this.afterChange();
      case 'credentials':
        this.passwordStored = message.passwordStored;
        return this.showCredentials();
      case 'preview':
        return this.preview.showRequest(message.curl, message.url, message.error);
      case 'sending':
        return this.sendBar.setBusy(message.busy);
      case 'sent':
        return this.sendBar.setStatus(message.title, message.tone);
      case 'hostIssues':
        this.hostIssues = message.issues.map((i) => ({ path: this.model?.params.some((p) => p.name === i.path) ? paramPath(i.path) : i.path, message: i.message }));
        this.afterChange(false);
        return this.sendBar.setStatus(l10n.t('The extension found {0} in the request.', message.issues.length === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', message.issues.length)), 'warning');
      case 'focusField':
        return this.navigator.focus(message.path);
      case 'notice':
        return this.sendBar.setStatus(message.text, 'info');
    }
  }

  private init(message: Init): void {
    const started = performance.now();
    this.environments = message.environments;
    this.fieldNotes = message.fieldNotes ?? {};
    const state = startingState(message.state, this.bridge.getState());
    const model = formModel(state.operationId, state.version);
    if (!model) {
      this.root.replaceChildren(el('p', { class: 'form-error', text: l10n.t('Unknown operation {0}.', state.operationId) }));
      this.root.setAttribute('aria-busy', 'false');
      return;
    }
    this.model = model;
    this.hostIssues = [];
    this.paramNotes = { ...(message.paramNotes ?? {}) };
    const openGroups = state.ui?.openGroups ?? [...sectionsWithValues(state.body, model.lookup, model.layout)];
    this.state = { ...state, version: model.version, ui: { ...state.ui, openGroups } };
    this.pickEnvironment();
    this.renderAll(started, true);
    const focusPath = this.state.ui?.focusPath;
    if (focusPath) this.navigator.reveal(focusPath, false);
  }

  /** An environment must be chosen for a preview or a send: the first one when the state names none the host has. */
  private pickEnvironment(): void {
    if (!this.state || this.environments.length === 0) return;
    if (!this.environments.some((e) => e.id === this.state?.environmentId)) this.state = { ...this.state, environmentId: this.environments[0]?.id };
  }

  /**
   * Builds the whole form; `started` is when the work began (init includes deriving the model).
   * An opening form validates after its first paint: the fields show first, the problems a frame later.
   */
  private renderAll(started = performance.now(), opening = false): void {
    const { state, model } = this;
    if (!state || !model) return;
    this.registry.clear();
    this.header.render(model, state.environmentId, this.environments, state.params);
    this.header.showNotes(this.paramNotes);
    this.toolbar = toolbarView(this.toolbarActions, model, this.environment());
    this.markEnvironment();
    const search = state.ui?.search ?? '';
    this.fieldSearch.query = search;
    this.search = searchLayout(model.layout, search);
    this.sections.render(model.layout, new Set(state.ui?.openGroups ?? []), this.search);
    const body = model.op.hasBody
      ? [this.fieldSearch.row(), this.sections.root]
      : [el('p', { class: 'no-body', text: `${model.op.title} takes no body.` })];
    this.root.replaceChildren(el('div', { class: 'form-layout' },
      el('div', { class: 'form-main' }, this.header.root, this.toolbar, ...body),
      el('aside', { class: 'form-side' }, this.sendBar.root, this.preview.root),
    ));
    this.fieldSearch.showCount(this.search, model);
    this.showCredentials();
    if (opening) this.validationPending = true;
    else this.afterChange();
    this.root.setAttribute('aria-busy', 'false');
    performance.measure(RENDER_MEASURE, { start: started });
    this.preview.showAfterFirstPaint();
    if (opening) requestAnimationFrame(() => requestAnimationFrame(() => this.validateIfPending()));
  }

  private validateIfPending(): void {
    if (this.validationPending) this.afterChange();
  }

  // ---- every change ends here ----

  private afterChange(persist = true): void {
    const { state, model } = this;
    if (!state || !model) return;
    this.validationPending = false;
    this.root.classList.toggle('session-named', model.op.hasBody && namedSession(state.body) !== undefined);
    this.problems = showProblems(state, model, this.hostIssues, this);
    if (persist) this.persist();
  }

  private persist(): void {
    if (this.state) this.persistence.keep(this.state, () => this.state);
  }

  // ---- FormCore: what the toolbar's actions, the password prompt and the navigator use ----

  currentState(): FormState | undefined {
    return this.state;
  }

  currentModel(): FormModel | undefined {
    return this.model;
  }

  status(text: string, tone: Tone): void {
    this.sendBar.setStatus(text, tone);
  }

  withinSizeLimits(state: FormState): boolean {
    return this.persistence.withinSizeLimits(state);
  }

  private setBody(body: JsonObject): void {
    if (!this.state) return;
    this.state = { ...this.state, body };
    // What the host reported was about the body it saw; after an edit it checks again on send.
    this.hostIssues = [];
  }

  /** Shows the body's values in the built controls after a change made elsewhere than in them. */
  private refreshValues(): void {
    const { state } = this;
    if (!state) return;
    for (const view of [...this.registry.all()]) {
      const param = view.path.startsWith('param:') ? view.path.slice('param:'.length) : undefined;
      view.syncValue?.(param !== undefined ? state.params[param] : getAt(state.body, view.path));
    }
    this.sections.refilter();
  }

  replaceBody(body: JsonObject, params?: Record<string, string>): void {
    const { state, model } = this;
    if (!state || !model) return;
    const opened = new Set([...(state.ui?.openGroups ?? []), ...sectionsWithValues(body, model.lookup, model.layout)]);
    this.hostIssues = [];
    this.state = { ...state, body, ...(params ? { params } : {}), ui: { ...state.ui, openGroups: [...opened] } };
    this.renderAll();
  }

  /** A helper filled some fields: show them, opening their groups. */
  fill(mutate: (body: JsonObject) => JsonObject, paths: readonly string[]): void {
    if (!this.state || !this.model) return;
    this.setBody(mutate(this.state.body));
    for (const p of paths) {
      const key = this.model.layout.sectionOf.get(p);
      if (key && getAt(this.state.body, p) !== undefined) this.sections.reveal(key);
    }
    this.refreshValues();
    this.afterChange();
  }

  // ---- FieldHost / ContainerHost / SectionsHost ----

  useInbox(path: string): void {
    this.bridge.post({ type: 'useInbox', path });
  }

  useReturnPage(path: string): void {
    this.bridge.post({ type: 'useReturnPage', path });
  }

  fieldNote(path: string): string | undefined {
    return Object.hasOwn(this.fieldNotes, path) ? this.fieldNotes[path] : undefined;
  }

  valueAt(path: string): Json | undefined {
    return getAt(this.state?.body, path);
  }

  setValue(path: string, value: Json | undefined): void {
    if (!this.state) return;
    this.setBody(value === undefined ? deleteAt(this.state.body, path) : setAt(this.state.body, path, value));
    this.keepEditedGroupOpen(path);
    this.afterChange();
  }

  change(path: string, mutate: (body: JsonObject) => JsonObject, rerender?: () => void): void {
    if (!this.state) return;
    this.setBody(mutate(this.state.body));
    this.keepEditedGroupOpen(path);
    rerender?.();
    this.sections.refilter();
    this.afterChange();
  }

  /** A group the user edited while searching stays open when the search is cleared. */
  private keepEditedGroupOpen(path: string): void {
    const { state, model } = this;
    if (!state || !model || !this.search) return;
    const template = templateFor(model.lookup, path);
    const key = template === undefined ? undefined : model.layout.sectionOf.get(template);
    if (key !== undefined && this.sections.keepOpen(key)) this.state = { ...state, ui: { ...state.ui, openGroups: [...(state.ui?.openGroups ?? []), key] } };
  }

  register(view: ControlView): void {
    this.registry.add(view);
  }

  unregisterWithin(container: Element): void {
    this.registry.removeWithin(container);
  }

  moveView(view: ControlView, to: string): void {
    this.registry.move(view, to);
  }

  /** Required fields a session can supply say so; the note shows while the body names a session (the form root's class). */
  sessionNote(meta: FieldMeta): string | undefined {
    const { model } = this;
    if (!model || this.requiredNote(meta) === '' || !sessionMayHold(model.op.id, model.version, meta.path)) return undefined;
    return l10n.t('Can come from the session: session.id is set, so the gateway takes this field from the session when the request leaves it out (Update Session stores it).');
  }

  requiredNote(meta: FieldMeta): string {
    if (this.model?.required.has(meta.path)) return l10n.t('Required');
    if (!meta.required) return '';
    return meta.path.includes('[]') ? l10n.t('Required in every row') : l10n.t('Required whenever its object is sent');
  }

  toggled(key: string, open: boolean): void {
    if (!this.state) return;
    const groups = new Set(this.state.ui?.openGroups ?? []);
    if (open) groups.add(key);
    else groups.delete(key);
    this.state = { ...this.state, ui: { ...this.state.ui, openGroups: [...groups] } };
    this.bridge.setState(this.state);
  }

  // ---- search ----

  private searchChanged(query: string): void {
    if (!this.state || !this.model) return;
    this.search = searchLayout(this.model.layout, query);
    this.sections.applySearch(this.search);
    this.fieldSearch.showCount(this.search, this.model);
    this.state = { ...this.state, ui: { ...this.state.ui, search: query } };
    // Groups built for the search show their problems at once.
    this.afterChange(false);
    this.bridge.setState(this.state);
  }

  // ---- NavigationHost: what jumping to a field uses ----

  searchResult(): SearchResult | undefined {
    return this.search;
  }

  clearSearch(): void {
    this.fieldSearch.query = '';
    this.searchChanged('');
  }

  addRows(body: JsonObject): void {
    this.setBody(body);
    this.refreshValues();
    this.afterChange();
  }

  // ---- HeaderHost ----

  environmentChanged(id: string): void {
    if (!this.state) return;
    this.state = { ...this.state, environmentId: id };
    this.renderToolbar();
    this.persist();
  }

  private environment(): EnvironmentSummary | undefined {
    return this.environments.find((e) => e.id === this.state?.environmentId);
  }

  /** The helpers depend on the environment (none of the test-mode ones on LIVE; Create session on the simulator). */
  private renderToolbar(): void {
    if (!this.model) return;
    const next = toolbarView(this.toolbarActions, this.model, this.environment());
    this.toolbar.replaceWith(next);
    this.toolbar = next;
    this.markEnvironment();
  }

  /** Helpers that only work on the simulator (its return page) show while the form sends there. */
  private markEnvironment(): void {
    this.root.toggleAttribute('data-simulator', this.environment()?.simulator === true);
  }

  private showParamNotes(notes: Readonly<Record<string, string>>): void {
    this.paramNotes = { ...this.paramNotes, ...notes };
    this.header.showNotes(notes);
  }

  private showCredentials(): void {
    showPasswordPrompt(this, this.registry.get('password')?.root, this.passwordStored);
  }

  versionChanged(version: number): void {
    const { state, model } = this;
    if (!state || !model || version === model.version) return;
    const next = formModel(state.operationId, version);
    if (!next) return;
    this.model = next;
    this.hostIssues = [];
    this.state = { ...state, body: carryOver(state.body, model.lookup, next.lookup), version: next.version };
    this.renderAll();
  }

  paramChanged(name: string, value: string): void {
    if (!this.state) return;
    this.showParamNotes({ [name]: '' });
    const { [name]: _old, ...rest } = this.state.params;
    this.state = { ...this.state, params: value === '' ? rest : { ...rest, [name]: value } };
    this.hostIssues = [];
    this.afterChange();
  }

  // ---- PreviewHost / SendHost ----

  copy(text: string): void {
    this.bridge.post({ type: 'copy', text });
  }

  /**
   * Send pressed with problems left: the status line (a live region) says how many and which one
   * comes first, and the focus goes to that field, whose problems its description reads out.
   */
  refused(): void {
    this.validateIfPending();
    const { problems, model } = this;
    if (!problems || !model || problems.count === 0) return;
    const first = firstProblemPath(problems, model);
    const firstMessage = (first !== undefined ? problems.byPath.get(first)?.[0] : undefined) ?? problems.unplaced[0] ?? '';
    const count = problems.count === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', problems.count);
    this.sendBar.setStatus(l10n.t('Not sent: {0} to fix (or use Send Anyway). First: {1}', count, firstMessage), 'error');
    if (first === undefined || !this.navigator.reveal(first, true)) this.sendBar.focusUnplaced();
  }

  send(anyway: boolean): void {
    // Send in the frame before the opening validation ran: it counts the problems first.
    this.validateIfPending();
    if (!this.state || (!anyway && (this.problems?.count ?? 0) > 0) || !this.withinSizeLimits(this.state)) return;
    this.bridge.post({ type: 'send', state: this.state, sendAnyway: anyway });
  }
}
