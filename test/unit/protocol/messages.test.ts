import * as assert from 'node:assert/strict';
import { formHostMessageSchema, formWebviewMessageSchema } from '../../../src/features/form/protocol';
import { responseHostMessageSchema, responseWebviewMessageSchema } from '../../../src/features/response/protocol';
import { checkHostMessage } from '../../../src/features/response/app/hostMessageGuard';
import { MAX_BODY_SIZE, MAX_BODY_STRING, MAX_MESSAGE_KEYS, parseMessage } from '../../../src/protocol/common';

const state = (body: Record<string, unknown>) => ({ operationId: 'gateway.authorize', version: 11, params: { orderId: 'O-1' }, body });

/** The host trusts no webview message, and the webview no host message, beyond what the protocol declares. */
describe('webview messages', () => {
  it('a message from the form with a key the protocol does not declare is rejected, naming the key', () => {
    const r = parseMessage(formWebviewMessageSchema, { type: 'freshIds', orderId: 'X' });
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /freshIds.*orderId|Unrecognized key.*orderId/);
    assert.equal(parseMessage(formWebviewMessageSchema, { type: 'send', state: { ...state({}), extra: 1 }, sendAnyway: false }).ok, false, 'nested objects too');
    assert.equal(parseMessage(formWebviewMessageSchema, { type: 'send', state: state({}), sendAnyway: false }).ok, true);
  });

  it('the response page and host messages to the form are strict as well', () => {
    assert.equal(parseMessage(responseWebviewMessageSchema, { type: 'openInForm', exchangeId: 'x' }).ok, false);
    assert.equal(parseMessage(formHostMessageSchema, { type: 'notice', text: 'hi', html: '<b>' }).ok, false);
    assert.equal(parseMessage(formHostMessageSchema, { type: 'notice', text: 'hi' }).ok, true);
    assert.equal(parseMessage(responseHostMessageSchema, { type: 'notice', text: 'hi', html: '<b>' }).ok, false);
  });

  it(`a form body string longer than ${MAX_BODY_STRING} characters is rejected with where and how long`, () => {
    const ok = parseMessage(formWebviewMessageSchema, { type: 'preview', state: state({ order: { description: 'd'.repeat(MAX_BODY_STRING) } }) });
    assert.equal(ok.ok, true);
    const r = parseMessage(formWebviewMessageSchema, { type: 'preview', state: state({ order: { description: 'd'.repeat(MAX_BODY_STRING + 1) } }) });
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, new RegExp(`state\\.body\\.order\\.description: this text is ${MAX_BODY_STRING + 1} characters long; at most ${MAX_BODY_STRING}`));
    const longKey = parseMessage(formWebviewMessageSchema, { type: 'preview', state: state({ ['k'.repeat(MAX_BODY_STRING + 1)]: 1 }) });
    assert.equal(longKey.ok, false);
  });

  it(`a whole form body over ${MAX_BODY_SIZE} characters is rejected even when every string is short`, () => {
    const items = Array.from({ length: Math.ceil(MAX_BODY_SIZE / 1000) + 10 }, () => ({ name: 'n'.repeat(1000) }));
    const r = parseMessage(formWebviewMessageSchema, { type: 'save', state: state({ order: { item: items } }) });
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /the body is larger than 1048576 characters/);
  });

  it('a message nested far deeper than any body (a hostile page) is refused with "nested deeper than", not a stack overflow', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const r = parseMessage(formWebviewMessageSchema, { type: 'preview', state: state(deep) });
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /The message is nested deeper than \d+ levels/);
    let fine: Record<string, unknown> = { v: 'x' };
    for (let i = 0; i < 10; i++) fine = { a: fine };
    assert.equal(parseMessage(formWebviewMessageSchema, { type: 'preview', state: state(fine) }).ok, true);
  });

  it('a message holding a sparse array (a list with holes) is rejected cleanly by every checker, never with a throw', () => {
    const sparse: unknown[] = [];
    sparse[3] = { name: 'x' };
    const messages: unknown[] = [
      { type: 'preview', state: state({ order: { item: sparse } }) },
      { type: 'save', state: { ...state({}), ui: { openGroups: sparse } } },
      { type: 'init', state: state({ item: sparse }), environments: sparse },
      { type: 'show', exchange: { id: 'x', operationTitle: 't', environment: {}, request: { headers: sparse } } },
      sparse,
    ];
    const checkers: ((data: unknown) => { ok: boolean })[] = [
      (data) => parseMessage(formWebviewMessageSchema, data),
      (data) => parseMessage(formHostMessageSchema, data),
      (data) => parseMessage(responseHostMessageSchema, data),
      (data) => parseMessage(responseWebviewMessageSchema, data),
    ];
    for (const data of messages) {
      for (const check of checkers) {
        let r: { ok: boolean } | undefined;
        assert.doesNotThrow(() => { r = check(data); });
        assert.equal(r?.ok, false);
      }
      assert.doesNotThrow(() => checkHostMessage(data));
    }
    const r = parseMessage(formWebviewMessageSchema, messages[0]);
    assert.match(r.ok ? '' : r.error, /state\.body\.order\.item/);
  });

  it('a message whose params hold a million keys is rejected by the key-count limit, saying where and the limit', () => {
    const params: Record<string, string> = {};
    for (let i = 0; i < 1_000_000; i++) params[`k${i}`] = 'v';
    const r = parseMessage(formWebviewMessageSchema, { type: 'preview', state: { ...state({}), params } });
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, new RegExp(`state\\.params has more than ${MAX_MESSAGE_KEYS} keys; at most ${MAX_MESSAGE_KEYS} are accepted`));
    const list = parseMessage(formWebviewMessageSchema, { type: 'preview', state: state({ item: Array.from({ length: MAX_MESSAGE_KEYS + 1 }, () => 1) }) });
    assert.match(list.ok ? '' : list.error, new RegExp(`state\\.body\\.item has more than ${MAX_MESSAGE_KEYS} entries`));
  });
});
