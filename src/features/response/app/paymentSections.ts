/**
 * Where the payment stands: the browser-payment interaction (with the redirect one click away), the
 * order and transaction totals, the card as echoed (already masked by the gateway and the decoder),
 * the session, and where the gateway recorded it all. Amounts are text exactly as received.
 */
import * as l10n from '@vscode/l10n';
import { humanize } from '../../../catalogue/fieldTree';
import type { DecodedOrderTransaction } from '../../../decode/types';
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { amount, button, code, codeFact, factSection, textFact, time, timeFact, type Post } from './parts';

/** The host accepts redirect URLs up to this length (responseWebviewMessageSchema). */
const MAX_URL = 8192;

export function browserPaymentSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const b = v.decoded?.browserPayment;
  if (!b) return undefined;
  const url = b.redirectUrl;
  return factSection(
    'browserPayment',
    l10n.t('Browser payment'),
    [
      codeFact(l10n.t('Interaction status'), 'browserPayment.status', b.status, { nextStep: true }),
      url !== undefined
        ? {
            label: l10n.t('Redirect the payer to'),
            field: 'browserPayment.redirectUrl',
            value: [el('span', { class: 'url', text: url }), ' ', /^https?:\/\//i.test(url) && url.length <= MAX_URL ? button('open-redirect', l10n.t('Open redirect URL'), () => post({ type: 'openRedirect', url }), { icon: 'link-external' }) : null],
          }
        : undefined,
      b.redirectHtml !== undefined
        ? {
            label: "Page to render in the payer's browser",
            field: 'browserPayment.redirectHtml',
            // Shown as text (textContent of a <pre>), never as live HTML: it comes from the provider.
            value: [el('pre', { class: 'raw-body redirect-html', text: b.redirectHtml }), button('open-redirect-html', l10n.t('Open in editor'), () => post({ type: 'openInEditor', what: 'redirectHtml' }), { icon: 'go-to-file' })],
          }
        : undefined,
      ...b.timestamps.map((t) => timeFact(humanize(t.name), `browserPayment.timestamps.${t.name}`, t.value)),
    ],
  );
}

export function orderSection(v: ExchangeView): HTMLElement | undefined {
  const o = v.decoded?.order;
  if (!o) return undefined;
  return factSection('order', l10n.t('Order'), [
    textFact('Id', 'order.id', o.id),
    o.status !== undefined ? { label: l10n.t('Status'), field: 'order.status', value: [code(o.status), o.statusMeaning ? el('span', { class: 'meaning', text: ` ${o.statusMeaning}` }) : null] } : undefined,
    textFact(l10n.t('Reference'), 'order.reference', o.reference),
    textFact(l10n.t('Amount'), 'order.amount', amount(o.amount, o.currency)),
    textFact(l10n.t('Total authorized'), 'order.totalAuthorizedAmount', amount(o.totalAuthorizedAmount, o.currency)),
    textFact(l10n.t('Total captured'), 'order.totalCapturedAmount', amount(o.totalCapturedAmount, o.currency)),
    textFact(l10n.t('Total refunded'), 'order.totalRefundedAmount', amount(o.totalRefundedAmount, o.currency)),
    o.amount === undefined ? textFact(l10n.t('Currency'), 'order.currency', o.currency) : undefined,
  ], o.transactions && o.transactions.length > 0 ? orderTransactionsTable(o.transactions) : null);
}

