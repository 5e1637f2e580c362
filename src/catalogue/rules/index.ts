/** All cross-field rules, and the ones that apply to an operation. */
import { includedInAmount, itemAmountFromItems, sumOfSubtotals, taxAmountFromItems } from './amounts';
import { b2bSupplierName, bankTransferAIdentifier, merchantChargeBase, recurringAmountVariability, walletAChoices } from './conditional';
import { agreementStartNotInPast, cruiseDateOrder } from './dates';
import { financedCartTotal, selectFirstWithoutCategory } from './financing';
import { authorizeAmount, captureAmount, cardToCharge, refundAmount, verifyCurrency, walletForDeviceToken } from './payment';
import type { CrossFieldRule } from './types';

export type { CrossFieldRule } from './types';

export const crossFieldRules: readonly CrossFieldRule[] = [
  sumOfSubtotals, taxAmountFromItems, itemAmountFromItems, includedInAmount,
  bankTransferAIdentifier, walletAChoices, recurringAmountVariability, b2bSupplierName, merchantChargeBase,
  cruiseDateOrder, agreementStartNotInPast,
  selectFirstWithoutCategory, financedCartTotal,
  authorizeAmount, verifyCurrency, refundAmount, captureAmount, cardToCharge, walletForDeviceToken,
];

export function rulesFor(operationKey: string, hasPath: (p: string) => boolean): CrossFieldRule[] {
  return crossFieldRules.filter((r) => (!r.onlyFor || (r.onlyFor as readonly string[]).includes(operationKey)) && r.needs.every(hasPath));
}
