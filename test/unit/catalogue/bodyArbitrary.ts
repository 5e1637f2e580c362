/** fast-check arbitraries for whole request bodies, built from the catalogue's field tree and FieldMeta. */
import * as fc from 'fast-check';
import { compile } from '../../../src/catalogue/compiled';
import type { FieldNode } from '../../../src/catalogue/fieldTree';
import type { FieldIndex } from '../../../src/catalogue/fieldIndex';
import { parseDecimal, add, multiply, formatDecimal, compare, type Decimal } from '../../../src/catalogue/decimal';
import { isPresent } from '../../../src/catalogue/rules/access';
import { cartTotal, FINANCED_CART } from '../../../src/catalogue/rules/financing';
import { leafArbitrary, getAt, setAt } from './helpers';

function nodeArb(node: FieldNode, path: string, index: FieldIndex): fc.Arbitrary<unknown> {
  switch (node.type) {
    case 'leaf': {
      const entry = index.byPath.get(path);
      if (!entry) throw new Error(`no meta for ${path}`);
      return leafArbitrary(entry.meta);
    }
    case 'object': {
      const entries = Object.entries(node.fields);
      const model = Object.fromEntries(entries.map(([k, child]) => [k, nodeArb(child, path ? `${path}.${k}` : k, index)]));
      return fc.record(model, { requiredKeys: entries.filter(([, c]) => c.required).map(([k]) => k) });
    }
    case 'array': {
      const min = Math.max(node.minItems ?? 0, node.required ? 1 : 0);
      return fc.array(nodeArb(node.element, `${path}[]`, index), { minLength: min, maxLength: Math.max(min, 2) });
    }
    case 'map':
      return fc.dictionary(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), nodeArb(node.value, `${path}.{key}`, index), { maxKeys: 3 });
  }
}

const d = (v: unknown): Decimal | undefined => parseDecimal(v);

function lineSum(items: unknown, field: string): Decimal | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  let total: Decimal = { units: 0n, scale: 0 };
  let seen = 0;
  for (const it of items as Record<string, unknown>[]) {
    const u = d(it[field]);
    const q = d(it['quantity']);
    if (!u || !q) continue;
    total = add(total, multiply(q, u));
    seen++;
  }
  return seen ? total : undefined;
}

/** What the payment rules (rules/payment.ts) make an operation send (with a session named, they would be warnings: "needed in the request or in the session"). */
const PAYMENT_NEEDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'gateway.authorize@11': { 'order.amount': '10.00', 'order.currency': 'USD' },
  'gateway.authorize@100': { 'order.amount': '10.00', 'order.currency': 'USD' },
  'gateway.pay@100': { 'order.amount': '10.00', 'order.currency': 'USD' },
  'gateway.verify@100': { 'order.currency': 'USD' },
  'gateway.refund@13': { 'transaction.amount': '10.00', 'transaction.currency': 'USD' },
  'gateway.refund@100': { 'transaction.amount': '10.00', 'transaction.currency': 'USD' },
  'gateway.capture@100': { 'transaction.amount': '10.00', 'transaction.currency': 'USD' },
};
const CARD_NEEDS: Readonly<Record<string, string>> = {
  'sourceOfFunds.provided.card.number': '5123450000000008',
  'sourceOfFunds.provided.card.expiry.month': '1',
  'sourceOfFunds.provided.card.expiry.year': '39',
};
const PRESENTS_CARD = new Set(['gateway.authorize@11', 'gateway.authorize@100', 'gateway.pay@100', 'gateway.verify@100']);
/** Operations whose order.amount is a payment amount: greater than zero, at most 3 decimals. */
const PAYS_ORDER_AMOUNT = new Set(['gateway.authorize@11', 'gateway.authorize@100', 'gateway.pay@100', 'gateway.initiateBrowserPayment@16', 'gateway.initiateBrowserPayment@100']);

function fillPaymentNeeds(body: Record<string, unknown>, key: string): void {
  const fill = (needs: Readonly<Record<string, string>>) => {
    for (const [path, value] of Object.entries(needs)) if (!isPresent(getAt(body, path))) setAt(body, path, value);
  };
  fill(PAYMENT_NEEDS[key] ?? {});
  const deviceToken = isPresent(getAt(body, 'sourceOfFunds.provided.card.devicePayment.paymentToken'));
  if (PRESENTS_CARD.has(key) && !isPresent(getAt(body, 'sourceOfFunds.token')) && !deviceToken) fill(CARD_NEEDS);
  // walletForDeviceToken: a device payment names its wallet.
  if (deviceToken && (key === 'gateway.authorize@11' || key === 'gateway.authorize@100' || key === 'gateway.pay@100')) fill({ 'order.walletProvider': 'GOOGLE_PAY' });
}

/** A sum of sub-totals order.amount can carry: at most 14 characters, and for a payment > 0 with ≤ 3 decimals. */
function fitsOrderAmount(total: Decimal, key: string): boolean {
  const text = formatDecimal(total);
  if (text.length > 14) return false;
  const decimals = text.split('.')[1]?.length ?? 0;
  return !PAYS_ORDER_AMOUNT.has(key) || (decimals <= 3 && compare(total, { units: 0n, scale: 0 }) > 0);
}

/**
 * Makes a field-valid body satisfy the cross-field rules, the way a careful user would:
 * sub-totals computed from the items, the total from the sub-totals, conditional fields filled in.
 */
