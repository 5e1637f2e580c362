/** Financing rules the field tree cannot say on its own. */
import { issue } from '../issues';
import { entries } from './access';
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
