/**
 * The raw exchange: response and request bodies (pretty JSON, already redacted), the cURL and the
 * headers, each in a collapsible with its Copy button. A body is one <pre> filled through
 * textContent, so even a capped 256 KB body is a single text node and never freezes the page. The
 * host copies and opens its own full copy: the page only asks.
 */
import * as l10n from '@vscode/l10n';
import { formatBytes } from '../../../format/formatBytes';
import type { ExchangeView, ShownBody } from '../protocol';
import { el } from '../../shared/app/dom';
import { button, section, type Post } from './parts';

type BodyKind = 'request' | 'response' | 'curl';

export function rawSection(v: ExchangeView, post: Post): HTMLElement {
  const copy = (what: BodyKind) => button(`copy-${what}`, l10n.t('Copy'), () => post({ type: 'copy', what }), { icon: 'copy' });
  const response = v.response;
  const request = v.request.body;
  return section(
    'raw',
    l10n.t('Raw request and response'),
    el('div', { class: 'toolbar' }, button('open-in-form', l10n.t('Open in form'), () => post({ type: 'openInForm' }), { icon: 'edit', secondary: false })),
    el('div', { class: 'request-line' }, el('code', { class: 'method', text: v.request.method }), ' ', el('span', { class: 'url', text: v.request.url })),
    response
      ? collapsible(l10n.t('Response body'), bodyDescription(response.body), true, response.body.text === '' ? null : copy('response'), bodyContent('response', response.body, response.truncated, post))
      : null,
    request ? collapsible(l10n.t('Request body (secrets masked)'), bodyDescription(request), false, copy('request'), bodyContent('request', request, false, post)) : null,
    v.request.curl !== '' ? collapsible(l10n.t('cURL (secrets redacted)'), '', false, copy('curl'), el('pre', { class: 'raw-body', attrs: { id: 'raw-curl', tabindex: 0 }, text: v.request.curl })) : null,
    response && Object.keys(response.headers).length > 0 ? collapsible(l10n.t('Response headers'), String(Object.keys(response.headers).length), false, null, headersTable(response.headers)) : null,
    Object.keys(v.request.headers).length > 0 ? collapsible(l10n.t('Request headers'), String(Object.keys(v.request.headers).length), false, null, headersTable(v.request.headers)) : null,
  );
}

/**
 * A part of the raw exchange the user folds and unfolds: a heading whose one control is a real
 * button that says whether it is expanded (aria-expanded) and which body it folds (aria-controls).
 * vscode-collapsible's header is a focusable <div> a screen reader announces neither as a button
 * nor as expanded or collapsed. The part's action (Copy) sits beside the heading, not inside the
 * button: a control inside a control cannot be reached on its own.
 */
function collapsible(heading: string, description: string, open: boolean, action: HTMLElement | null, ...content: (Node | null)[]): HTMLElement {
  const bodyId = `raw-part-${++parts}`;
  const body = el('div', { class: 'raw-part-body', attrs: { id: bodyId, hidden: !open } }, ...content);
  const toggle = el('button', { class: 'disclosure', attrs: { type: 'button', 'aria-expanded': String(open), 'aria-controls': bodyId } },
    el('span', { class: 'disclosure-title', text: heading }),
    description !== '' ? el('span', { class: 'disclosure-description', text: description }) : null);
  toggle.addEventListener('click', () => {
    const expand = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(expand));
    body.hidden = !expand;
  });
  return el('div', { class: 'raw-part', attrs: { 'data-part': heading } },
    el('div', { class: 'raw-part-header' }, el('h3', { class: 'raw-part-heading' }, toggle), action),
    body);
}

let parts = 0;

function bodyDescription(body: ShownBody): string {
  return `${body.json ? 'JSON' : l10n.t('text')} · ${formatBytes(body.sizeBytes)}`;
}

function bodyContent(what: 'request' | 'response', body: ShownBody, truncated: boolean, post: Post): HTMLElement {
  const pre = body.text === '' ? el('p', { class: 'muted', text: what === 'request' ? l10n.t('The request had no body.') : l10n.t('The response had no body.') }) : el('pre', { class: 'raw-body', attrs: { id: `raw-${what}`, tabindex: 0, 'data-json': String(body.json) }, text: body.text });
  if (!body.capped) return pre;
  const shown = l10n.t('Showing the first {0} characters of {1}.', body.text.length.toLocaleString('en'), formatBytes(body.sizeBytes));
  const why = truncated ? l10n.t(' The client stopped reading at its size cap, so the body itself is incomplete.') : l10n.t(' The whole body is in the editor.');
  return el(
    'div',
    {},
    el('p', { class: 'capped-note', attrs: { 'data-field': `${what}.capped` } }, el('vscode-icon', { attrs: { name: 'warning' } }), ' ', shown + why, ' ', button(`open-in-editor-${what}`, l10n.t('Open in editor'), () => post({ type: 'openInEditor', what }), { icon: 'go-to-file' })),
    pre,
  );
}

function headersTable(headers: Record<string, string>): HTMLElement {
  return el(
    'table',
    { class: 'data-table headers' },
    el('tbody', {}, ...Object.entries(headers).map(([name, value]) => el('tr', {}, el('th', { attrs: { scope: 'row' }, text: name }), el('td', { class: 'mono', text: value })))),
  );
}
