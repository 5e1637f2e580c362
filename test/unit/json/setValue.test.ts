import * as assert from 'node:assert/strict';
import { setValueAt } from '../../../src/json';

const CARD = { number: '5123456789012346', expiry: { month: '1', year: '39' }, securityCode: '100' };
const PATH = ['body', 'sourceOfFunds', 'provided', 'card'];

describe('setValueAt: a value written into a JSON text, the rest kept', () => {
  it('replaces the card of a request file, keeping every other byte (a 10.00 literal, key order, a comment-free layout)', () => {
    const text = '{\n  "operation": "gateway.pay",\n  "body": {\n    "order": { "amount": 10.00, "currency": "EUR" },\n    "sourceOfFunds": {\n      "type": "CARD",\n      "provided": { "card": { "number": "4111" } }\n    }\n  }\n}\n';
    const out = setValueAt(text, PATH, CARD);
    assert.deepEqual(JSON.parse(out).body.sourceOfFunds.provided.card, CARD);
    assert.ok(out.startsWith('{\n  "operation": "gateway.pay",\n  "body": {\n    "order": { "amount": 10.00, "currency": "EUR" },\n    "sourceOfFunds": {\n      "type": "CARD",\n      "provided": { "card": '), out);
    assert.ok(out.endsWith('}\n'));
  });

  it('creates sourceOfFunds.provided.card when the body has none, in the file\'s own indentation', () => {
    const text = '{\n    "operation": "gateway.initiateAuthentication",\n    "body": {\n        "apiOperation": "INITIATE_AUTHENTICATION"\n    }\n}';
    const out = setValueAt(text, PATH, CARD);
    assert.deepEqual(JSON.parse(out).body, { apiOperation: 'INITIATE_AUTHENTICATION', sourceOfFunds: { provided: { card: CARD } } });
    assert.match(out, /\n {8}"sourceOfFunds": \{\n {12}"provided"/);
  });

  it('keeps Windows line ends', () => {
    const out = setValueAt('{\r\n  "body": {}\r\n}', PATH, CARD);
    assert.ok(!/[^\r]\n/.test(out), JSON.stringify(out));
  });
});
