/**
 * The delivery log and its settings under /_simulator (never faulted; changes need application/json):
 *   GET    /_simulator/deliveries                 ?since=SEQ&order=ID&trigger=ID&merchant=ID&limit=N&wait=MS
 *                                                 (wait: answer at the first change after since, at most 30 s)
 *   DELETE /_simulator/deliveries                 clear the log
 *   GET    /_simulator/deliveries/ID              one notification with every attempt
 *   POST   /_simulator/deliveries/ID/resend       {"new":false,"to":"http://127.0.0.1:4000/hook"}
 *   GET    /_simulator/merchants/ID/webhook       the merchant's webhook URL and delivery faults
 *   PUT    /_simulator/merchants/ID/webhook       {"url":"http://127.0.0.1:4000/hook","faults":["duplicate"]}
 *   POST   /_simulator/triggers                   {"merchantId":"…","scenario":"…","to":"…","faults":["drop@1"]}
 *   DELETE /_simulator/triggers/ID
 */
import { readJsonBody } from '../control';
import { jsonResponse, type SimRequest, type SimResponse } from '../types';
import { DeliveryRefused, type NotificationDelivery } from './deliverer';
import type { DeliveryFilter } from './deliveryLog';

const json = (status: number, value: unknown): SimResponse => jsonResponse(status, JSON.stringify(value));
const refused = (err: unknown): SimResponse => {
  if (err instanceof DeliveryRefused) return json(err.status, { error: err.message });
  throw err;
};

export async function handleDeliveryControl(sub: string, req: SimRequest, delivery: NotificationDelivery, merchantKnown: (id: string) => boolean): Promise<SimResponse | undefined> {
  if (sub === '/deliveries') return deliveriesRoute(req, delivery);
  const one = /^\/deliveries\/([A-Za-z0-9-]{1,64})(\/resend)?$/.exec(sub);
  if (one) return one[2] ? resendRoute(req, delivery, one[1] as string) : req.method === 'GET' ? oneRoute(delivery, one[1] as string) : undefined;
  const merchant = /^\/merchants\/([A-Za-z0-9_-]{1,40})\/webhook$/.exec(sub);
  if (merchant) {
    const id = merchant[1] as string;
    if (!merchantKnown(id)) return json(404, { error: `no merchant ${id} on this simulator` });
    return webhookRoute(req, delivery, id);
  }
  if (sub === '/triggers' && req.method === 'POST') return openTriggerRoute(req, delivery, merchantKnown);
  const trigger = /^\/triggers\/([A-Za-z0-9-]{1,64})$/.exec(sub);
  if (trigger && req.method === 'DELETE') return delivery.closeTrigger(trigger[1] as string) ? json(200, { closed: true }) : json(404, { error: `no open trigger ${trigger[1]}` });
  return undefined;
}

async function deliveriesRoute(req: SimRequest, delivery: NotificationDelivery): Promise<SimResponse | undefined> {
  if (req.method === 'DELETE') {
    delivery.log.clear();
    return json(200, { cleared: true });
  }
  if (req.method !== 'GET') return undefined;
  const number = (name: string): number | undefined => {
    const v = req.query.get(name);
    const n = Number(v);
    return v !== null && Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const text = (name: string): string | undefined => req.query.get(name)?.slice(0, 200) ?? undefined;
  const since = number('since');
  const wait = number('wait');
  if (since !== undefined && wait !== undefined) await delivery.log.waitForChange(since, wait, delivery.signal);
  const filter: DeliveryFilter = {};
  if (since !== undefined) filter.since = since;
  const limit = number('limit');
  if (limit !== undefined) filter.limit = limit;
  const order = text('order');
  if (order !== undefined) filter.orderId = order;
  const trigger = text('trigger');
  if (trigger !== undefined) filter.trigger = trigger;
  const merchant = text('merchant');
  if (merchant !== undefined) filter.merchantId = merchant;
  return json(200, { seq: delivery.log.seq, created: delivery.log.createdCount, capacity: delivery.log.capacity, notifications: delivery.log.list(filter) });
}

function oneRoute(delivery: NotificationDelivery, id: string): SimResponse {
  const found = delivery.log.get(id);
  return found ? json(200, found) : json(404, { error: `no notification ${id} (the log keeps the newest ${delivery.log.capacity})` });
}

function resendRoute(req: SimRequest, delivery: NotificationDelivery, id: string): SimResponse | undefined {
  if (req.method !== 'POST') return undefined;
  const body = readJsonBody(req, '{"new":false}');
  if ('refusal' in body) return body.refusal;
  const { new: asNew, to } = body.value;
  if (asNew !== undefined && typeof asNew !== 'boolean') return json(400, { error: 'new: must be true or false' });
  if (to !== undefined && typeof to !== 'string') return json(400, { error: 'to: must be a URL' });
  try {
    return json(200, delivery.resend(id, { ...(asNew !== undefined ? { asNew } : {}), ...(to !== undefined ? { to } : {}) }));
  } catch (err) {
    return refused(err);
  }
}

function webhookRoute(req: SimRequest, delivery: NotificationDelivery, merchantId: string): SimResponse | undefined {
  if (req.method === 'GET') return json(200, delivery.webhookSettings(merchantId));
  if (req.method !== 'PUT') return undefined;
  const body = readJsonBody(req, '{"url":"http://127.0.0.1:4000/hook"}');
  if ('refusal' in body) return body.refusal;
  const { url, faults } = body.value;
  if (url !== undefined && url !== null && typeof url !== 'string') return json(400, { error: 'url: must be a URL, or null to remove it' });
  if (faults !== undefined && !(Array.isArray(faults) && faults.every((f) => typeof f === 'string'))) return json(400, { error: 'faults: must be a list of delivery faults, e.g. ["duplicate","delay=5"]' });
  try {
    return json(200, delivery.setWebhook(merchantId, { ...(url !== undefined ? { url } : {}), ...(faults !== undefined ? { faults } : {}) }));
  } catch (err) {
    return refused(err);
  }
}

function openTriggerRoute(req: SimRequest, delivery: NotificationDelivery, merchantKnown: (id: string) => boolean): SimResponse {
  const body = readJsonBody(req, '{"merchantId":"TESTMERCHANT","scenario":"payment-approved"}');
  if ('refusal' in body) return body.refusal;
  const { merchantId, scenario, to, faults } = body.value;
  if (typeof merchantId !== 'string' || !merchantKnown(merchantId)) return json(400, { error: `merchantId: no such merchant on this simulator: ${JSON.stringify(merchantId)}` });
  if (typeof scenario !== 'string') return json(400, { error: 'scenario: is required (its name)' });
  if (to !== undefined && typeof to !== 'string') return json(400, { error: 'to: must be a URL' });
  if (faults !== undefined && !(Array.isArray(faults) && faults.every((f) => typeof f === 'string'))) return json(400, { error: 'faults: must be a list of delivery faults' });
  try {
    return json(200, delivery.openTrigger({ merchantId, scenario, ...(to !== undefined ? { to } : {}), ...(faults !== undefined ? { faults } : {}) }));
  } catch (err) {
    return refused(err);
  }
}
