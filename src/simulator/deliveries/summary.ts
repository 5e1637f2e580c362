/** What a notification is about, read from its body once when it is made (the simulator's own JSON). */
export interface NotificationAbout {
  summary: string;
  orderId?: string;
  transactionId?: string;
  /** What the body said, for reconciling: the transaction's type, amount, outcome and the order's status. */
  facts?: NotificationFacts;
}

export interface NotificationFacts {
  transactionType?: string;
  amount?: string;
  currency?: string;
  gatewayCode?: string;
  result?: string;
  orderStatus?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const field = (v: unknown, key: string): unknown => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined);

export function summarizeNotification(kind: 'webhook' | 'callback', body: string): NotificationAbout {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { summary: kind === 'webhook' ? 'webhook' : 'callback' };
  }
  if (kind === 'callback') {
    const orderId = text(field(json, 'order_id')) ?? (typeof field(json, 'order_id') === 'number' ? String(field(json, 'order_id')) : undefined);
    return { summary: `callback ${text(field(json, 'status')) ?? ''}`.trim(), ...(orderId ? { orderId } : {}) };
  }
  const txn = field(json, 'transaction');
  const order = field(json, 'order');
  const outcome = text(field(field(json, 'response'), 'gatewayCode')) ?? text(field(json, 'result'));
  const parts = [text(field(txn, 'type')), outcome].filter((p): p is string => p !== undefined);
  const status = text(field(order, 'status'));
  const summary = `${parts.join(' ') || 'order update'}${status ? ` · order ${status}` : ''}`;
  const orderId = text(field(order, 'id'));
  const transactionId = text(field(txn, 'id'));
  const amount = field(txn, 'amount');
  const facts: NotificationFacts = {};
  const put = (key: keyof NotificationFacts, value: string | undefined) => {
    if (value !== undefined) facts[key] = value;
  };
  put('transactionType', text(field(txn, 'type')));
  // The simulator writes amounts as JSON numbers with their decimals (jsonText's DecimalNumber): read back as text.
  put('amount', typeof amount === 'number' ? amountText(body, amount) : text(amount));
  put('currency', text(field(txn, 'currency')));
  put('gatewayCode', text(field(field(json, 'response'), 'gatewayCode')));
  put('result', text(field(json, 'result')));
  put('orderStatus', status);
  return { summary, facts, ...(orderId ? { orderId } : {}), ...(transactionId ? { transactionId } : {}) };
}

/** The amount as the body wrote it ("10.50", not 10.5): the first `"amount":` of the transaction object. */
function amountText(body: string, parsed: number): string {
  const at = body.indexOf('"transaction":');
  const m = at >= 0 ? /"amount":\s*(-?\d+(?:\.\d+)?)/.exec(body.slice(at, at + 4000)) : null;
  return m?.[1] ?? String(parsed);
}
