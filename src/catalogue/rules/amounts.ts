/** Order amount rules, with exact decimal arithmetic. */
import { add, compare, formatDecimal, multiply, parseDecimal, sum, type Decimal } from '../decimal';
import { issue, shown, type ValidationIssue } from '../issues';
import { at, entries } from './access';
import type { CrossFieldRule } from './types';

const SUBTOTALS = ['order.itemAmount', 'order.shippingAndHandlingAmount', 'order.taxAmount'] as const;

/** Decimal value of a field, or undefined when absent or malformed (field rules report the latter). */
function dec(body: unknown, path: string): Decimal | undefined {
  return parseDecimal(at(body, path));
}

export const sumOfSubtotals: CrossFieldRule = {
  id: 'sumOfSubtotals',
  description: 'When order.amount and sub-totals (itemAmount, shippingAndHandlingAmount, taxAmount) are sent together, the sum of the sub-totals must equal order.amount.',
  needs: ['order.amount'],
  check(body, ctx) {
    const total = dec(body, 'order.amount');
    if (!total) return [];
    const sent = SUBTOTALS.filter((p) => ctx.hasPath(p)).flatMap((p) => {
      const d = dec(body, p);
      return d ? [{ path: p, value: d }] : [];
    });
    if (sent.length === 0) return [];
    const subtotal = sum(sent.map((s) => s.value));
    if (compare(subtotal, total) === 0) return [];
    const names = sent.map((s) => s.path.slice('order.'.length)).join(' + ');
    const out: ValidationIssue[] = [
      issue('order.amount', 'sumOfSubtotals', `must equal the sum of the sub-totals (${names} = ${formatDecimal(subtotal)}), got ${shown(at(body, 'order.amount'))}`, at(body, 'order.amount')),
    ];
    for (const s of sent) {
      out.push(issue(s.path, 'sumOfSubtotals', `the sub-totals (${names}) add up to ${formatDecimal(subtotal)} but order.amount is ${shown(at(body, 'order.amount'))}`, at(body, s.path)));
    }
    return out;
  },
};

/**
 * Σ quantity × (per-unit field) over a list; undefined when the list is empty, when no entry
 * has the per-unit field, or when a quantity or price is malformed (the field rules say so).
 */
function lineTotal(body: unknown, listPath: string, unitField: string, requireAll: boolean): Decimal | undefined {
  const list = entries(body, listPath);
  if (list.length === 0) return undefined;
  let total: Decimal = { units: 0n, scale: 0 };
  let seen = 0;
  for (const { value } of list) {
    const raw = value[unitField];
    if (raw === undefined) {
      if (requireAll) return undefined;
      continue;
    }
    const unit = parseDecimal(raw);
    const qty = parseDecimal(value['quantity']);
    if (!unit || !qty) return undefined;
    total = add(total, multiply(qty, unit));
    seen++;
  }
  return seen > 0 ? total : undefined;
}

function itemsPath(ctx: { hasPath(p: string): boolean }): string | undefined {
  if (ctx.hasPath('order.items[].quantity')) return 'order.items';
  if (ctx.hasPath('item[].quantity')) return 'item';
  return undefined;
}

export const taxAmountFromItems: CrossFieldRule = {
  id: 'taxAmountFromItems',
  description: 'When order.taxAmount and line items are both sent, taxAmount must equal the sum of quantity × unitTaxAmount (items without unitTaxAmount count as 0).',
  needs: ['order.taxAmount'],
  check(body, ctx) {
    const list = itemsPath(ctx);
    const tax = dec(body, 'order.taxAmount');
    if (!list || !tax) return [];
    const expected = lineTotal(body, list, 'unitTaxAmount', false);
    if (!expected || compare(expected, tax) === 0) return [];
    return [issue('order.taxAmount', 'taxAmountFromItems', `must equal the sum of quantity × unitTaxAmount over ${list} (${formatDecimal(expected)}), got ${shown(at(body, 'order.taxAmount'))}`, at(body, 'order.taxAmount'))];
  },
};

export const itemAmountFromItems: CrossFieldRule = {
  id: 'itemAmountFromItems',
  description: 'order.itemAmount must equal the sum of quantity × unitPrice when both are sent.',
  needs: ['order.itemAmount'],
  check(body, ctx) {
    const list = itemsPath(ctx);
    const itemAmount = dec(body, 'order.itemAmount');
    if (!list || !itemAmount) return [];
    const expected = lineTotal(body, list, 'unitPrice', true);
    if (!expected || compare(expected, itemAmount) === 0) return [];
    return [issue('order.itemAmount', 'itemAmountFromItems', `must equal the sum of quantity × unitPrice over ${list} (${formatDecimal(expected)}), got ${shown(at(body, 'order.itemAmount'))}`, at(body, 'order.itemAmount'))];
  },
};

/** order.merchantCharge.amount and order.reward.amount are "included in order.amount". */
export const includedInAmount: CrossFieldRule = {
  id: 'includedInAmount',
  description: 'order.merchantCharge.amount and order.reward.amount are included in order.amount, so neither may exceed it.',
  needs: ['order.amount', 'order.merchantCharge.amount'],
  check(body) {
    const total = dec(body, 'order.amount');
    if (!total) return [];
    return ['order.merchantCharge.amount', 'order.reward.amount'].flatMap((p) => {
      const part = dec(body, p);
      if (!part || compare(part, total) <= 0) return [];
      return [issue(p, 'includedInAmount', `is included in order.amount (${shown(at(body, 'order.amount'))}) so must not exceed it, got ${shown(at(body, p))}`, at(body, p))];
    });
  },
};
