import * as assert from 'node:assert/strict';
import { exampleBody, getOperation, validateBody } from '../../../src/catalogue';
import { environmentSchema } from '../../../src/environments/environment';
import { credentialFreeBody, formBodyOf, whyNotFormBody, withStoredCredentials } from '../../../src/features/form/host/credentialFields';
import { MAX_BODY_STRING } from '../../../src/protocol/common';
import { contentSecurityPolicy, newNonce, webviewHtml } from '../../../src/features/shared/host/webviewHtml';
import { previewRequest } from '../../../src/send/requestPreview';

const env = environmentSchema.parse({ id: 'e', name: 'Test', gatewayUrl: 'http://127.0.0.1:4477', financingBaseUrl: 'http://127.0.0.1:4477', merchantId: 'TESTMID' });

describe('what a form may show', () => {
  it('the cURL preview names the real URL and redacts the credential', () => {
    const p = previewRequest(env, 'gateway.authorize', 11, { orderId: 'O-1', transactionId: 'T-1' }, exampleBody('gateway.authorize', 11));
    assert.equal(p.error, undefined);
    assert.equal(p.url, 'http://127.0.0.1:4477/api/rest/version/11/merchant/TESTMID/order/O-1/transaction/T-1');
    assert.match(p.curl, /Authorization: Basic <redacted>/);
    assert.doesNotMatch(p.curl, /credential-stand-in|Y3JlZGVudGlhbC1zdGFuZC1pbg/, 'neither the stand-in nor its Basic encoding');
  });

  it('the preview says which URL parameter is missing instead of building a broken URL', () => {
    const p = previewRequest(env, 'gateway.refund', 13, { orderId: 'O-1' }, {});
    assert.equal(p.curl, '');
    assert.match(p.error ?? '', /transactionId/);
  });

  it('a login body posted to a form loses its password at any depth, card test data stays', () => {
    const body = { email: 'a@b.c', password: 'hunter2', nested: [{ apiPassword: 'x', securityCode: '100' }] };
    assert.deepEqual(credentialFreeBody(body), { email: 'a@b.c', nested: [{ securityCode: '100' }] });
  });

  it('the page allows only nonce scripts and the extension\'s own styles', () => {
    const nonce = newNonce();
    assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/, '128 random bits, base64');
    assert.notEqual(newNonce(), nonce);
    const csp = contentSecurityPolicy('https://ext.example', nonce);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`script-src 'nonce-${nonce.replace(/[+/]/g, '\\$&')}'`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const html = webviewHtml({ view: 'form', title: 'A "quoted" <title>', cspSource: 'https://ext.example', nonce, scriptUri: 'https://ext.example/form.js', elementsUri: 'https://ext.example/elements.js', styleUris: [], codiconUri: 'https://ext.example/codicon.css' });
    assert.ok(!html.includes('<title>A "quoted" <title>'), 'the title is escaped');
    // The shared web components, then the view's bundle: two scripts, both by nonce, nothing inline.
    assert.deepEqual([...html.matchAll(/<script [^>]*>/g)].map((m) => m[0]), [`<script nonce="${nonce}" src="https://ext.example/elements.js">`, `<script nonce="${nonce}" src="https://ext.example/form.js">`]);
  });
});

describe('the Login form and stored credentials', () => {
  const login = getOperation('financing.login');
  const formBody = credentialFreeBody(exampleBody('financing.login') as Record<string, unknown>);

  it('a stored password is merged before the body is checked, so it is never reported missing', async () => {
    assert.ok(login);
    assert.ok(validateBody('financing.login', undefined, formBody).some((i) => i.path === 'password'), 'the form body alone lacks the password');
    const stored = async (name: string) => (name === 'partnerPassword' ? 'stored-secret' : undefined);
    const merged = await withStoredCredentials(login, formBody, stored);
    assert.equal(merged.passwordMissing, false);
    assert.deepEqual(validateBody('financing.login', undefined, merged.body), []);
  });

  it('with no stored password the form is told to offer "Set password…", not a problem', async () => {
    assert.ok(login);
    const merged = await withStoredCredentials(login, formBody, async () => undefined);
    assert.equal(merged.passwordMissing, true);
  });
});

describe('a body entering a form', () => {
  it('is refused with where and why when it breaks the message caps, instead of falling back to the example', () => {
    const body = { order: { description: 'd'.repeat(MAX_BODY_STRING + 1) } };
    assert.equal(formBodyOf(body), undefined);
    assert.equal(whyNotFormBody(body), `order.description: this text is ${MAX_BODY_STRING + 1} characters long; at most ${MAX_BODY_STRING} are accepted`);
    assert.equal(whyNotFormBody({ order: { description: 'fine' } }), undefined);
  });
});
