import * as assert from 'node:assert/strict';
import { boundExchange } from '../../../src/history/bounds';
import { replayOf } from '../../../src/history/replay';
import { makeExchange } from '../../harness/exchanges';

/** A body as JSON.parse gives it: "__proto__" is a plain own key, which a copy must keep as such. */
const hostileBody = (): Record<string, unknown> => JSON.parse('{"apiOperation":"AUTHORIZE","order":{"amount":"10.50","currency":"EUR"},"__proto__":{"polluted":true}}') as Record<string, unknown>;

function keepsProtoKey(copy: unknown, where: string): void {
  assert.ok(typeof copy === 'object' && copy !== null, where);
  assert.ok(Object.hasOwn(copy, '__proto__'), `${where}: "__proto__" kept as an own key`);
  assert.equal(Object.getPrototypeOf(copy), Object.prototype, `${where}: the copy's prototype is untouched`);
  assert.equal((copy as { polluted?: unknown }).polluted, undefined, `${where}: nothing inherited from the data`);
}

describe('history copies keep a key named "__proto__" as data', () => {
  it('the bounded history entry and the replayed body keep it, and never take it as their prototype', () => {
    const e = makeExchange({ request: { ...makeExchange().request, body: hostileBody() } });
    const bounded = boundExchange(e);
    keepsProtoKey(bounded.request.body, 'history entry');
    keepsProtoKey(replayOf(bounded, () => 'O-FRESH').body, 'replay');
  });
});
