import * as assert from 'node:assert/strict';
import { toJSONSchema } from 'zod/mini';
import { ANSWER_FIELDS, answerCarries, GATEWAY_VERSIONS } from '../../../src/catalogue';
import { successSchemaFor } from '../../../src/catalogue/responses';

type Json = { [key: string]: unknown };

/** The JSON Schema node a dotted answer path ends at, or undefined when the schema has no such member. */
function schemaAt(schema: Json, path: string): Json | undefined {
  let node: Json | undefined = schema;
  for (const part of path.split('.')) {
    const properties: unknown = node?.['properties'];
    if (typeof properties !== 'object' || properties === null) return undefined;
    const next: unknown = (properties as Json)[part];
    node = typeof next === 'object' && next !== null ? (next as Json) : undefined;
  }
  return node;
}

describe('catalogue: the answer-field table', () => {
  it('every field it lists is in the answer schema of each operation it names (what the decoder and the OpenAPI export read)', () => {
    for (const row of ANSWER_FIELDS) {
      for (const operation of row.operations) {
        const schema = successSchemaFor(operation);
        assert.ok(schema, operation);
        const json = toJSONSchema(schema, { unrepresentable: 'any' }) as Json;
        for (const path of row.paths) assert.ok(schemaAt(json, path), `${operation}: ${path} (${row.source})`);
      }
    }
  });

  it('names versions of the gateway\'s range only, and says why (a source on every row)', () => {
    for (const row of ANSWER_FIELDS) {
      assert.ok(row.since >= GATEWAY_VERSIONS.lowest && row.since <= GATEWAY_VERSIONS.newest, `${row.paths[0]}: since ${row.since}`);
      assert.ok(row.until === undefined || (row.until >= row.since && row.until <= GATEWAY_VERSIONS.newest), `${row.paths[0]}: until ${String(row.until)}`);
      assert.ok(row.source.length > 0, row.paths[0]);
    }
  });

  it('reads as the recorded answers say: gatewayRecommendation on a Pay from 74 and only when the acquirer answered', () => {
    const pay = (version: number, outcome: 'approved' | 'declined' | 'refused') => answerCarries('response.gatewayRecommendation', { operation: 'gateway.pay', version, outcome });
    assert.equal(pay(73, 'approved'), false);
    assert.equal(pay(74, 'approved'), true);
    assert.equal(pay(74, 'declined'), true);
    assert.equal(pay(100, 'refused'), false);
    assert.equal(answerCarries('authentication.channel', { operation: 'gateway.authenticatePayer', version: 100, outcome: 'approved' }), false);
    assert.equal(answerCarries('authentication.channel', { operation: 'gateway.initiateAuthentication', version: 100, outcome: 'approved' }), true);
    // A path the table does not list is the builder's: always carried.
    assert.equal(answerCarries('order.id', { operation: 'gateway.pay', version: 1, outcome: 'refused' }), true);
  });
});
