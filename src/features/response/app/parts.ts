/**
 * The small pieces every section of the response panel is made of: a titled section that marks
 * itself with data-section, a list of labelled facts that mark their values with data-field, and a
 * code shown with what it means. All text goes through el() (textContent), never markup.
 */
import * as l10n from '@vscode/l10n';
import type { CodeExplanation } from '../../../decode/types';
import type { ResponseWebviewMessage } from '../protocol';
import { formatTime } from '../../../format/time';
import { el } from '../../shared/app/dom';

/** How a section talks back to the host. */
export type Post = (message: ResponseWebviewMessage) => void;

type Child = Node | string | null | undefined | false;

/** A section named by `name` (the stable selector the e2e tests use), headed by `title`. */
export function section(name: string, title: string, ...children: Child[]): HTMLElement {
  return el('section', { class: 'card', attrs: { 'data-section': name, 'aria-label': title } }, el('h2', { class: 'card-title', text: title }), ...children);
}

interface Fact {
  label: string;
  /** The value's data-field (a stable selector); omitted for facts no test needs to find. */
  field?: string;
  value: Child | Child[];
}

/** Facts whose value is missing are left out, so a section shows only what the response said. */
export function facts(rows: (Fact | undefined | false)[]): HTMLElement | undefined {
  const present = rows.filter((r): r is Fact => !!r && r.value !== undefined && r.value !== '' && !(Array.isArray(r.value) && r.value.length === 0));
  if (present.length === 0) return undefined;
  return el(
    'dl',
    { class: 'facts' },
    ...present.flatMap((r) => [
      el('dt', { text: r.label }),
      el('dd', { attrs: { 'data-field': r.field } }, ...(Array.isArray(r.value) ? r.value : [r.value])),
    ]),
  );
}

/** A fact only when `value` is present: `fact('Currency', 'currency', order.currency)`. */
export function textFact(label: string, field: string, value: string | number | boolean | undefined | null): Fact | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return { label, field, value: String(value) };
}

/** A moment in the workbench's one time format; the exact value the wire had stays in the tooltip. */
export function time(iso: string): HTMLElement {
  return el('time', { attrs: { datetime: iso, title: iso }, text: formatTime(iso) });
}

/** A time fact only when the response has the value. */
export function timeFact(label: string, field: string, iso: string | undefined): Fact | undefined {
  return iso ? { label, field, value: time(iso) } : undefined;
}

/** A code as the wire had it, in a monospace chip. */
export function code(text: string): HTMLElement {
  return el('code', { class: 'code', text });
}

/**
 * A code with its meaning, its category and (when asked) the next step. Unknown codes are marked,
 * because a developer should not take "not known to this workbench" for an explanation.
 */
export function explained(c: CodeExplanation, opts: { nextStep?: boolean } = {}): HTMLElement {
  return el(
    'span',
    { class: 'explained', attrs: { 'data-known': String(c.known) } },
    code(c.code),
    ' ',
    el('span', { class: 'meaning', text: c.meaning }),
    c.category ? el('span', { class: 'category', attrs: { 'data-category': c.category }, text: c.category }) : null,
    opts.nextStep && c.nextStep ? el('span', { class: 'next-step' }, el('span', { class: 'next-step-label', text: l10n.t('Next: ') }), c.nextStep) : null,
  );
}

export function codeFact(label: string, field: string, c: CodeExplanation | undefined, opts: { nextStep?: boolean } = {}): Fact | undefined {
  return c ? { label, field, value: explained(c, opts) } : undefined;
}

/** An amount with its currency, both as text exactly as received. */
export function amount(value: string | undefined, currency: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return currency ? `${value} ${currency}` : value;
}

export function button(id: string, label: string, onClick: () => void, opts: { icon?: string; secondary?: boolean } = {}): HTMLElement {
  return el('vscode-button', { attrs: { id, icon: opts.icon, secondary: opts.secondary ?? true }, on: { click: () => onClick() } }, label);
}

/** A section of facts, left out entirely when none of its facts is present. */
export function factSection(name: string, title: string, rows: (Fact | undefined | false)[], ...extra: Child[]): HTMLElement | undefined {
  const list = facts(rows);
  if (!list && extra.every((c) => !c)) return undefined;
  return section(name, title, list, ...extra);
}
