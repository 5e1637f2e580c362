import * as assert from 'node:assert/strict';
import { referencesIn, ResolutionBudget, ResolutionLimitError, resolveReferences, UnresolvedReference, type ReferenceScope } from '../../../src/flows/references';

const scope: ReferenceScope = {
  fresh: (name) => `ORD-${name}`,
  env: (field) => (field === 'merchantId' ? 'TESTMID' : undefined),
  inbox: (source) => `http://127.0.0.1:4478/${source}`,
  step: (id) => (id === 'auth' ? { params: { orderId: 'O-1' }, body: { order: { amount: '100.00' } }, response: { order: { totalCapturedAmount: 100, currency: 'EUR' }, transaction: [{ id: 't1' }, { id: 't2' }] } } : undefined),
};

describe('flow references', () => {
  it('inbox.gateway and inbox.financing are the local inbox\'s addresses; nothing else follows inbox.', () => {
    assert.equal(resolveReferences('{{inbox.gateway}}', scope), 'http://127.0.0.1:4478/gateway');
    assert.equal(resolveReferences('{{ inbox.financing }}', scope), 'http://127.0.0.1:4478/financing');
    assert.throws(() => resolveReferences('{{inbox.port}}', scope), /is not inbox\.gateway or inbox\.financing/);
    assert.throws(() => resolveReferences('{{inbox.gateway}}', { ...scope, inbox: () => undefined }), /this run has no local inbox/);
  });

  it('a string that is exactly one reference takes the JSON value (a number stays a number)', () => {
    assert.equal(resolveReferences('{{auth.response.order.totalCapturedAmount}}', scope), 100);
    assert.deepEqual(resolveReferences({ a: '{{auth.body.order}}' }, scope), { a: { amount: '100.00' } });
  });

  it('inside a longer string the value is written as text; arrays are indexed with [n]', () => {
    assert.equal(resolveReferences('order {{auth.params.orderId}} of {{env.merchantId}}: {{auth.response.transaction[1].id}}', scope), 'order O-1 of TESTMID: t2');
  });

  it('fresh.orderId is one id per run, fresh.orderId.NAME a further named one', () => {
    assert.deepEqual(resolveReferences(['{{fresh.orderId}}', '{{ fresh.orderId.second }}'], scope), ['ORD-orderId', 'ORD-orderId.second']);
  });

  it('names the reference and what is missing when it has no value', () => {
    assert.throws(() => resolveReferences('{{auth.response.order.nothing}}', scope), (e: unknown) => e instanceof UnresolvedReference && /auth\.response\.order\.nothing.*got no response\.order\.nothing/.test(e.message));
    assert.throws(() => resolveReferences('{{later.params.orderId}}', scope), /step "later" has not run before this one/);
    assert.throws(() => resolveReferences('{{env.password}}', scope), /secrets are never readable/);
  });

  it('leaves text without references alone, and finds an unclosed one', () => {
    assert.equal(resolveReferences('plain {text}', scope), 'plain {text}');
    const [found] = referencesIn('x {{auth.params.orderId');
    assert.equal(found?.ok, false);
  });

  it('scans hostile text in linear time with a bounded number of references', () => {
    const many = '{{'.repeat(100_000);
    assert.ok(referencesIn(many).length <= 100);
    assert.ok(referencesIn('{{a.params.b}}'.repeat(10_000)).length <= 100);
  });

  describe('bounds on what references resolve to', () => {
    const KB = 1024;
    const big = { order: { description: 'x'.repeat(300 * KB) } };
    const bigScope: ReferenceScope = { ...scope, step: (id) => (id === 'big' ? { params: {}, body: big, response: { text: 'y'.repeat(900 * KB) } } : undefined) };

    it('refuses a value that resolves past 1 MiB, naming the part, the reference and the limit', () => {
      const fourTimes = { a: '{{big.body}}', b: '{{big.body}}', c: '{{big.body}}', d: '{{big.body}}' };
      assert.throws(
        () => resolveReferences(fourTimes, bigScope, new ResolutionBudget(), 'body'),
        (e: unknown) => e instanceof ResolutionLimitError && e.message === "body: {{big.body}} makes the resolved body larger than 1 MiB (1048576 characters as JSON), the most a step's body may resolve to",
      );
      assert.throws(() => resolveReferences('{{big.response.text}} and again {{big.response.text}}', bigScope, new ResolutionBudget(), 'params'), /params: \{\{big\.response\.text\}\} makes the resolved params larger than 1 MiB/);
    });

    it('counts a value shared by reference as often as it is used (the body sent is that large), without writing it out', () => {
      // Each level holds the one below twice: 2^40 copies of the string as JSON, a few objects in memory.
      let shared: unknown = 'z'.repeat(100);
      for (let i = 0; i < 40; i++) shared = { left: shared, right: shared };
      const sharedScope: ReferenceScope = { ...scope, step: () => ({ params: {}, body: shared, response: undefined }) };
      assert.throws(() => resolveReferences({ all: '{{s.body}}' }, sharedScope, new ResolutionBudget(), 'body'), /body: \{\{s\.body\}\} makes the resolved body larger than 1 MiB/);
      assert.throws(() => resolveReferences('as text: {{s.body}}', sharedScope, new ResolutionBudget(), 'body'), /body: \{\{s\.body\}\} makes the resolved body larger than 1 MiB/);
    });

    it('refuses a run whose resolved values add up past 16 MiB, each under 1 MiB', () => {
      const budget = new ResolutionBudget();
      const onceEach = { a: '{{big.response.text}}' };
      let resolved = 0;
      assert.throws(() => {
        for (let i = 0; i < 40; i++) {
          resolveReferences(onceEach, bigScope, budget, 'body');
          resolved++;
        }
      }, /body: \{\{big\.response\.text\}\} takes this run's resolved values past 16 MiB \(16777216 characters as JSON\), the most one run may resolve/);
      assert.equal(resolved, 18, '18 values of 900 KB fit in 16 MiB, the 19th does not');
    });
  });
});
