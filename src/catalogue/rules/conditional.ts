/** "Required when …" rules that depend on another field's value. */
import { issue } from '../issues';
import { at, isPresent, isRecord } from './access';
import type { OperationKey } from '../operationRecord';
import type { CrossFieldRule } from './types';

function requiredWhen(opts: { id: string; when: string; equals: string; required: readonly string[]; onlyFor?: readonly OperationKey[] }): CrossFieldRule {
  return {
    id: opts.id,
    description: `${opts.required.join(' and ')} required when ${opts.when} is ${opts.equals}.`,
    needs: [opts.when, ...opts.required],
    ...(opts.onlyFor ? { onlyFor: opts.onlyFor } : {}),
    check(body) {
      if (at(body, opts.when) !== opts.equals) return [];
      return opts.required
        .filter((p) => !isPresent(at(body, p)))
        .map((p) => issue(p, 'requiredFor', `required when ${opts.when} is ${opts.equals}`));
    },
  };
}

export const bankTransferAIdentifier = requiredWhen({
  id: 'bankTransferAIdentifier', when: 'sourceOfFunds.type', equals: 'BANKTRANSFER_A',
  required: ['sourceOfFunds.provided.banktransfera.bankIdentifier'],
});

/** Version 16 only: version 100 moved the operation to browserPayment.operation and defaults the confirmation. */
export const walletAChoices = requiredWhen({
  id: 'walletAChoices', when: 'sourceOfFunds.type', equals: 'WALLET_A',
  required: ['browserPayment.walleta.operation', 'browserPayment.walleta.paymentConfirmation'],
  onlyFor: ['gateway.initiateBrowserPayment@16'],
});

export const recurringAmountVariability = requiredWhen({
  id: 'recurringAmountVariability', when: 'agreement.type', equals: 'RECURRING', required: ['agreement.amountVariability'],
});

export const b2bSupplierName = requiredWhen({
  id: 'b2bSupplierName', when: 'order.purchaseType', equals: 'B2B_PAYMENT', required: ['order.supplierName'],
});

/** "either amount or netAmount must be provided" when the gateway is to compute a merchant charge. */
export const merchantChargeBase: CrossFieldRule = {
  id: 'merchantChargeBase',
  description: 'When order.merchantCharge is sent, order.amount or order.netAmount must be provided.',
  needs: ['order.merchantCharge.type', 'order.netAmount', 'order.amount'],
  check(body) {
    if (!isRecord(at(body, 'order.merchantCharge'))) return [];
    if (isPresent(at(body, 'order.amount')) || isPresent(at(body, 'order.netAmount'))) return [];
    return [
      issue('order.amount', 'requiredFor', 'order.amount or order.netAmount is required when order.merchantCharge is sent'),
      issue('order.netAmount', 'requiredFor', 'order.amount or order.netAmount is required when order.merchantCharge is sent'),
    ];
  },
};
