/** Minimal valid bodies: required fields plus the few an operation is pointless without. */
import { compile } from './compiled';
import type { FieldNode, ObjectNode } from './fieldTree';
import type { OperationId } from './operations';

/** Optional paths worth showing in examples and snippets (money and card data the real gateway needs). */
const EXAMPLE_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  'financing.offers': ['products[].name', 'products[].category', 'products[].price', 'products[].quantity', 'credit_period'],
  'financing.offersSelectFirst': ['products[].name', 'products[].price', 'products[].quantity', 'credit_period'],
  'gateway.authorize@11': ['order.amount', 'order.currency', 'sourceOfFunds.type', 'sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year', 'sourceOfFunds.provided.card.securityCode'],
  'gateway.authorize@100': ['order.amount', 'order.currency', 'sourceOfFunds.type', 'sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year', 'sourceOfFunds.provided.card.securityCode'],
  'gateway.pay@100': ['order.amount', 'order.currency', 'sourceOfFunds.type', 'sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year', 'sourceOfFunds.provided.card.securityCode'],
  'gateway.void@100': ['transaction.targetTransactionId'],
  'gateway.updateAuthorization@18': ['transaction.amount', 'transaction.currency'],
  'gateway.updateAuthorization@100': ['transaction.amount', 'transaction.currency'],
  'gateway.refund@13': ['transaction.amount', 'transaction.currency'],
  'gateway.refund@100': ['transaction.amount', 'transaction.currency'],
  'gateway.capture@100': ['transaction.amount', 'transaction.currency'],
  'gateway.verify@100': ['order.currency', 'sourceOfFunds.type', 'sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year', 'sourceOfFunds.provided.card.securityCode'],
  'gateway.initiateBrowserPayment@16': ['order.reference'],
  'gateway.initiateBrowserPayment@100': ['order.reference', 'browserPayment.returnUrl'],
  'gateway.updateSession@100': ['order.amount', 'order.currency'],
  'gateway.updateSessionAsPayer@100': ['sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year', 'sourceOfFunds.provided.card.securityCode'],
  'gateway.initiateCheckout@100': ['interaction.returnUrl', 'interaction.cancelUrl', 'interaction.merchant.name', 'order.description'],
  'gateway.createToken@100': ['sourceOfFunds.type', 'sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year'],
  'gateway.updateToken@100': ['sourceOfFunds.type', 'sourceOfFunds.provided.card.number', 'sourceOfFunds.provided.card.expiry.month', 'sourceOfFunds.provided.card.expiry.year'],
};

function wanted(extras: readonly string[], path: string): boolean {
  return extras.some((e) => e === path || e.startsWith(`${path}.`) || e.startsWith(`${path}[]`));
}

function exampleOf(node: FieldNode, path: string, extras: readonly string[]): unknown {
  switch (node.type) {
    case 'leaf': {
      const s = node.spec;
      if (s.example !== undefined) return s.example;
      if (s.enum) return s.enum[0];
      if (s.jsonType === 'boolean') return true;
      if (s.jsonType === 'number') return s.min ?? 1;
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'object':
      return objectExample(node, path, extras);
    case 'array':
      return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => exampleOf({ ...node.element, required: true }, `${path}[]`, extras));
    case 'map':
      return {};
  }
}

function objectExample(node: ObjectNode, path: string, extras: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node.fields)) {
    const childPath = path ? `${path}.${key}` : key;
    if (child.required || wanted(extras, childPath)) out[key] = exampleOf(child, childPath, extras);
  }
  return out;
}

export function exampleBody(id: OperationId, version?: number): Record<string, unknown> | undefined {
  const { tree, resolved } = compile(id, version);
  if (!tree) return undefined;
  return objectExample(tree, '', EXAMPLE_EXTRAS[resolved.key] ?? []);
}