/** Retrieve Order's transactions, oldest first: what happened to the order, step by step. */
function orderTransactionsTable(rows: readonly DecodedOrderTransaction[]): HTMLElement {
  const head = [l10n.t('Time'), l10n.t('Transaction'), l10n.t('Type'), l10n.t('Amount'), l10n.t('Result'), l10n.t('Gateway code')].map((label) => el('th', { attrs: { scope: 'col' }, text: label }));
  const cell = (value: string | undefined): HTMLElement => el('td', { text: value ?? '' });
  const timeCell = (iso: string | undefined): HTMLElement => el('td', {}, iso ? time(iso) : '');
  return el('div', { class: 'table-scroll' }, el('table', { class: 'data-table order-transactions' },
    el('thead', {}, el('tr', {}, ...head)),
    el('tbody', {}, ...rows.map((t) => el('tr', { attrs: { 'data-transaction': t.id ?? '' } },
      timeCell(t.timeOfRecord),
      cell(t.targetTransactionId ? `${t.id ?? ''} → ${t.targetTransactionId}` : t.id),
      cell(t.type),
      cell(amount(t.amount, t.currency)),
      cell(t.result),
      cell(t.gatewayCode),
    ))),
  ));
}

export function transactionSection(v: ExchangeView): HTMLElement | undefined {
  const t = v.decoded?.transaction;
  if (!t) return undefined;
  return factSection('transaction', l10n.t('Transaction'), [
    textFact('Id', 'transaction.id', t.id),
    codeFact(l10n.t('Type'), 'transaction.type', t.type),
    textFact(l10n.t('Amount'), 'transaction.amount', amount(t.amount, t.currency)),
    t.amount === undefined ? textFact(l10n.t('Currency'), 'transaction.currency', t.currency) : undefined,
    textFact(l10n.t('Authorization code'), 'transaction.authorizationCode', t.authorizationCode),
    textFact(l10n.t('Reference'), 'transaction.reference', t.reference),
    textFact(l10n.t('Acquirer'), 'transaction.acquirerId', t.acquirerId),
    textFact(l10n.t('Acquirer batch'), 'transaction.acquirerBatch', t.acquirerBatch),
  ]);
}

export function cardSection(v: ExchangeView): HTMLElement | undefined {
  const c = v.decoded?.card;
  if (!c) return undefined;
  return factSection('card', l10n.t('Card'), [
    c.number !== undefined ? { label: l10n.t('Number'), field: 'card.number', value: code(c.number) } : undefined,
    textFact(l10n.t('Brand'), 'card.brand', c.brand),
    textFact(l10n.t('Scheme'), 'card.scheme', c.scheme),
    textFact(l10n.t('Expiry'), 'card.expiry', c.expiry),
    textFact(l10n.t('Funding'), 'card.fundingMethod', c.fundingMethod),
  ]);
}

/** A session; after Initiate Checkout on the simulator, its payment page with Open Payment Page (as Open challenge for 3-D Secure). */
export function sessionSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const s = v.decoded?.session;
  if (!s) return undefined;
  const page = s.paymentPageUrl;
  return factSection('session', l10n.t('Session'), [
    s.id !== undefined ? { label: 'Id', field: 'session.id', value: code(s.id) } : undefined,
    codeFact(l10n.t('Update status'), 'session.updateStatus', s.updateStatus, { nextStep: true }),
    textFact(l10n.t('Version'), 'session.version', s.version),
    page !== undefined
      ? { label: l10n.t('Payment page'), field: 'session.paymentPageUrl', value: [el('span', { class: 'url', text: page }), ' ', button('open-payment-page', l10n.t('Open Payment Page'), () => post({ type: 'openRedirect', url: page }), { icon: 'link-external' })] }
      : undefined,
  ]);
}

export function recordSection(v: ExchangeView): HTMLElement | undefined {
  const r = v.decoded?.record;
  if (!r) return undefined;
  return factSection('record', l10n.t('Record'), [
    textFact(l10n.t('Merchant'), 'record.merchant', r.merchant),
    timeFact(l10n.t('Time of record'), 'record.timeOfRecord', r.timeOfRecord),
    textFact(l10n.t('Entry point'), 'record.gatewayEntryPoint', r.gatewayEntryPoint),
    textFact(l10n.t('API version'), 'record.apiVersion', r.apiVersion),
    r.correlationId !== undefined ? { label: l10n.t('Correlation id'), field: 'record.correlationId', value: code(r.correlationId) } : undefined,
  ]);
}
