/** Financing rules the field tree cannot say on its own. */
import { add, compare, formatDecimal, multiply, parseDecimal, type Decimal } from '../decimal';
import { issue } from '../issues';
import { entries } from './access';
import { FINANCED_CART } from '../financingLimits';
import type { CrossFieldRule } from './types';

/** "Offers request body (products without category)" for selectFirst=true. */
export const selectFirstWithoutCategory: CrossFieldRule = {
  id: 'selectFirstWithoutCategory',
  description: 'With selectFirst=true the product lines carry no category.',
  needs: ['products'],
  onlyFor: ['financing.offersSelectFirst'],
  check(body) {
    return entries(body, 'products')
      .filter(({ value }) => value['category'] !== undefined)
      .map(({ index, value }) => issue(`products[${index}].category`, 'unexpected', 'is not sent with selectFirst=true (products without category)', value['category']));
  },
};

export { FINANCED_CART, FINANCED_PERIOD } from '../financingLimits';

/** Σ price × quantity, exact; undefined when a line lacks a valid price or quantity (field rules say so). */
export function cartTotal(body: unknown): Decimal | undefined {
  const lines = entries(body, 'products');
  if (lines.length === 0) return undefined;
  let total: Decimal = { units: 0n, scale: 0 };
  for (const { value } of lines) {
    const price = typeof value['price'] === 'number' ? parseDecimal(String(value['price'])) : undefined;
    const quantity = Number.isInteger(value['quantity']) ? parseDecimal(String(value['quantity'])) : undefined;
    if (!price || !quantity) return undefined;
    total = add(total, multiply(price, quantity));
  }
  return total;
}

export const financedCartTotal: CrossFieldRule = {
  id: 'cartTotal',
  description: `The cart total (price × quantity over products) must be from ${FINANCED_CART.min} to ${FINANCED_CART.max}: the simulated partner's financing limits.`,
  needs: ['products[].price', 'products[].quantity'],
  check(body) {
    const total = cartTotal(body);
    const min = parseDecimal(FINANCED_CART.min);
    const max = parseDecimal(FINANCED_CART.max);
    if (!total || !min || !max || (compare(total, min) >= 0 && compare(total, max) <= 0)) return [];
    return [issue('products', 'cartTotal', `the cart total (price × quantity) must be from ${FINANCED_CART.min} to ${FINANCED_CART.max}, the partner's financing limits, got ${formatDecimal(total)}`)];
  },
};
