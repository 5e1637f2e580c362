/**
 * A name the gateway does not know at the request's version: refused with the recorded real answer's
 * envelope where the catalogue holds the version's whole field list (Refund v100, read from its
 * reference page), accepted where the list is partial (Refund v13, the seed's).
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

describe('simulator: unknown parameters', () => {
  let sim: SimulatorHandle;
  let agent: Agent;

  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  async function paidOrder(orderId: string): Promise<void> {
    const paid = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'pay-1', { ...authorizeBody(), apiOperation: 'PAY' });
    assert.equal(field(paid.json, 'result'), 'SUCCESS', paid.text);
  }

  const refund = (extra: Record<string, unknown>) => ({ apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' }, ...extra });

  it('Refund v100 with a misspelt field is 400 "Unexpected parameter", without field or validationType, and moves no money', async () => {
    await paidOrder('UNK-1');
    const r = await gatewayPut(agent, sim.baseUrl, 100, 'UNK-1', 'refund-1', refund({ order: { refrence: 'R-1' } }));
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Unexpected parameter 'order.refrence'" } });
    const retry = await gatewayPut(agent, sim.baseUrl, 100, 'UNK-1', 'refund-1', refund({ order: { reference: 'R-1' } }));
    assert.equal(field(retry.json, 'result'), 'SUCCESS', retry.text);
    assert.equal(field(retry.json, 'order.totalRefundedAmount'), 1);
  });

  it('names the first field inside an unknown group, as the gateway does', async () => {
    await paidOrder('UNK-2');
    const r = await gatewayPut(agent, sim.baseUrl, 100, 'UNK-2', 'refund-1', refund({ lodgings: { checkInDate: '2030-01-01', nights: 2 } }));
    assert.equal(field(r.json, 'error.explanation'), "Unexpected parameter 'lodgings.checkInDate'");
  });

  it('takes every field the v100 page lists, such as initiator.userId, correlationId and transaction.reference', async () => {
    await paidOrder('UNK-3');
    const r = await gatewayPut(agent, sim.baseUrl, 100, 'UNK-3', 'refund-1', refund({
      correlationId: 'corr-1', initiator: { userId: 'clerk-7' }, order: { reference: 'R-3' }, transaction: { amount: '1.00', currency: 'USD', reference: 'refund-ref-3' },
    }));
    assert.equal(r.status, 201, r.text);
    assert.equal(field(r.json, 'result'), 'SUCCESS');
  });

  it('accepts the same misspelt field at version 13, whose catalogue list is partial (the catalogue cannot say the gateway refuses it)', async () => {
    await paidOrder('UNK-4');
    const r = await gatewayPut(agent, sim.baseUrl, 13, 'UNK-4', 'refund-1', refund({ order: { refrence: 'R-4' } }));
    assert.equal(field(r.json, 'result'), 'SUCCESS', r.text);
  });

  it('refuses 3DSecure at 100 on an operation that never had it (Initiate Checkout), naming its first field as the recorded answer does', async () => {
    const body = {
      apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE' }, order: { id: 'UNK-5', amount: '1.00', currency: 'USD' },
      '3DSecure': { authenticationIndicator: 'PAYMENT' },
    };
    const r = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: basicAuth() }, body });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Unexpected parameter '3DSecure.authenticationIndicator'" } });
  });
  it('neither stores nor echoes a field Update Session does not declare where its list is partial (the field is accepted, not invented)', async () => {
    const url = (id: string) => `${sim.baseUrl}/api/rest/version/78/merchant/${MID}/session${id}`;
    const created = await send(agent, url(''), { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    const id = String(field(created.json, 'session.id'));
    const updated = await send(agent, url(`/${id}`), { method: 'PUT', headers: { authorization: basicAuth() }, body: { order: { currency: 'USD', inventedField: 'x' } } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(field(updated.json, 'order.currency'), 'USD', updated.text);
    assert.equal(field(updated.json, 'order.inventedField'), undefined, updated.text);
    const read = await send(agent, url(`/${id}`), { method: 'GET', headers: { authorization: basicAuth() } });
    assert.equal(field(read.json, 'order.currency'), 'USD', read.text);
    assert.equal(field(read.json, 'order.inventedField'), undefined, read.text);
  });
  it('keeps a field Update Session does not list but Pay does (customer.email): the gateway holds it for the Pay that reads the session', async () => {
    const url = (id: string) => `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session${id}`;
    const created = await send(agent, url(''), { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    const id = String(field(created.json, 'session.id'));
    const updated = await send(agent, url(`/${id}`), { method: 'PUT', headers: { authorization: basicAuth() }, body: { customer: { email: 'payer@example.com' }, order: { inventedField: 'x' } } });
    assert.equal(updated.status, 200, updated.text);
    const read = await send(agent, url(`/${id}`), { method: 'GET', headers: { authorization: basicAuth() } });
    assert.equal(field(read.json, 'customer.email'), 'payer@example.com', read.text);
    assert.equal(field(read.json, 'order.inventedField'), undefined, read.text);
  });
});
