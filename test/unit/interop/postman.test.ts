import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importPostmanCollection, importPostmanEnvironment, parsePostmanJson } from '../../../src/interop/import/postman';

const fixture = (name: string) => fs.readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'interop', name), 'utf8');

const v20 = {
  info: { name: 'Old', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
  auth: { type: 'basic', basic: { username: 'merchant.{{merchantId}}', password: '{{apiPassword}}' } },
  variable: [{ id: 'merchantId', value: 'TESTM' }, { key: 'apiPassword', value: 'pw' }, { key: 'off', value: 'x', disabled: true }],
  item: [
    { name: 'Pay', request: { method: 'PUT', url: 'https://h/api/rest/version/100/merchant/{{merchantId}}/order/1/transaction/1', header: [{ key: 'X-Off', value: '1', disabled: true }], body: { mode: 'raw', raw: '{}' } } },
    { name: 'Folder', auth: { type: 'bearer', bearer: { token: '{{token}}' } }, item: [
      { name: 'Offers', request: { method: 'POST', url: { protocol: 'https', host: ['fin', 'test'], path: ['api', 'online', 'offers'] }, body: { mode: 'formdata', formdata: [] } } },
      { name: 'No auth', request: { method: 'GET', url: 'https://h/x', auth: { type: 'noauth' } } },
    ] },
  ],
};

describe('Postman import', () => {
  it('reads a v2.1 collection: folders as groups in order, collection auth inherited, variables', () => {
    const c = importPostmanCollection(parsePostmanJson(fixture('card-order.postman_collection.json'), 'c.json'), 'c.json');
    assert.equal(c.name, 'Card order');
    assert.deepEqual(c.groups.map((g) => [g.name, g.requests.map((r) => r.name)]), [['Authorize, refund part, read the order', ['Authorize', 'Partial refund', 'Order status']]]);
    assert.deepEqual(c.groups[0]?.requests[0]?.auth, { kind: 'basic', user: 'merchant.{{merchantId}}', password: '{{gatewayPassword}}' });
    assert.equal(c.groups[0]?.requests[2]?.url, '{{baseUrl}}/api/rest/version/100/merchant/{{merchantId}}/order/{{orderId}}');
    assert.deepEqual(c.variables.map((v) => v.name), ['merchantId', 'orderId', 'currency']);
  });

  it('reads a v2.0 collection: auth as an object, variables by id, URL objects, folder auth over collection auth, noauth, disabled rows left out', () => {
    const c = importPostmanCollection(v20, 'old.json');
    const [top, folder] = c.groups;
    assert.equal(top?.name, 'Old');
    assert.deepEqual(top?.requests[0]?.auth, { kind: 'basic', user: 'merchant.{{merchantId}}', password: '{{apiPassword}}' });
    assert.deepEqual(top?.requests[0]?.headers, []);
    assert.equal(folder?.name, 'Folder');
    assert.deepEqual(folder?.requests[0]?.auth, { kind: 'bearer', token: '{{token}}' });
    assert.equal(folder?.requests[0]?.url, 'https://fin.test/api/online/offers');
    assert.equal(folder?.requests[1]?.auth, undefined);
    assert.deepEqual(c.variables.map((v) => [v.name, v.secret]), [['merchantId', false], ['apiPassword', true]]);
    assert.match(c.notes.join('\n'), /"formdata" body is left out/);
  });

  it('marks secret environment values: "type": "secret" and names like password or token', () => {
    const env = importPostmanEnvironment(parsePostmanJson(fixture('simulator.postman_environment.json'), 'e.json'), 'e.json');
    assert.equal(env.name, 'Simulator from Postman');
    assert.deepEqual(env.variables.map((v) => [v.name, v.secret]), [['baseUrl', false], ['gatewayPassword', true]]);
  });

  it('refuses JSON nested past the bound and a collection past the request bound, saying so', () => {
    assert.throws(() => parsePostmanJson(`${'['.repeat(100)}${']'.repeat(100)}`, 'deep.json'), /deep\.json/);
    const many = { ...v20, item: Array.from({ length: 501 }, () => v20.item[0]) };
    assert.throws(() => importPostmanCollection(many, 'many.json'), /many\.json: more than 500 requests/);
  });
});
