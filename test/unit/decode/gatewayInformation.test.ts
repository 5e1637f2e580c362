/** Check Gateway's answer says whether the gateway is there and processing, not "Unrecognised gateway response". */
import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode';

describe('decodeResponse: Check Gateway', () => {
  it('OPERATING is a success naming the platform version; SHUTDOWN an error; anything else a warning', () => {
    const up = decodeResponse({ operationId: 'gateway.checkGateway', httpStatus: 200, body: { gatewayVersion: '100.2.0', status: 'OPERATING' } });
    assert.equal(up.verdict.tone, 'success');
    assert.equal(up.verdict.title, 'Gateway operating');
    assert.match(up.verdict.detail ?? '', /gateway version 100\.2\.0/);
    const down = decodeResponse({ operationId: 'gateway.checkGateway', httpStatus: 200, body: { gatewayVersion: '100.2.0', status: 'SHUTDOWN' } });
    assert.equal(down.verdict.tone, 'error');
    const odd = decodeResponse({ operationId: 'gateway.checkGateway', httpStatus: 200, body: { hello: 'world' } });
    assert.equal(odd.verdict.tone, 'warning');
    assert.equal(odd.verdict.title, 'Gateway status unknown');
  });
});
