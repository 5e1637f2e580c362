/** What a notification is about, read from its body once when it is made (the simulator's own JSON). */
export interface NotificationAbout {
  summary: string;
  orderId?: string;
  transactionId?: string;
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
  return { summary, ...(orderId ? { orderId } : {}), ...(transactionId ? { transactionId } : {}) };
}
