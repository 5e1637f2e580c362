import * as assert from 'node:assert/strict';
import { importHttpFile } from '../../../src/interop/import/httpFile';

const text = `@host = https://gw.test
@password = {{$processEnv PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD}}
// a comment

### Pay
# @name pay
PUT {{host}}/api/rest/version/100/merchant/M/order/1/transaction/1 HTTP/1.1
Content-Type: application/json
Authorization: Basic merchant.M:{{password}}

{
  "apiOperation": "PAY"
}


###
GET {{host}}/api/rest/version/100/merchant/M/order/1
Authorization: Basic dXNlcjpwYXNz
`;

describe('.http import', () => {
  it('reads variables, ### separators, # @name, the request line, headers and the body up to the next ###', () => {
    const c = importHttpFile(text, 'api.http');
    assert.deepEqual(c.variables, [{ name: 'host', value: 'https://gw.test', secret: false }, { name: 'password', value: '', secret: true }]);
    const [pay, get] = c.groups[0]?.requests ?? [];
    assert.equal(pay?.name, 'pay');
    assert.equal(pay?.method, 'PUT');
    assert.equal(pay?.source, 'api.http:7');
    assert.deepEqual(pay?.auth, { kind: 'basic', user: 'merchant.M', password: '{{password}}' });
    assert.equal(pay?.body, '{\n  "apiOperation": "PAY"\n}');
    assert.equal(get?.method, 'GET');
    assert.equal(get?.body, undefined);
    assert.deepEqual(get?.headers, [{ name: 'Authorization', value: 'Basic dXNlcjpwYXNz' }], 'an encoded value is left to the detection');
  });

  it('reads REST Client\'s "Basic user password" form', () => {
    const c = importHttpFile('GET https://h/x\nAuthorization: Basic merchant.M secret-pw\n', 'a.http');
    assert.deepEqual(c.groups[0]?.requests[0]?.auth, { kind: 'basic', user: 'merchant.M', password: 'secret-pw' });
  });

  it('ends a body at a response handler or an httpYac assertion, and says they are not imported', () => {
    const c = importHttpFile('POST https://h/x\nContent-Type: application/json\n\n{"a": 1}\n\n> {%\n  client.global.set("id", response.body.id);\n%}\n?? status == 200\n###\nGET https://h/y\n', 'yac.http');
    const [first, second] = c.groups[0]?.requests ?? [];
    assert.equal(first?.body, '{"a": 1}');
    assert.equal(second?.url, 'https://h/y');
    assert.deepEqual(c.notes, ['yac.http:6: the response script or assertion after the request is not imported; a flow step\'s "expect" does that work']);
  });

  it('names the line of what it cannot read', () => {
    assert.throws(() => importHttpFile('\n\nthis is not a request\n', 'bad.http'), /bad\.http:3:1: expected a request line/);
    assert.throws(() => importHttpFile('GET https://h/x\nno colon here\n', 'bad.http'), /bad\.http:2:1: expected a header/);
    assert.throws(() => importHttpFile('POST https://h/session\n{\n  "apiOperation": "INITIATE_CHECKOUT"\n}\n', 'nobreak.http'), /nobreak\.http:2:1: expected a header \("Name: value"\) or a blank line before the body, got "\{"/);
    assert.throws(() => importHttpFile('POST https://h/session\n"apiOperation": "INITIATE_CHECKOUT"\n', 'nobreak.http'), /nobreak\.http:2:1: expected a header/);
  });

  it('is bounded: more than 500 requests are refused', () => {
    assert.throws(() => importHttpFile('###\nGET https://h/x\n'.repeat(501), 'many.http'), /many\.http: more than 500 requests/);
  });
});