export function repairCrossFieldRules(body: Record<string, unknown>, key: string): Record<string, unknown> {
  fillPaymentNeeds(body, key);
  const order = body['order'] as Record<string, unknown> | undefined;
  if (order) {
    const items = key.startsWith('gateway.updateSession') ? order['items'] : body['item'];
    // Rules skip items whose quantity or price is missing; make every item complete so sums are exact.
    if (Array.isArray(items)) {
      for (const it of items as Record<string, unknown>[]) {
        it['quantity'] ??= '1';
        it['unitPrice'] ??= '1.00';
      }
    }
    if (order['taxAmount'] !== undefined) {
      const s = lineSum(items, 'unitTaxAmount');
      if (s) order['taxAmount'] = formatDecimal(s);
    }
    if (order['itemAmount'] !== undefined) {
      const s = lineSum(items, 'unitPrice');
      if (s) order['itemAmount'] = formatDecimal(s);
    }
    // Signed line amounts may make a sub-total negative, which the unsigned sub-total field rejects.
    for (const k of ['taxAmount', 'itemAmount']) {
      if (typeof order[k] === 'string' && (order[k] as string).startsWith('-')) delete order[k];
      if (typeof order[k] === 'string' && (order[k] as string).length > 14) delete order[k];
    }
    const subs = ['itemAmount', 'shippingAndHandlingAmount', 'taxAmount'].map((k) => d(order[k])).filter((x): x is Decimal => !!x);
    if (order['amount'] !== undefined && subs.length) {
      const total = subs.reduce(add);
      if (fitsOrderAmount(total, key)) order['amount'] = formatDecimal(total);
      else for (const k of ['itemAmount', 'shippingAndHandlingAmount', 'taxAmount']) delete order[k];
    }
    const amount = d(order['amount']);
    for (const part of ['merchantCharge', 'reward']) {
      const p = order[part] as Record<string, unknown> | undefined;
      const v = d(p?.['amount']);
      if (p && v && (!amount || compare(v, amount) > 0)) p['amount'] = '0';
    }
    if (order['merchantCharge'] !== undefined && order['amount'] === undefined && order['netAmount'] === undefined) order['netAmount'] = '1.00';
    if (order['purchaseType'] === 'B2B_PAYMENT' && order['supplierName'] === undefined) order['supplierName'] = 'Supplier';
  }
  if (key.startsWith('financing.offers') && Array.isArray(body['products'])) {
    // The partner's price rule (> 0, cents) and financed cart range are not in the metadata the leaves come from.
    const lines = body['products'] as Record<string, unknown>[];
    for (const line of lines) if (!(typeof line['price'] === 'number' && line['price'] > 0 && /^\d+(\.\d{1,2})?$/.test(String(line['price'])))) line['price'] = 100;
    const total = cartTotal(body);
    const inRange = total && compare(total, parseDecimal(FINANCED_CART.min)!) >= 0 && compare(total, parseDecimal(FINANCED_CART.max)!) <= 0;
    if (!inRange) for (const line of lines) Object.assign(line, { price: 100, quantity: 1 });
  }
  if (getAt(body, 'sourceOfFunds.type') === 'BANKTRANSFER_A' && getAt(body, 'sourceOfFunds.provided.banktransfera.bankIdentifier') === undefined) {
    setAt(body, 'sourceOfFunds.provided.banktransfera.bankIdentifier', '12345678');
  }
  if (key === 'gateway.initiateBrowserPayment@16' && getAt(body, 'sourceOfFunds.type') === 'WALLET_A') {
    if (getAt(body, 'browserPayment.walleta.operation') === undefined) setAt(body, 'browserPayment.walleta.operation', 'PAY');
    if (getAt(body, 'browserPayment.walleta.paymentConfirmation') === undefined) setAt(body, 'browserPayment.walleta.paymentConfirmation', 'CONFIRM_AT_PROVIDER');
  }
  if (getAt(body, 'agreement.type') === 'RECURRING' && getAt(body, 'agreement.amountVariability') === undefined) setAt(body, 'agreement.amountVariability', 'FIXED');
  const dep = getAt(body, 'cruise.departureDate');
  const ret = getAt(body, 'cruise.returnDate');
  if (typeof dep === 'string' && typeof ret === 'string' && dep > ret) {
    setAt(body, 'cruise.departureDate', ret);
    setAt(body, 'cruise.returnDate', dep);
  }
  return body;
}

/** Field-valid bodies for an operation/version, repaired for the cross-field rules. */
export function validBodyArbitrary(id: string, version: number | undefined): fc.Arbitrary<Record<string, unknown>> {
  const c = compile(id, version);
  if (!c.tree || !c.index) throw new Error(`${id} has no body`);
  const key = c.resolved.key;
  return (nodeArb(c.tree, '', c.index) as fc.Arbitrary<Record<string, unknown>>).map((b) => repairCrossFieldRules(structuredClone(b), key));
}

/** Concrete leaf paths present in a body ('item[0].name'), with their catalogue path ('item[].name'). */
export function concreteLeafPaths(body: unknown, index: FieldIndex, prefix = ''): { concrete: string; catalogue: string }[] {
  const out: { concrete: string; catalogue: string }[] = [];
  const visit = (value: unknown, concrete: string, cat: string) => {
    const entry = index.byPath.get(cat);
    if (entry && entry.meta.kind !== 'array' && entry.meta.kind !== 'map') {
      out.push({ concrete, catalogue: cat });
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${concrete}[${i}]`, `${cat}[]`));
    else if (typeof value === 'object' && value !== null) {
      const isMap = entry?.meta.kind === 'map';
      for (const [k, v] of Object.entries(value)) visit(v, concrete ? `${concrete}.${k}` : k, isMap ? `${cat}.{key}` : cat ? `${cat}.${k}` : k);
    }
  };
  visit(body, prefix, prefix);
  return out;
}
