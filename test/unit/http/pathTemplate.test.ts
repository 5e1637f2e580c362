import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodePathSegment, fillPathTemplate, RequestBuildError } from '../../../src/http';

const TEMPLATE = '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}/transaction/{transactionId}';

/** The segments a server sees after splitting the raw path on '/', before decoding. */
function rawSegments(path: string): string[] {
  return path.split('/').slice(1);
}

describe('path templates', () => {
  it('keeps an order id with slash, space, hash, query mark and unicode as one segment', () => {
    const path = fillPathTemplate(TEMPLATE, { version: '100', merchantId: 'TESTSIMULATOR01', orderId: 'A/B #1?x=é€😀', transactionId: 'T 1' });
    const segments = rawSegments(path);
    assert.equal(segments.length, 10);
    assert.equal(decodeURIComponent(segments[7] ?? ''), 'A/B #1?x=é€😀');
    assert.equal(segments[7], 'A%2FB%20%231%3Fx%3D%C3%A9%E2%82%AC%F0%9F%98%80');
    assert.equal(decodeURIComponent(segments[9] ?? ''), 'T 1');
  });

  it('escapes dot segments that URL normalisers would fold away', () => {
    assert.equal(encodePathSegment('..'), '%2E%2E');
    assert.equal(encodePathSegment('.'), '%2E');
    assert.equal(encodePathSegment('a..b'), 'a..b');
  });

  it('round-trips any well-formed id as exactly one segment (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), (id) => {
        const encoded = encodePathSegment(id);
        assert.ok(!/[/?#\s]/.test(encoded), encoded);
        assert.equal(decodeURIComponent(encoded), id);
        assert.ok(encoded !== '.' && encoded !== '..');
      }),
      { numRuns: 500 },
    );
  });

  it('names a missing parameter without guessing', () => {
    assert.throws(() => fillPathTemplate(TEMPLATE, { version: '100', merchantId: 'M' }), (e: unknown) => e instanceof RequestBuildError && /orderId/.test(e.message));
  });

  it('refuses an id with a lone surrogate instead of throwing URIError', () => {
    assert.throws(() => fillPathTemplate('/x/{orderId}', { orderId: 'a\uD800b' }), RequestBuildError);
  });
});
