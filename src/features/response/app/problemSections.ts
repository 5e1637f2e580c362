/**
 * What went wrong, explained: a transport failure (nothing came back) and the gateway's error
 * envelope, with the field it names one click away in the form.
 */
import * as l10n from '@vscode/l10n';
import type { DecodedError } from '../../../decode/types';
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { button, code, codeFact, facts, section, textFact, type Post } from './parts';

/** The host only takes short paths; a longer "field" is not a field of ours. */
const MAX_FIELD_PATH = 500;

export function failureSection(v: ExchangeView): HTMLElement | undefined {
  const f = v.failure;
  if (!f) return undefined;
  return section(
    'failure',
    v.response ? l10n.t('Failure') : l10n.t('Failure — no response'),
    facts([
      { label: l10n.t('Kind'), field: 'failure.kind', value: code(f.kind) },
      textFact(l10n.t('Message'), 'failure.message', f.message),
    ]),
  );
}

export function errorSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const e = v.decoded?.error;
  if (!e) return undefined;
  return section(
    'error',
    'Error',
    el('p', { class: 'what-to-fix', attrs: { 'data-field': 'whatToFix' } }, el('span', { class: 'what-to-fix-label', text: l10n.t('What to fix: ') }), e.whatToFix),
    facts([
      textFact(l10n.t('HTTP status'), 'httpStatus', e.httpStatus),
      codeFact('Cause', 'cause', e.cause),
      textFact('Explanation', 'explanation', e.explanation),
      e.field !== undefined ? { label: l10n.t('Field'), field: 'field', value: fieldValue(e, v.operationId, post) } : undefined,
      codeFact('Validation', 'validationType', e.validationType),
      textFact(l10n.t('Support code'), 'supportCode', e.supportCode),
    ]),
  );
}

function fieldValue(e: DecodedError, operationId: string, post: Post): (Node | string)[] {
  const field = e.field ?? '';
  if (field === '' || field.length > MAX_FIELD_PATH) return [code(field)];
  return [code(field), ' ', button('jump-to-field', l10n.t('Show field in form'), () => post({ type: 'jumpToField', operationId, path: field }), { icon: 'go-to-file' })];
}

/**
 * The request's own problems, for a call the workbench did not build (the Gateway Tap's): each
 * error and warning of the catalogue under its field, as the form would show them, the field one
 * click away in the form.
 */
export function requestProblemsSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const problems = v.requestProblems ?? [];
  if (problems.length === 0) return undefined;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const errorText = errors === 1 ? l10n.t('1 error') : l10n.t('{0} errors', errors);
  const warningText = warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warnings);
  const title = l10n.t('Request problems: {0}', [errors ? errorText : '', warnings ? warningText : ''].filter(Boolean).join(', '));
  return section(
    'requestProblems',
    title,
    el('p', { class: 'request-problems-intro', text: v.version !== undefined ? l10n.t('Checked against the catalogue at version {0}, as the form checks it: an error is what the gateway rejects, a warning what it accepts.', v.version) : l10n.t('Checked against the catalogue at its version, as the form checks it: an error is what the gateway rejects, a warning what it accepts.') }),
    el('ul', { class: 'request-problems' }, ...problems.map((p, i) => problemRow(p, i, v.operationId, post))),
  );
}

function problemRow(p: NonNullable<ExchangeView['requestProblems']>[number], index: number, operationId: string, post: Post): HTMLElement {
  const field = p.path === ''
    ? [el('span', { class: 'problem-field', text: l10n.t('(the body)') })]
    : [
        code(p.path),
        ...(p.path.length <= MAX_FIELD_PATH ? [' ', button(`jump-to-problem-${index}`, l10n.t('Show field in form'), () => post({ type: 'jumpToField', operationId, path: p.path }), { icon: 'go-to-file' })] : []),
      ];
  return el(
    'li',
    { class: 'request-problem', attrs: { 'data-severity': p.severity, 'data-path': p.path } },
    el('vscode-icon', { class: 'problem-icon', attrs: { name: p.severity === 'error' ? 'error' : 'warning', label: p.severity } }),
    el('span', { class: 'problem-severity', text: p.severity === 'error' ? l10n.t('Error') : l10n.t('Warning') }),
    ' ',
    el('span', { class: 'problem-field', attrs: { 'data-field': 'path' } }, ...field),
    el('div', { class: 'problem-message', attrs: { 'data-field': 'message' }, text: p.message }),
  );
}

export function notesSection(v: ExchangeView): HTMLElement | undefined {
  const notes = v.decoded?.notes ?? [];
  if (notes.length === 0) return undefined;
  return section('notes', l10n.t('Notes'), el('ul', { class: 'notes' }, ...notes.map((n) => el('li', { text: n }))));
}
