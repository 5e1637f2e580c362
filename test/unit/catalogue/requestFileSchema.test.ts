/**
 * A request-file mistake is reported once, in the catalogue's words: the JSON Schema VS Code's JSON
 * service reads carries structure, descriptions and completions, and no rule that judges a value.
 */
import * as assert from 'node:assert/strict';
import { requestFileJsonSchema } from '../../../src/catalogue';

const VALUE_RULES = ['type', 'required', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'propertyNames', 'not', 'enum', 'const'];

/** Every keyword that would report a problem, with where it sits; `if` conditions report nothing. */
function rulesIn(node: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => rulesIn(n, `${at}[${i}]`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'if') continue;
      if (VALUE_RULES.includes(key) && !at.endsWith('.properties')) out.push(`${at}.${key}`);
      if (key === 'additionalProperties' && value === false) out.push(`${at}.additionalProperties`);
      rulesIn(value, `${at}.${key}`, out);
    }
  }
  return out;
}

const at = (schema: unknown, ...steps: string[]): Record<string, unknown> =>
  steps.reduce<Record<string, unknown>>((n, s) => (n[s] ?? {}) as Record<string, unknown>, schema as Record<string, unknown>);

describe('catalogue: the request-file JSON Schema leaves the rules to the catalogue', () => {
  const schema = requestFileJsonSchema();

  it('holds no keyword that judges a value (type, required, pattern, lengths, bounds, enum…)', () => {
    assert.deepEqual(rulesIn(schema, '#', []), []);
  });

  it('keeps the structure, the descriptions and the values to complete', () => {
    const authorize = at(schema, 'definitions', 'gateway.authorize.v11', 'properties');
    assert.deepEqual(at(authorize, 'apiOperation')['examples'], ['AUTHORIZE']);
    assert.match(String(at(authorize, 'order', 'properties', 'reference')['description']), /\S/);
    assert.deepEqual(at(authorize, 'sourceOfFunds', 'properties', 'provided', 'properties', 'card', 'properties', 'fundingMethod')['examples'], ['CHARGE', 'CREDIT', 'DEBIT', 'UNKNOWN']);
    assert.ok((at(schema, 'properties', 'operation')['examples'] as string[]).includes('gateway.authorize'));
    const v100Type = at(schema, 'definitions', 'gateway.initiateBrowserPayment.v100', 'properties', 'sourceOfFunds', 'properties', 'type');
    assert.ok((v100Type['examples'] as string[]).includes('KNET'), 'v100 source types are offered');
  });
});
