import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exampleBody } from '../../../src/catalogue';
import { exchangeViewSchema, VIEW_BODY_CAP } from '../../../src/features/response/protocol';
import { fullBodyText, toExchangeView } from '../../../src/features/response/host/exchangeView';
import type { Exchange } from '../../../src/send/exchange';
import { SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../../src/simulator';
import { SimulatorSender, useSimulatorSender } from '../../harness/simulatorSender';
import { REAL_SUCCESS_TEXT } from '../decode/fixtures';

let orders = 0;
const orderParams = () => ({ orderId: `ORD-EV-${Date.now()}-${++orders}`, transactionId: 'TXN-1' });

function assertSchemaValid(view: unknown): void {
  const r = exchangeViewSchema.safeParse(view);
  assert.ok(r.success, r.success ? '' : `not a valid ExchangeView: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}

describe('toExchangeView / fullBodyText', () => {
  let sim: SimulatorHandle;
  let sender: SimulatorSender;
  let approved: Exchange;

  useSimulatorSender((s, h) => {
    sender = s;
    sim = h;
  });
  before(async () => {
    approved = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: exampleBody('gateway.authorize') });
  });

  it('shows an approved authorization with pretty JSON bodies, the decoded result and its facts, and passes the schema', () => {
    const v = toExchangeView(approved);
    assertSchemaValid(v);
    assert.equal(v.operationTitle, 'Authorize');
    assert.equal(v.version, 100, 'a request without a version is sent at the newest');
    assert.deepEqual(v.environment, { id: 'local-simulator', name: 'Local simulator', live: false });
    assert.deepEqual(v.decoded, approved.decoded);
    assert.equal(v.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
    const response = v.response;
    assert.ok(response);
    assert.equal(response.status, 201);
    assert.deepEqual(response.timing, approved.response?.timing);
    assert.equal(response.body.json, true);
    assert.equal(response.body.capped, false);
    assert.equal(response.body.sizeBytes, approved.response?.sizeBytes);
    assert.match(response.body.text, /^\{\n {2}"/, 'indented JSON, not the wire line');
    assert.deepEqual(JSON.parse(response.body.text), JSON.parse(approved.response?.bodyText ?? ''));
  });

  it('shows the request body as sent, already masked: no card number, no security code', async () => {
    // A card that is not one of the gateway's public test cards (those are kept on a TEST environment).
    const base = exampleBody('gateway.authorize') as { sourceOfFunds: { provided: { card: Record<string, unknown> } } };
    const body = { ...base, sourceOfFunds: { ...base.sourceOfFunds, provided: { card: { ...base.sourceOfFunds.provided.card, number: '5555555555554444', securityCode: '987' } } } };
    const masked = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body });
    const shown = toExchangeView(masked).request.body;
    assert.ok(shown);
    assert.doesNotMatch(shown.text, /5555555555554444/);
    assert.match(shown.text, /555555xxxxxx4444/);
    assert.doesNotMatch(shown.text, /"securityCode": "987"/);
    const v = toExchangeView(approved);
    assert.ok(v.request.body);
    assert.equal(v.request.body.json, true);
    assert.equal(v.request.body.capped, false);
    assert.equal(v.request.body.sizeBytes, Buffer.byteLength(JSON.stringify(approved.request.body)));
    assert.match(v.request.body.text, /\n {2}"apiOperation": "AUTHORIZE"/);
    assert.equal(v.request.curl, approved.request.curl);
    assert.doesNotMatch(JSON.stringify(v), new RegExp(SIMULATOR_DEFAULTS.apiPassword));
  });

  it('keeps every number literal exactly as the wire had it (10.01 and 0.00, never 0 or 10.010000000000002)', () => {
    const e: Exchange = { ...approved, response: { ...(approved.response as NonNullable<Exchange['response']>), bodyText: REAL_SUCCESS_TEXT } };
    const text = toExchangeView(e).response?.body.text ?? '';
    assert.match(text, /"totalRefundedAmount": 0\.00\b/);
    assert.match(text, /"amount": 10\.01\b/);
    assert.equal(fullBodyText(e, 'response'), text);
  });

  it('caps a 5 MB response at VIEW_BODY_CAP characters, keeps its whole size, and passes the schema', async () => {
    const size = 5 * 1024 * 1024;
    const e = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: exampleBody('gateway.authorize'), keepBytes: 6 * 1024 * 1024 }, { ...sender.env });
    // The fault applies to the next request only: a real 5 MB JSON body over the wire.
    sim.setFaults({ fault: `huge=${size}`, count: 1 });
    const huge = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: exampleBody('gateway.authorize'), keepBytes: 6 * 1024 * 1024 });
    assert.equal(e.response?.status, 201);
    assert.equal(huge.response?.sizeBytes, size);
    assert.equal(huge.response?.truncated, false);

    const v = toExchangeView(huge);
    const body = v.response?.body;
    assert.ok(body);
    assert.equal(body.capped, true);
    assert.equal(body.json, true);
    assert.equal(body.text.length, VIEW_BODY_CAP);
    assert.equal(body.sizeBytes, size);
    assert.ok(body.text.startsWith('{\n  "result": "SUCCESS",\n  "padding": "xxx'));
    assertSchemaValid(v);
    assert.ok(JSON.stringify(v).length < VIEW_BODY_CAP + 64 * 1024, 'the message stays near the cap, not the body size');

    const full = fullBodyText(huge, 'response');
    assert.ok(full && full.length > size, 'the host copy is the whole body');
    assert.ok(full.startsWith(body.text));
  });

  it('honours a smaller cap', () => {
    const v = toExchangeView(approved, 100);
    assert.equal(v.response?.body.text.length, 100);
    assert.equal(v.response?.body.capped, true);
    assert.equal(v.request.body?.capped, true);
    assert.equal(v.response?.body.sizeBytes, approved.response?.sizeBytes);
    assertSchemaValid(v);
  });

  it('marks a body the client cut at its size cap as capped, even when it fits the view', async () => {
    const e = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: exampleBody('gateway.authorize'), keepBytes: 200 });
    assert.equal(e.response?.truncated, true);
    const v = toExchangeView(e);
    assert.equal(v.response?.truncated, true);
    assert.equal(v.response?.body.capped, true);
    assert.equal(v.response?.body.json, false, 'the start of a JSON body is not JSON: shown as text');
    assertSchemaValid(v);
  });

  it('shows a body that is not JSON as text', async () => {
    sim.setFaults({ fault: 'malformed', count: 1 });
    const e = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: exampleBody('gateway.authorize') });
    const v = toExchangeView(e);
    assert.equal(v.response?.body.json, false);
    assert.equal(v.response?.body.text, e.response?.bodyText);
    assertSchemaValid(v);
  });

  it('shows a failure with no response: no response, no decoded result, the failure kind and message', async () => {
    sim.setFaults({ fault: 'reset', count: 1 });
    const e = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: exampleBody('gateway.authorize') });
    assert.ok(e.failure);
    const v = toExchangeView(e);
    assert.equal(v.response, undefined);
    assert.equal(v.decoded, undefined);
    assert.deepEqual(v.failure, { ...e.failure, verdict: { tone: 'error', title: `Request failed: ${e.failure.kind}`, detail: e.failure.message } });
    assert.ok(v.request.body, 'what was sent is still shown');
    assertSchemaValid(v);
    assert.equal(fullBodyText(e, 'response'), undefined);
    assert.equal(fullBodyText(e, 'curl'), e.request.curl);
  });

  it('decodes an exchange kept without its decoded result (older history entries)', () => {
    const { decoded, ...withoutDecoded } = approved;
    const v = toExchangeView(withoutDecoded);
    // Compared by verdict and codes: the kept body text was re-serialized by redaction (10.00 became 10).
    assert.deepEqual(v.decoded?.verdict, decoded?.verdict);
    assert.deepEqual(v.decoded?.outcome, decoded?.outcome);
    assert.deepEqual(v.decoded?.risk, decoded?.risk);
  });

  it('clips what would break the schema limits (a huge failure message or header) instead of sending an invalid view', () => {
    const e: Exchange = {
      ...approved,
      failure: { kind: 'network', message: 'm'.repeat(10_000) },
      response: { ...(approved.response as NonNullable<Exchange['response']>), headers: { 'x-long': 'v'.repeat(20_000) } },
    };
    const v = toExchangeView(e);
    assertSchemaValid(v);
    assert.ok((v.failure?.message.length ?? 0) <= 4000);
  });

  it('gives the host the whole texts behind Copy and Open in editor', () => {
    const request = fullBodyText(approved, 'request');
    assert.ok(request);
    assert.deepEqual(JSON.parse(request), approved.request.body);
    assert.equal(request, toExchangeView(approved).request.body?.text);
    assert.equal(fullBodyText(approved, 'curl'), approved.request.curl);
    assert.deepEqual(JSON.parse(fullBodyText(approved, 'response') ?? ''), JSON.parse(approved.response?.bodyText ?? ''));
    const { body: _unused, ...noBody } = approved.request;
    assert.equal(fullBodyText({ ...approved, request: noBody }, 'request'), undefined);
  });

  it('is a pure module: no vscode import, so it runs under plain mocha', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'src', 'features', 'response', 'host', 'exchangeView.ts'), 'utf8');
    assert.doesNotMatch(source, /from\s+['"]vscode['"]/);
  });
});
