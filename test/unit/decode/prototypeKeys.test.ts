import * as assert from 'node:assert/strict';
import { decodeResponse, decodedResponseSchema, renderDecodedAsText } from '../../../src/decode';
import { renderExchange } from '../../../src/features/response/host/renderExchange';
import { makeExchange } from '../../harness/exchanges';

/** Every name a plain object answers to without owning it: a lookup table must not find these. */
const PROTOTYPE_KEYS = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

function decodeGateway(body: Record<string, unknown>) {
  const rawText = JSON.stringify(body);
  return decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: JSON.parse(rawText) as unknown, rawText });
}

describe('codes that are names of Object.prototype', () => {
  it('has the keys it is about', () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) assert.ok(PROTOTYPE_KEYS.includes(key));
  });

  for (const key of PROTOTYPE_KEYS) {
    it(`"${key}" as result, gatewayCode, risk code, AVS and CSC is explained as unknown, with a tone`, () => {
      const decoded = decodeGateway({
        result: key,
        response: { gatewayCode: key, cardSecurityCode: { gatewayCode: key }, cardholderVerification: { avs: { gatewayCode: key } } },
        risk: { response: { gatewayCode: key, review: { decision: key }, rule: [{ name: 'R', recommendation: key }] } },
        order: { status: key, amount: 1.5 },
        transaction: { type: key },
      });
      assert.ok(decodedResponseSchema.safeParse(decoded).success, 'plain data the panel accepts');
      assert.ok(['success', 'warning', 'error', 'info'].includes(decoded.verdict.tone), `tone ${String(decoded.verdict.tone)}`);
      assert.match(decoded.verdict.title, new RegExp(`gateway code ${key} is not known to this workbench`));
      for (const code of [decoded.outcome?.gatewayCode, decoded.csc, decoded.avs, decoded.risk?.gatewayCode, decoded.risk?.review?.decision, decoded.risk?.rules[0]?.recommendation, decoded.transaction?.type]) {
        assert.deepEqual(code, { code: key, known: false, meaning: 'not known to this workbench' });
      }
      assert.equal(decoded.outcome?.resultMeaning, 'not known to this workbench');
      assert.match(renderDecodedAsText(decoded), new RegExp(`\`${key}\` — not known to this workbench`));
    });

    it(`"${key}" as an error cause, validation type and session status is explained as unknown`, () => {
      const error = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 400, body: { result: 'ERROR', error: { cause: key, validationType: key } } });
      assert.equal(error.error?.cause?.known, false);
      assert.equal(error.error?.validationType?.known, false);
      assert.equal(error.verdict.tone, 'error');
      const session = decodeResponse({ operationId: 'gateway.updateSession', httpStatus: 200, body: { session: { id: 'S', updateStatus: key } } });
      assert.equal(session.session?.updateStatus?.known, false);
      assert.equal(session.verdict.tone, 'warning');
    });
  }

  it('the text view of an exchange shows the unknown result', () => {
    const bodyText = JSON.stringify({ result: 'constructor', response: { gatewayCode: 'toString' } });
    const e = makeExchange({ decoded: decodeGateway(JSON.parse(bodyText) as Record<string, unknown>) });
    const text = renderExchange(e);
    assert.match(text, /Result constructor: gateway code toString is not known to this workbench/);
  });
});
