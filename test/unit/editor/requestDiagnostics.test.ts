import * as assert from 'node:assert/strict';
import { exampleBody } from '../../../src/catalogue';
import { diagnoseRequestText, summarizeRequestText } from '../../../src/editor/requestDiagnostics';

function fileText(body: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ operation: 'gateway.authorize', ...extra, body }, null, 2);
}

function authorizeBody(): Record<string, unknown> {
  const body = exampleBody('gateway.authorize');
  assert.ok(body, 'the catalogue has an example Authorize body');
  return structuredClone(body);
}

const at = (text: string, span: { offset: number; length: number }) => text.slice(span.offset, span.offset + span.length);

describe('request file diagnostics', () => {
  it('a file without "body" is fine for an operation whose fields are all optional; one with required fields still needs it', () => {
    const inquiry = diagnoseRequestText(JSON.stringify({ operation: 'gateway.paymentOptionsInquiry', version: 100 }, null, 2));
    assert.deepEqual(inquiry.map((p) => p.message), [], 'the gateway reads no body as an empty one');
    const pay = diagnoseRequestText(JSON.stringify({ operation: 'gateway.pay', version: 100 }, null, 2));
    assert.deepEqual(pay.map((p) => `${p.path}: ${p.severity}`), ['body: error']);
  });

  it('what the real gateway accepts is a warning, on its value; what it rejects an error', () => {
    const body = authorizeBody();
    body['order'] = { ...(body['order'] as object), amount: 10.5, refrence: 'R1', currency: 'usd' };
    const text = fileText(body);
    const bySeverity = diagnoseRequestText(text).map((p) => `${p.path}:${p.severity}`);
    assert.deepEqual(bySeverity.sort(), ['body.order.amount:warning', 'body.order.currency:error', 'body.order.refrence:warning']);
    const amount = diagnoseRequestText(text).find((p) => p.path === 'body.order.amount');
    assert.equal(at(text, amount!.span), '10.5');
  });

  it('a request file naming a session: what it leaves out is a warning, needed in the request or in the session, on "body"', () => {
    const text = JSON.stringify({ operation: 'gateway.initiateAuthentication', version: 100, body: { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: 'SESSION0002ABCDEFGHIJKLMNOPQRST' } } }, null, 2);
    const problems = diagnoseRequestText(text);
    assert.deepEqual(problems.map((p) => `${p.path}:${p.severity}:${p.rule}`), ['body.order.currency:warning:requiredOrSession', 'body.authentication.channel:warning:requiredOrSession']);
    assert.equal(at(text, problems[0]!.span), '"body"');
  });

  it('a valid example has no problems', () => {
    assert.deepEqual(diagnoseRequestText(fileText(authorizeBody())), []);
  });

  it('a 41-character order.reference is flagged on that value, naming the path and the limit', () => {
    const body = authorizeBody();
    const reference = 'R'.repeat(41);
    body['order'] = { ...(body['order'] as object), reference };
    const text = fileText(body);
    const problems = diagnoseRequestText(text);
    const p = problems.find((x) => x.path === 'body.order.reference');
    assert.ok(p, JSON.stringify(problems));
    assert.equal(at(text, p.span), JSON.stringify(reference));
    assert.match(p.message, /order\.reference/);
    assert.match(p.message, /40/);
    assert.equal(p.rule, 'maxLength');
  });

  it('a missing required field is shown on its parent key', () => {
    const body = authorizeBody();
    delete body['apiOperation'];
    const text = fileText(body);
    const p = diagnoseRequestText(text).find((x) => x.path === 'body.apiOperation');
    assert.ok(p);
    assert.match(p.message, /apiOperation: required/);
    assert.equal(at(text, p.span), '"body"');
  });

  it('an unknown operation is flagged on its value and lists the valid ids', () => {
    const text = JSON.stringify({ operation: 'gateway.authorise', body: {} }, null, 2);
    const [p, ...rest] = diagnoseRequestText(text);
    assert.equal(rest.length, 0);
    assert.ok(p);
    assert.equal(at(text, p.span), '"gateway.authorise"');
    assert.match(p.message, /gateway\.authorize/);
    assert.match(p.message, /financing\.offers/);
  });

  it('a missing operation is one problem at the top object', () => {
    const [p] = diagnoseRequestText('{ "body": {} }');
    assert.equal(p?.rule, 'required');
    assert.equal(p?.span.offset, 0);
  });

  it('a syntax error is one problem at the error position', () => {
    const text = '{\n  "operation": "gateway.refund"\n  "body": {}\n}';
    const problems = diagnoseRequestText(text);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.rule, 'json');
    assert.equal(at(text, problems[0]?.span ?? { offset: 0, length: 0 }), '"body"');
  });

  it('version and params are checked against the operation', () => {
    const text = fileText(authorizeBody(), { version: 80, params: { sessionId: 'short' } });
    const problems = diagnoseRequestText(text);
    const version = problems.find((p) => p.path === 'version');
    assert.ok(version);
    assert.equal(at(text, version.span), '80');
    assert.equal(version.message, 'version: the gateway does not serve version 80; Authorize is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80).');
    const session = problems.find((p) => p.path === 'params.sessionId');
    assert.ok(session, JSON.stringify(problems));
    assert.equal(at(text, session.span), '"short"');
  });

  it('a body on an operation without one, and no body where one is needed', () => {
    const noBodyOp = JSON.stringify({ operation: 'financing.logout', body: { a: 1 } });
    assert.equal(diagnoseRequestText(noBodyOp)[0]?.rule, 'unexpected');
    const missing = diagnoseRequestText(JSON.stringify({ operation: 'gateway.refund' }));
    assert.equal(missing[0]?.path, 'body');
  });

  it('never throws on odd input', () => {
    for (const text of ['', '[]', '42', '{"operation": 42}', '{"operation":"gateway.authorize","body":[1]}', '{"operation":"gateway.authorize","params":[]}']) {
      assert.doesNotThrow(() => diagnoseRequestText(text), text);
      assert.ok(diagnoseRequestText(text).length > 0, text);
    }
  });

  it('summarises the operation and the top object even while the file is half typed', () => {
    const s = summarizeRequestText('\n\n{ "operation": "gateway.refund", "body": {');
    assert.equal(s.operation?.title, 'Refund');
    assert.equal(s.topOffset, 2);
    assert.equal(summarizeRequestText('').operation, undefined);
  });

  it('a request file over the input bound is not parsed: one problem with its size and the limit, and the lenses on its first line', () => {
    const valid = fileText(authorizeBody());
    const text = `${valid.slice(0, -1)}${' '.repeat(30 * 1024 * 1024)}}`;
    assert.deepEqual(diagnoseRequestText(text).map((p) => [p.rule, p.message, p.span.offset]), [['size', `This request file is ${text.length} bytes; a request file holds at most 2000000 bytes (not read).`, 0]]);
    assert.deepEqual(summarizeRequestText(text), { topOffset: 0 });
  });
});
