/**
 * The top of the form: operation title and purpose, the environment (live ones marked LIVE), the
 * version switch when the operation has several, and the URL parameters (merchantId comes from the
 * environment) checked with the catalogue's validatePathParam on every keystroke.
 */
import * as l10n from '@vscode/l10n';
import { humanize } from '../../../catalogue/fieldTree';
import type { PathParam } from '../../../catalogue/pathParams';
import { describeRange, nearestDocumented, versionChoices } from '../../../catalogue/versions';
import type { FormModel } from '../model/formModel';
import type { EnvironmentSummary } from '../../../protocol/common';
import { el, replaceChildren } from '../../shared/app/dom';
import { renderProblems, type ControlView } from './controlView';
import { labelled, selectControl } from './selectControl';
import { textInput } from './textInput';

export interface HeaderHost {
  environmentChanged(id: string): void;
  versionChanged(version: number): void;
  paramChanged(name: string, value: string): void;
  register(view: ControlView): void;
}

export const paramPath = (name: string) => `param:${name}`;

function paramField(host: HeaderHost, param: PathParam, value: string, note: HTMLElement): ControlView {
  const id = `param-${param.name}`;
  const { root: box, input } = textInput(id, humanize(param.name));
  input.value = value;
  const counter = el('span', { class: 'field-counter' });
  const showCount = (text: string) => {
    counter.textContent = `${text.length}/${param.maxLength}`;
    counter.classList.toggle('over', text.length > param.maxLength);
  };
  showCount(value);
  input.addEventListener('input', () => {
    showCount(input.value);
    host.paramChanged(param.name, input.value);
  });
  const label = el('label', { class: 'field-label' }, humanize(param.name), el('span', { class: 'required-marker', text: '*', attrs: { title: l10n.t('Required: part of the URL') } }));
  label.htmlFor = id;
  const error = el('div', { class: 'field-error', attrs: { id: `${id}-problems` } });
  // A screen reader reads the problems, the help and the note with the parameter's name.
  input.setAttribute('aria-describedby', `${id}-problems ${id}-help ${note.id}`);
  input.setAttribute('aria-required', 'true');
  const root = el('div', { class: 'field', attrs: { 'data-path': paramPath(param.name), 'data-template': paramPath(param.name) } },
    el('div', { class: 'field-head' }, label, el('code', { class: 'field-path', text: param.name })),
    el('div', { class: 'field-control' }, box, counter),
    el('div', { class: 'field-help', text: param.help, attrs: { id: `${id}-help` } }),
    note,
    error,
  );
  const view: ControlView = {
    path: paramPath(param.name),
    root,
    showProblems(messages) {
      if (!renderProblems(error, messages)) return;
      box.toggleAttribute('invalid', messages.length > 0);
      if (messages.length > 0) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    },
    syncValue(v) {
      const text = typeof v === 'string' ? v : '';
      if (input.value !== text) input.value = text;
      showCount(text);
    },
    focus: () => input.focus(),
  };
  host.register(view);
  return view;
}

/**
 * The version picker: every version the gateway serves the operation at (the pinned and documented
 * ones first), and whose rules the selected version is checked with: its own when the catalogue
 * documents it, else the nearest documented version's (catalogue/compiled.ts).
 */
function versionControl(model: FormModel, host: HeaderHost): HTMLElement {
  const { op } = model;
  const current = model.version ?? 0;
  const choices = versionChoices(op).map((v) => ({ value: String(v), label: op.documentedVersions.includes(v) ? `v${v} (documented)` : `v${v}` }));
  const note = el('div', { class: 'field-note version-note', attrs: { id: 'version-note', 'aria-live': 'polite' }, text: versionNote(op, current) });
  return el('div', { class: 'version-control' },
    labelled(l10n.t('Version'), selectControl('version', l10n.t('Version'), choices, String(current), (v) => host.versionChanged(Number(v)))),
    note);
}

/** "v57 is checked with the version 11 rules, the nearest documented version. Served: versions 1 to 100 (…)." */
export function versionNote(op: FormModel['op'], version: number): string {
  const rulesFrom = nearestDocumented(op, version);
  return rulesFrom === version
    ? l10n.t('v{0} is checked with the version {0} rules (documented). Served: versions {1}.', version, describeRange(op))
    : l10n.t('v{0} is checked with the version {1} rules, the nearest documented version. Served: versions {2}.', version, String(rulesFrom), describeRange(op));
}

function environmentChoices(environments: readonly EnvironmentSummary[]) {
  return environments.map((e) => ({ value: e.id, label: e.live ? l10n.t('{0} — LIVE', e.name) : e.name }));
}

export class HeaderView {
  readonly root = el('header', { class: 'form-header' });
  private readonly environmentSlot = el('div', { class: 'environment-slot' });
  /** Why a URL parameter holds its value (which order, which id replaced a used one), by parameter name. */
  private readonly notes = new Map<string, HTMLElement>();

  constructor(private readonly host: HeaderHost) {}

  render(model: FormModel, environmentId: string | undefined, environments: readonly EnvironmentSummary[], params: Readonly<Record<string, string>>): void {
    const { op } = model;
    const version = model.version !== undefined ? versionControl(model, this.host) : null;
    this.notes.clear();
    const paramFields = model.params.map((p) => {
      const note = el('div', { class: 'field-note', attrs: { id: `param-note-${p.name}`, 'aria-live': 'polite' } });
      this.notes.set(p.name, note);
      return paramField(this.host, p, params[p.name] ?? '', note).root;
    });
    replaceChildren(this.root,
      el('h1', { class: 'op-title', text: op.title }),
      el('p', { class: 'op-purpose', text: op.purpose }),
      el('div', { class: 'header-row' }, this.environmentSlot, version),
      paramFields.length ? el('section', { class: 'params', attrs: { 'aria-label': l10n.t('URL parameters') } }, el('h2', { text: l10n.t('URL parameters') }), el('div', { class: 'params-fields' }, ...paramFields)) : null,
    );
    this.renderEnvironments(environmentId, environments);
  }

  /** Sets the notes given (an empty text clears one); parameters not named keep theirs. */
  showNotes(notes: Readonly<Record<string, string>>): void {
    for (const [name, text] of Object.entries(notes)) {
      const note = this.notes.get(name);
      if (note) note.textContent = text;
    }
  }

  /** A parameter the user edits loses the note about the value that was there. */
  clearNote(name: string): void {
    const note = this.notes.get(name);
    if (note) note.textContent = '';
  }

  renderEnvironments(environmentId: string | undefined, environments: readonly EnvironmentSummary[]): void {
    const selected = environments.find((e) => e.id === environmentId);
    const select = selectControl('environment', l10n.t('Environment'), environmentChoices(environments), environmentId ?? '', (id) => {
      live.hidden = !environments.find((e) => e.id === id)?.live;
      this.host.environmentChanged(id);
    });
    // A <span> in vscode-badge's look (media/form.css): no shadow tree to render in the first frame.
    const live = el('span', { class: 'live-badge', text: 'LIVE', attrs: { title: l10n.t('Requests to this environment move real money') } });
    live.hidden = !selected?.live;
    replaceChildren(this.environmentSlot,
      environments.length ? labelled(l10n.t('Environment'), select) : el('span', { class: 'no-environment', text: l10n.t('No environment: add one in the Environments view.') }),
      live,
    );
  }
}
