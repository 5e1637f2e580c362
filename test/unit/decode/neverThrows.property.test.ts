import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeResponse, decodedResponseSchema, renderDecodedAsText } from '../../../src/decode';
import { responseOperationIds } from '../../../src/catalogue/responses';

const operationId = fc.oneof(fc.constantFrom(...responseOperationIds), fc.string());
const httpStatus = fc.oneof(fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 422, 500, 502, 503), fc.integer({ min: -1, max: 999 }));

// Arbitrary values at the places the decoder reads, so deep paths get exercised, not just the root.
const anything = fc.jsonValue({ maxDepth: 3 });
const gatewayLike = fc.record(
  {
    result: fc.oneof(fc.constantFrom('SUCCESS', 'FAILURE', 'PENDING', 'UNKNOWN', 'ERROR'), anything),
    response: fc.oneof(
      fc.record({ gatewayCode: anything, acquirerCode: anything, cardSecurityCode: anything, cardholderVerification: anything, risk: anything }, { requiredKeys: [] }),
      anything,
    ),
    risk: fc.oneof(fc.record({ response: fc.record({ gatewayCode: anything, review: anything, rule: fc.array(anything), totalScore: anything }, { requiredKeys: [] }) }), anything),
    error: fc.oneof(fc.record({ cause: anything, explanation: anything, field: anything, validationType: anything }, { requiredKeys: [] }), anything),
    order: anything,
    transaction: anything,
    browserPayment: fc.oneof(fc.record({ redirectUrl: anything, interaction: anything }, { requiredKeys: [] }), anything),
    '3DSecure': anything,
    sourceOfFunds: anything,
    session: anything,
  },
  { requiredKeys: [] },
);
const financingLike = fc.record(
  {
    success: anything,
    message: anything,
    data: fc.oneof(fc.record({ offers: fc.array(anything), sessionID: anything, sessionUrl: anything }, { requiredKeys: [] }), anything),
    token_type: anything,
    expires_in: anything,
    access_token: anything,
    refresh_token: anything,
    errors: anything,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(anything, gatewayLike, financingLike, fc.constant(undefined));

describe('decodeResponse (property)', () => {
  it('never throws on arbitrary JSON and answers plain, renderable data', () => {
    fc.assert(
      fc.property(operationId, httpStatus, body, (op, status, b) => {
        const d = decodeResponse({ operationId: op, httpStatus: status, body: b });
        assert.ok(['success', 'warning', 'error', 'info'].includes(d.verdict.tone));
        assert.equal(typeof d.verdict.title, 'string');
        assert.ok(Array.isArray(d.notes));
        assert.deepEqual(JSON.parse(JSON.stringify(d)), d);
        // What history stores and reads back must pass the schema unchanged.
        assert.deepEqual(decodedResponseSchema.parse(d), d);
        assert.equal(typeof renderDecodedAsText(d), 'string');
      }),
      { numRuns: 1500 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(operationId, httpStatus, fc.oneof(fc.string(), fc.json()), (op, status, text) => {
        const d = decodeResponse({ operationId: op, httpStatus: status, body: undefined, rawText: text });
        assert.equal(typeof renderDecodedAsText(d), 'string');
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every amount literal of a JSON text exactly', () => {
    const amount = fc.tuple(fc.integer({ min: 0, max: 999999999 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(amount, ([units, fraction, scale]) => {
        const literal = scale === 0 ? String(units) : `${units}.${String(fraction).padStart(3, '0').slice(0, scale)}`;
        const raw = `{"result":"SUCCESS","response":{"gatewayCode":"APPROVED"},"order":{"amount":${literal}}}`;
        const d = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: JSON.parse(raw), rawText: raw });
        assert.equal(d.order?.amount, literal);
      }),
      { numRuns: 300 },
    );
  });

  it('never leaks a token, whatever surrounds it', () => {
    const secret = fc.string({ minLength: 16, maxLength: 40 }).map((s) => `tok_${s}`);
    fc.assert(
      fc.property(fc.constantFrom('financing.login', 'financing.refreshToken'), secret, secret, fc.integer({ min: 200, max: 599 }), anything, (op, access, refresh, status, extra) => {
        const d = decodeResponse({ operationId: op, httpStatus: status, body: { token_type: 'Bearer', expires_in: 3600, access_token: access, refresh_token: refresh, extra } });
        const shown = JSON.stringify(d) + renderDecodedAsText(d);
        assert.ok(!shown.includes(access) && !shown.includes(refresh));
      }),
      { numRuns: 300 },
    );
  });

  it('a throwing body or input object still gets an answer', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); }, ownKeys: () => { throw new Error('boom'); } });
    assert.equal(decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: hostile }).verdict.tone, 'error');
    assert.equal(decodeResponse(hostile as unknown as Parameters<typeof decodeResponse>[0]).verdict.tone, 'error');
  });
});
