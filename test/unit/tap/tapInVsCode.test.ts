import * as assert from 'node:assert/strict';
import type { StoredEnvironment } from '../../../src/features/environments/environmentStore';
import { faultRuleOf, faultRulesProblem, faultRulesText, parseFaultRules } from '../../../src/features/tap/faultRules';
import { callsOfOrder, tapRowText, tapStatusText, upstreamChoices } from '../../../src/features/tap/tapRows';
import { describeExchange, tooltipText } from '../../../src/history/describeExchange';
import { ordersOf } from '../../../src/orders/answers/timeline';
import type { Exchange } from '../../../src/send/exchange';
import type { TapCall } from '../../../src/tap/types';
import { makeExchange } from '../../harness/exchanges';

const NOW = new Date(Date.UTC(2026, 0, 2, 12, 0, 0));

function call(seq: number, over: Partial<TapCall> = {}, exchange: Partial<Exchange> = {}): TapCall {
  const e = makeExchange({ seenBy: 'tap', ...exchange });
  return { seq, exchange: e, recognised: true, problems: e.requestProblems ?? [], orderId: e.params.orderId, transactionId: e.params.transactionId, ...over };
}

function session(seq: number, operationId: string, sessionId: string, orderId?: string): TapCall {
  const params: Record<string, string> = orderId ? { orderId, transactionId: `T-${seq}` } : { sessionId };
  const e = makeExchange({ seenBy: 'tap', operationId, operationTitle: operationId, params, request: { method: 'PUT', url: 'http://127.0.0.1/x', headers: {}, body: orderId ? { session: { id: sessionId } } : {}, bodyWasMasked: false, curl: '' } });
  return { seq, exchange: e, recognised: true, problems: [], sessionId, ...(orderId ? { orderId, transactionId: `T-${seq}` } : {}) };
}

const env = (id: string, over: Partial<StoredEnvironment> = {}): StoredEnvironment => ({ id, name: id, gatewayUrl: `https://${id}.test.example`, merchantId: 'TESTX', gatewayAuth: 'basic', timeoutMs: 30_000, source: 'user', ...over });

