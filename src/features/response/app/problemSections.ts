/**
 * What went wrong, explained: a transport failure (nothing came back) and the gateway's error
 * envelope, with the field it names one click away in the form.
 */
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
    v.response ? 'Failure' : 'Failure — no response',
    facts([
      { label: 'Kind', field: 'failure.kind', value: code(f.kind) },
      textFact('Message', 'failure.message', f.message),
    ]),
  );
}

export function errorSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const e = v.decoded?.error;
  if (!e) return undefined;
  return section(
    'error',
    'Error',
    el('p', { class: 'what-to-fix', attrs: { 'data-field': 'whatToFix' } }, el('span', { class: 'what-to-fix-label', text: 'What to fix: ' }), e.whatToFix),
    facts([
      textFact('HTTP status', 'httpStatus', e.httpStatus),
      codeFact('Cause', 'cause', e.cause),
      textFact('Explanation', 'explanation', e.explanation),
      e.field !== undefined ? { label: 'Field', field: 'field', value: fieldValue(e, v.operationId, post) } : undefined,
      codeFact('Validation', 'validationType', e.validationType),
      textFact('Support code', 'supportCode', e.supportCode),
    ]),
  );
}

function fieldValue(e: DecodedError, operationId: string, post: Post): (Node | string)[] {
  const field = e.field ?? '';
  if (field === '' || field.length > MAX_FIELD_PATH) return [code(field)];
  return [code(field), ' ', button('jump-to-field', 'Show field in form', () => post({ type: 'jumpToField', operationId, path: field }), { icon: 'go-to-file' })];
}

export function notesSection(v: ExchangeView): HTMLElement | undefined {
  const notes = v.decoded?.notes ?? [];
  if (notes.length === 0) return undefined;
  return section('notes', 'Notes', el('ul', { class: 'notes' }, ...notes.map((n) => el('li', { text: n }))));
}
