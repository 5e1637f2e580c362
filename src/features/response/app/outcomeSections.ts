/**
 * Why the gateway answered as it did: the outcome (result, gatewayCode and the acquirer's words)
 * and the risk assessment with each rule that fired.
 */
import * as l10n from '@vscode/l10n';
import type { DecodedRisk, DecodedRiskRule } from '../../../decode/types';
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { code, codeFact, explained, facts, section, textFact } from './parts';

export function outcomeSection(v: ExchangeView): HTMLElement | undefined {
  const o = v.decoded?.outcome;
  if (!o) return undefined;
  return section(
    'outcome',
    'Outcome',
    facts([
      { label: l10n.t('Result'), field: 'result', value: [code(o.result), ' ', el('span', { class: 'meaning', text: o.resultMeaning })] },
      codeFact(l10n.t('Gateway code'), 'gatewayCode', o.gatewayCode, { nextStep: true }),
      o.acquirerCode !== undefined ? { label: l10n.t('Acquirer code'), field: 'acquirerCode', value: code(o.acquirerCode) } : undefined,
      textFact(l10n.t('Acquirer message'), 'acquirerMessage', o.acquirerMessage),
      textFact(l10n.t('Debug information'), 'debugInformation', o.debugInformation),
    ]),
  );
}

export function riskSection(v: ExchangeView): HTMLElement | undefined {
  const r = v.decoded?.risk;
  if (!r) return undefined;
  return section(
    'risk',
    'Risk',
    facts([
      codeFact(l10n.t('Assessment'), 'risk.gatewayCode', r.gatewayCode, { nextStep: true }),
      r.review ? { label: l10n.t('Review'), field: 'risk.review', value: review(r.review) } : undefined,
      codeFact(l10n.t('Reversal'), 'risk.reversal', r.reversal),
      textFact(l10n.t('Total score'), 'risk.score', r.totalScore),
      { label: l10n.t('Found in'), field: 'risk.source', value: code(r.source) },
    ]),
    r.rules.length > 0 ? rulesTable(r.rules) : null,
  );
}

function review(r: NonNullable<DecodedRisk['review']>): (Node | string)[] {
  return [
    explained(r.decision, { nextStep: true }),
    r.reason ? el('span', { class: 'aside' }, el('span', { class: 'aside-label', text: l10n.t('Reason: ') }), r.reason) : '',
    r.note ? el('span', { class: 'aside' }, el('span', { class: 'aside-label', text: l10n.t('Note: ') }), r.note) : '',
  ];
}

function rulesTable(rules: DecodedRiskRule[]): HTMLElement {
  return el('div', { class: 'table-scroll' }, el(
    'table',
    { class: 'data-table risk-rules' },
    el('caption', { class: 'visually-hidden', text: l10n.t('Risk rules') }),
    el('thead', {}, el('tr', {}, ...[l10n.t('Rule'), l10n.t('Type'), l10n.t('Recommendation'), l10n.t('Score'), l10n.t('Data')].map((h) => el('th', { attrs: { scope: 'col' }, text: h })))),
    el(
      'tbody',
      {},
      ...rules.map((rule) =>
        el(
          'tr',
          { class: 'risk-rule' },
          el('td', { attrs: { 'data-field': 'rule.name' } }, code(rule.name)),
          el('td', { attrs: { 'data-field': 'rule.type' }, text: rule.type ?? '' }),
          el('td', { attrs: { 'data-field': 'rule.recommendation' } }, rule.recommendation ? explained(rule.recommendation) : ''),
          el('td', { class: 'number', attrs: { 'data-field': 'rule.score' }, text: rule.score !== undefined ? String(rule.score) : '' }),
          el('td', { attrs: { 'data-field': 'rule.data' }, text: rule.data ?? '' }),
        ),
      ),
    ),
  ));
}