describe('Gateway Tap in VS Code: what its rows, status bar and pickers say', () => {
  it('a row reads operation; status · verdict · problems · ids, and marks a fault', () => {
    const problems = [{ path: 'order.reference', severity: 'error' as const, message: 'at most 40 characters' }, { path: 'order.description', severity: 'warning' as const, message: 'not sent by this version' }];
    const c = call(3, { problems, fault: 'timeout: forwarded, the gateway answered; your server was never answered' }, { requestProblems: problems });
    const row = tapRowText(c, NOW);
    assert.equal(row.label, 'Authorize v11');
    // What decides the next step comes first: a narrow view cuts the ids, not the status or verdict.
    const [status, verdict, counted, fault, ids] = row.description.split(' · ');
    assert.equal(ids, `${c.orderId}/${c.transactionId}`);
    assert.equal(status, '201');
    assert.equal(verdict, 'APPROVED');
    assert.equal(counted, '1 error, 1 warning');
    assert.equal(fault, 'fault');
    assert.match(row.tooltip, /Error at order\.reference: at most 40 characters/);
    assert.match(row.tooltip, /Warning at order\.description/);
    assert.match(row.tooltip, /Fault: timeout: forwarded/);
  });

  it('a call the catalogue does not have says so instead of counting problems', () => {
    const c = call(1, { recognised: false, unrecognisedWhy: 'no operation has the path /foo', problems: [] }, { operationId: '(not in the catalogue)', operationTitle: 'GET /foo', version: undefined, params: {}, decoded: undefined });
    const row = tapRowText(c, NOW);
    assert.equal(row.label, 'GET /foo');
    assert.match(row.description, /not in the catalogue/);
    assert.doesNotMatch(row.description, /fault/);
    assert.match(row.tooltip, /Not in the catalogue: no operation has the path \/foo/);
  });

  it('the status bar names the address and counts the calls; its tooltip has upstream, TLS and faults', () => {
    const s = tapStatusText({ url: 'http://127.0.0.1:5123', tlsUrl: 'https://localhost:5124', caFile: '/store/tap/ca.pem', upstream: { name: 'Local simulator', url: 'http://127.0.0.1:4477', live: false }, seen: 1, faults: parseFaultRules('pay:delay=2000') });
    assert.equal(s.text, '$(radio-tower) Tap 127.0.0.1:5123 · 1 call');
    assert.match(s.tooltip, /TLS: https:\/\/localhost:5124 \(trust the CA file \/store\/tap\/ca\.pem\)/);
    assert.match(s.tooltip, /Upstream: Local simulator \(http:\/\/127\.0\.0\.1:4477\)/);
    assert.match(s.tooltip, /Faults: pay:delay=2000/);
    assert.equal(tapStatusText({ url: 'http://127.0.0.1:1', tlsUrl: undefined, caFile: undefined, upstream: { name: 'x', url: 'u', live: true }, seen: 7, faults: [] }).text, '$(radio-tower) Tap 127.0.0.1:1 · 7 calls');
  });

  it('offers the running simulator first, a LIVE environment marked, no environment without a gateway URL', () => {
    const sim = env('local-simulator', { simulator: true, gatewayUrl: 'http://127.0.0.1:4477' });
    const live = env('prod', { gatewayUrl: 'https://ap-gateway.mastercard.com', merchantId: 'SHOP01' });
    const financingOnly = env('fin', { gatewayUrl: undefined, financingBaseUrl: 'https://fin.test.example' });
    const running = upstreamChoices([live, financingOnly, sim], true);
    assert.deepEqual(running.map((c) => c.env.id), ['local-simulator', 'prod']);
    assert.match(running[1]?.description ?? '', /LIVE/);
    assert.equal(running[0]?.startsSimulator, false);
    const stopped = upstreamChoices([sim, live], false);
    assert.deepEqual(stopped.map((c) => c.env.id), ['prod', 'local-simulator']);
    assert.equal(stopped[1]?.startsSimulator, true);
    assert.match(stopped[1]?.description ?? '', /starts it/);
  });

  it("an order's calls are its own and those on the payment session it paid with", () => {
    const calls = [
      session(1, 'gateway.createSession', 'SESSION0001'),
      session(2, 'gateway.updateSession', 'SESSION0001'),
      session(3, 'gateway.pay', 'SESSION0001', 'ORD-A'),
      session(4, 'gateway.createSession', 'SESSION0002'),
      call(5, { recognised: false }),
      session(6, 'gateway.retrieveOrder', 'SESSION0009', 'ORD-A'),
      session(7, 'gateway.pay', 'SESSION0001', 'ORD-B'),
    ];
    const forUpdate = callsOfOrder(calls, calls[1] as TapCall).map((c) => c.seq);
    assert.deepEqual(forUpdate, [1, 2, 3, 6]);
    assert.deepEqual(callsOfOrder(calls, calls[2] as TapCall).map((c) => c.seq), [1, 2, 3, 6]);
    assert.deepEqual(callsOfOrder(calls, calls[3] as TapCall).map((c) => c.seq), [4], 'a session no order used stands alone');
    assert.deepEqual(callsOfOrder(calls, calls[6] as TapCall).map((c) => c.seq), [1, 2, 7], 'another order on the same session has its own calls and the session calls');
    assert.deepEqual(callsOfOrder(calls, calls[4] as TapCall), [], 'a call not in the catalogue makes no flow step');
  });

  it('the fault picker makes the rules the CLI flag would, and names the wrong answer', () => {
    assert.equal(faultRulesText([faultRuleOf({ kind: 'delay', operation: 'pay', value: '2000' })]), 'pay:delay=2000');
    assert.equal(faultRulesText([faultRuleOf({ kind: 'status', operation: '', value: '503', often: '20%' })]), '*:503%20');
    assert.equal(faultRulesText([faultRuleOf({ kind: 'timeout', operation: 'authorize', often: '1' })]), 'authorize:timeout@1');
    assert.equal(faultRulesText([faultRuleOf({ kind: 'busy', operation: 'gateway.pay', often: 'always' })]), 'gateway.pay:busy');
    assert.throws(() => faultRuleOf({ kind: 'status', operation: 'pay', value: '404' }), /500, 502, 503/);
    assert.throws(() => faultRuleOf({ kind: 'delay', operation: 'pay', value: 'soon' }), /whole number; got "soon"/);
    assert.throws(() => faultRuleOf({ kind: 'reset', operation: 'pay', often: 'twice' }), /how often.*"twice"/);
    assert.throws(() => faultRuleOf({ kind: 'reset', operation: 'pay;rm', often: '' }), /OPERATION:KIND/);
  });

  it('typed rules: several at once, and the parser’s own words for a wrong one', () => {
    assert.deepEqual(parseFaultRules('pay:delay=2000, *:503%20\nrefund:reset').map((r) => r.kind), ['delay', 'status', 'reset']);
    assert.deepEqual(parseFaultRules('  '), []);
    assert.match(faultRulesProblem('pay:delay=2000, pay:explode') ?? '', /fault "pay:explode": "kind" must be one of delay, timeout/);
    assert.match(faultRulesProblem(Array.from({ length: 101 }, () => 'pay:reset').join(',')) ?? '', /at most 100/);
    assert.equal(faultRulesProblem('authorize:timeout@1'), undefined);
  });
});

