/**
 * Financing offers as a table a person can sort: click a column header for ascending, again for
 * descending. Figures are compared as exact decimals (decimalOrder.ts), never as floats; offers
 * without a value stay last either way, and ties keep the order the API sent.
 */
import * as l10n from '@vscode/l10n';
import type { OfferRow } from '../../../decode/types';
import { el, replaceChildren } from '../../shared/app/dom';
import { compareDecimalText } from './decimalOrder';

type SortKey = 'name' | 'months' | 'instalment' | 'interest' | 'dae' | 'totalCreditAmount';
type Direction = 'ascending' | 'descending';

interface Column {
  key: keyof OfferRow;
  label: string;
  /** How the column sorts; absent = not sortable. */
  sort?: 'text' | 'decimal';
}

const COLUMNS: readonly Column[] = [
  { key: 'name', label: l10n.t('Offer'), sort: 'text' },
  { key: 'instalment', label: l10n.t('Instalment'), sort: 'decimal' },
  { key: 'interest', label: l10n.t('Interest %'), sort: 'decimal' },
  { key: 'dae', label: l10n.t('DAE (APR) %'), sort: 'decimal' },
  { key: 'totalCreditAmount', label: l10n.t('Total credit'), sort: 'decimal' },
  { key: 'months', label: l10n.t('Months'), sort: 'decimal' },
  { key: 'loanAmount', label: l10n.t('Loan') },
  { key: 'analysisFee', label: l10n.t('Analysis fee') },
  { key: 'id', label: l10n.t('Id / child id') },
];

function sortOffers(offers: readonly OfferRow[], key: SortKey, direction: Direction): OfferRow[] {
  const column = COLUMNS.find((c) => c.key === key);
  const compare = column?.sort === 'decimal' ? compareDecimalText : (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
  const sign = direction === 'ascending' ? 1 : -1;
  return offers
    .map((offer, index) => ({ offer, index, value: offer[key] }))
    .sort((a, b) => {
      const missingA = a.value === undefined || a.value === '';
      const missingB = b.value === undefined || b.value === '';
      if (missingA || missingB) return missingA === missingB ? a.index - b.index : missingA ? 1 : -1;
      return sign * compare(a.value as string, b.value as string) || a.index - b.index;
    })
    .map((x) => x.offer);
}

export function offersTable(offers: readonly OfferRow[]): HTMLTableElement {
  let sorted: { key: SortKey; direction: Direction } | undefined;
  const body = el('tbody');
  const headers = COLUMNS.map((c) => {
    if (!c.sort) return el('th', { attrs: { scope: 'col' }, text: c.label });
    const key = c.key as SortKey;
    return el(
      'th',
      { class: 'sortable', attrs: { scope: 'col', 'data-sort': key, 'aria-sort': 'none' }, on: { click: () => sortBy(key) } },
      el('button', { class: 'sort-button', attrs: { type: 'button', title: l10n.t('Sort by {0}', c.label) } }, c.label, el('span', { class: 'sort-indicator', attrs: { 'aria-hidden': 'true' } })),
    );
  });

  const fill = (rows: readonly OfferRow[]) => replaceChildren(body, ...rows.map(offerRow));
  const sortBy = (key: SortKey) => {
    const direction: Direction = sorted?.key === key && sorted.direction === 'ascending' ? 'descending' : 'ascending';
    sorted = { key, direction };
    for (const th of headers) {
      const own = th.getAttribute('data-sort');
      if (own !== null) th.setAttribute('aria-sort', own === key ? direction : 'none');
    }
    fill(sortOffers(offers, key, direction));
  };
  fill(offers);

  return el('table', { class: 'data-table offers', attrs: { id: 'offers' } }, el('caption', { class: 'visually-hidden', text: l10n.t('Financing offers; click a column header to sort') }), el('thead', {}, el('tr', {}, ...headers)), body);
}

function offerRow(o: OfferRow): HTMLTableRowElement {
  return el(
    'tr',
    {},
    ...COLUMNS.map((c) => {
      const text = c.key === 'id' ? [o.id, o.childId].filter((x) => x !== undefined).join(' / ') : (o[c.key] ?? '');
      return el('td', { class: c.sort === 'decimal' || c.key === 'loanAmount' || c.key === 'analysisFee' ? 'number' : undefined, attrs: { 'data-field': c.key }, text });
    }),
  );
}
