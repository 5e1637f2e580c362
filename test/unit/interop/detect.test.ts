import * as assert from 'node:assert/strict';
import { detectOperation, type Detection } from '../../../src/interop/import/detect';

const gw = 'https://gw.test/api/rest/version';
const found = (d: Detection) => {
  assert.ok(d.ok, d.ok ? '' : d.why);
  return d.detected;
};

describe('operation detection (method + path template + apiOperation → the catalogue)', () => {
  it('tells the operations on one transaction path apart by apiOperation, with the version and params from the path', () => {
    const d = found(detectOperation('PUT', `${gw}/11/merchant/TESTM/order/O-1/transaction/T-1`, 'AUTHORIZE'));
    assert.equal(d.op.id, 'gateway.authorize');
    assert.equal(d.version, 11);
    assert.equal(d.baseUrl, 'https://gw.test');
    assert.deepEqual(d.params, { merchantId: 'TESTM', orderId: 'O-1', transactionId: 'T-1' });
    assert.equal(found(detectOperation('PUT', `${gw}/13/merchant/M/order/O/transaction/T`, 'REFUND')).op.id, 'gateway.refund');
  });

  it('reads GET paths, the session path and the financing query', () => {
    assert.equal(found(detectOperation('GET', `${gw}/100/merchant/M/order/O`, undefined)).op.id, 'gateway.retrieveOrder');
    assert.equal(found(detectOperation('GET', `${gw}/100/merchant/M/order/O/transaction/T`, undefined)).op.id, 'gateway.retrieveTransaction');
    assert.equal(found(detectOperation('PUT', `${gw}/100/merchant/M/session/SESSION0001`, undefined)).op.id, 'gateway.updateSession');
    assert.equal(found(detectOperation('POST', 'https://fin.test/api/online/offers?selectFirst=true', undefined)).op.id, 'financing.offersSelectFirst');
    assert.equal(found(detectOperation('POST', 'https://fin.test/api/online/offers', undefined)).op.id, 'financing.offers');
  });

  it('takes a trailing slash (…/session/, …/order/ID/) or a doubled one for the same resource, as the gateway\'s public collections write them', () => {
    assert.equal(found(detectOperation('POST', `${gw}/100/merchant/M/session/`, undefined)).op.id, 'gateway.createSession');
    assert.deepEqual(found(detectOperation('GET', `${gw}/100/merchant/M/order/ID/`, undefined)).params, { merchantId: 'M', orderId: 'ID' });
    assert.equal(found(detectOperation('PUT', `${gw}/100/merchant/M/order/O//transaction/T/`, 'PAY')).op.id, 'gateway.pay');
    assert.equal(found(detectOperation('GET', 'https://gw.test//api/rest/version/100/merchant/M//order/ID//', undefined)).op.id, 'gateway.retrieveOrder');
    assert.equal(found(detectOperation('GET', `${gw}/100/merchant/M/order/ID/#top`, undefined)).op.id, 'gateway.retrieveOrder');
  });

  it('asks the catalogue whether the version is served, and says why not', () => {
    const d = detectOperation('PUT', `${gw}/9999/merchant/M/order/O/transaction/T`, 'AUTHORIZE');
    assert.equal(d.ok, false);
    assert.match(d.ok ? '' : d.why, /Authorize is not served at version 9999 by the catalogue/);
  });

  it('matches the EMV 3-D Secure pair at version 57, as the gateway\'s public sample collections send it', () => {
    assert.equal(found(detectOperation('PUT', `${gw}/57/merchant/M/order/O/transaction/T`, 'INITIATE_AUTHENTICATION')).op.id, 'gateway.initiateAuthentication');
    assert.equal(found(detectOperation('PUT', `${gw}/57/merchant/M/order/O/transaction/T`, 'AUTHENTICATE_PAYER')).op.id, 'gateway.authenticatePayer');
  });

  it('says why a request matches nothing: the path, the method, the apiOperation', () => {
    const why = (d: Detection) => (d.ok ? '' : d.why);
    assert.match(why(detectOperation('GET', 'https://example.com/status', undefined)), /no \/api\/rest\/…/);
    assert.match(why(detectOperation('GET', 'https://h/api/rest/version/100/merchant/M/nothing', undefined)), /no operation of the catalogue has the path/);
    assert.match(why(detectOperation('POST', `${gw}/100/merchant/M/order/O`, undefined)), /is GET in the catalogue, not POST/);
    assert.match(why(detectOperation('PUT', `${gw}/100/merchant/M/order/O/transaction/T`, 'DISBURSEMENT')), /no PUT operation at this path has apiOperation "DISBURSEMENT"/);
    assert.match(why(detectOperation('PUT', `${gw}/100/merchant/M/order/O/transaction/T`, undefined)), /needs an "apiOperation"/);
  });

  it('is bounded: a URL past 8192 characters is not matched', () => {
    const d = detectOperation('PUT', `${gw}/100/merchant/M/order/${'a/'.repeat(50_000)}`, 'PAY');
    assert.match(d.ok ? '' : d.why, /8192/);
  });
});