describe('Tap calls in History and Orders', () => {
  it("History marks a call the tap saw, in its row and its tooltip", () => {
    const e = makeExchange({ seenBy: 'tap', requestProblems: [{ path: 'order.amount', severity: 'error', message: 'x' }] });
    assert.match(describeExchange(e, NOW), / · tap$/);
    assert.match(tooltipText(e), /Seen by the Gateway Tap/);
    assert.match(tooltipText(e), /Request problems: 1 \(1 errors\)/);
    assert.doesNotMatch(describeExchange(makeExchange(), NOW), /tap/);
  });

  it("an order's timeline has the session calls of its checkout, not only those naming the order", () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 2, 10, 0, s)).toISOString();
    const created = makeExchange({ operationId: 'gateway.createSession', operationTitle: 'Create Session', params: {}, startedAt: at(1), request: { method: 'POST', url: 'u', headers: {}, body: {}, bodyWasMasked: false, curl: '' }, decoded: undefined, response: { status: 201, headers: {}, bodyText: '{"result":"SUCCESS","session":{"id":"SESSION0001"}}', sizeBytes: 10, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } } });
    const updated = makeExchange({ operationId: 'gateway.updateSession', operationTitle: 'Update Session', params: { sessionId: 'SESSION0001' }, startedAt: at(2), decoded: undefined });
    const paid = makeExchange({ operationId: 'gateway.pay', operationTitle: 'Pay', params: { orderId: 'ORD-S', transactionId: 'T1' }, startedAt: at(3), request: { method: 'PUT', url: 'u', headers: {}, body: { session: { id: 'SESSION0001' } }, bodyWasMasked: false, curl: '' } });
    const other = makeExchange({ operationId: 'gateway.updateSession', operationTitle: 'Update Session', params: { sessionId: 'SESSION0002' }, startedAt: at(4), decoded: undefined });
    const [order, ...rest] = ordersOf([other, paid, updated, created], undefined);
    assert.equal(order?.orderId, 'ORD-S');
    assert.deepEqual(order?.steps.map((s) => s.operationTitle), ['Create Session', 'Update Session', 'Pay']);
    assert.deepEqual(rest, [], 'a session no order used makes no order');
  });
});
