/**
 * A body naming its payment session (session.id) may leave required fields to the session: the
 * catalogue says "needed in the request or in the session" (a warning, never blocking), because it
 * cannot see what the session holds; the simulator, which can, judges the merged body.
 */
import * as assert from 'node:assert/strict';
import { SESSION_MAY_HOLD, sessionMayHold, sessionSupplied, validateBody, validateField, type ValidationIssue } from '../../../src/catalogue';
import { NOW } from './helpers';

const SESSION = 'SESSION0002ABCDEFGHIJKLMNOPQRST';
const errors = (issues: ValidationIssue[]) => issues.filter((i) => i.severity === 'error').map((i) => `${i.path}:${i.rule}`);
const supplied = (issues: ValidationIssue[]) => issues.filter((i) => i.rule === SESSION_MAY_HOLD).map((i) => i.path);

describe('catalogue: fields a payment session can supply', () => {
  it('Initiate Authentication with only session.id: order.currency and authentication.channel are needed in the request or the session, no error', () => {
    const issues = validateBody('gateway.initiateAuthentication', 100, { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: SESSION } }, NOW);
    assert.deepEqual(errors(issues), []);
    assert.deepEqual(supplied(issues), ['order.currency', 'authentication.channel']);
    const currency = issues.find((i) => i.path === 'order.currency');
    assert.equal(currency?.severity, 'warning');
    assert.equal(currency?.message, `order.currency: needed in the request or in the session: left out here, the gateway takes it from session '${SESSION}' when the session holds it (Update Session stores it)`);
  });

  it('with authentication sent and the order left to the session, only the order is the session\'s to supply', () => {
    const issues = validateBody('gateway.initiateAuthentication', 100, { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: SESSION }, authentication: { channel: 'PAYER_BROWSER' } }, NOW);
    assert.deepEqual(errors(issues), []);
    assert.deepEqual(supplied(issues), ['order.currency']);
  });

  it('without a session the same fields stay required (errors)', () => {
    const issues = validateBody('gateway.initiateAuthentication', 100, { apiOperation: 'INITIATE_AUTHENTICATION' }, NOW);
    assert.deepEqual(errors(issues), ['order:required', 'authentication:required']);
    assert.deepEqual(supplied(issues), []);
  });

  it('Pay, Authorize and Verify: amount, currency and card may come from the session; apiOperation never does', () => {
    const pay = validateBody('gateway.pay', 100, { session: { id: SESSION } }, NOW);
    assert.deepEqual(errors(pay), ['apiOperation:required']);
    assert.deepEqual(supplied(pay), ['order.amount', 'order.currency', 'sourceOfFunds.provided.card.number']);
    assert.deepEqual(errors(validateBody('gateway.authorize', 11, { apiOperation: 'AUTHORIZE', session: { id: SESSION } }, NOW)), []);
    assert.deepEqual(supplied(validateBody('gateway.verify', 100, { apiOperation: 'VERIFY', session: { id: SESSION } }, NOW)), ['order.currency', 'sourceOfFunds.provided.card.number']);
  });

  it('Authenticate Payer: order.amount, order.currency and authentication.redirectResponseUrl may come from the session', () => {
    const issues = validateBody('gateway.authenticatePayer', 100, { apiOperation: 'AUTHENTICATE_PAYER', session: { id: SESSION }, device: { browser: 'MOZILLA' } }, NOW);
    assert.deepEqual(errors(issues), []);
    assert.deepEqual(supplied(issues), ['order.amount', 'order.currency', 'authentication.redirectResponseUrl']);
  });

  it('a session.id that breaks its own rules excuses nothing (the gateway refuses that reference first)', () => {
    const issues = validateBody('gateway.initiateAuthentication', 100, { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: 'SESSION-short' } }, NOW);
    assert.deepEqual(errors(issues), ['order:required', 'session.id:minLength', 'authentication:required']);
    assert.deepEqual(supplied(issues), []);
  });

  it('an operation that takes no session.id is judged as if none were named (Capture still needs its amount)', () => {
    const issues = validateBody('gateway.capture', 100, { apiOperation: 'CAPTURE', session: { id: SESSION } }, NOW);
    assert.deepEqual(errors(issues), ['transaction.amount:requiredFor', 'transaction.currency:requiredFor']);
    assert.equal(sessionMayHold('gateway.capture', 100, 'transaction.amount'), false);
  });

  it('a list entry the request sends must be complete: the list replaces the session\'s whole, so its required fields stay errors', () => {
    const issues = validateBody('gateway.pay', 100, { apiOperation: 'PAY', session: { id: SESSION }, item: [{ quantity: '1' }] }, NOW);
    assert.ok(errors(issues).some((e) => e.startsWith('item[0].')), JSON.stringify(issues));
    assert.ok(!supplied(issues).some((p) => p.startsWith('item')));
  });

  it('a value sent is still judged: the session only stands in for what is left out', () => {
    const issues = validateBody('gateway.initiateAuthentication', 100, { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: SESSION }, order: { currency: 'eur' } }, NOW);
    assert.deepEqual(errors(issues), ['order.currency:pattern']);
  });

  it('sessionMayHold: every field of an operation that takes a session, except apiOperation and the session reference', () => {
    assert.equal(sessionMayHold('gateway.initiateAuthentication', 100, 'order.currency'), true);
    assert.equal(sessionMayHold('gateway.pay', 100, 'sourceOfFunds.provided.card.number'), true);
    assert.equal(sessionMayHold('gateway.pay', 100, 'apiOperation'), false);
    assert.equal(sessionMayHold('gateway.pay', 100, 'session.id'), false);
  });

  it('sessionSupplied softens a field-by-field check the same way, with the same words (the form merges the two)', () => {
    const body = { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: SESSION } };
    const one = sessionSupplied('gateway.initiateAuthentication', 100, body, validateField('gateway.initiateAuthentication', 100, 'order.currency', undefined));
    const whole = validateBody('gateway.initiateAuthentication', 100, body, NOW).find((i) => i.path === 'order.currency');
    assert.deepEqual(one, [whole]);
  });

  it('Update Session holds the 3-D Secure fields a later Initiate Authentication and Authenticate Payer take (3DS JavaScript API guide), from version 54', () => {
    const held = {
      order: { amount: '25.00', currency: 'EUR' },
      authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION', redirectResponseUrl: 'https://merchant.example.com/3ds-return' },
      device: { browser: 'MOZILLA', ipAddress: '127.0.0.1' },
    };
    assert.deepEqual(validateBody('gateway.updateSession', 100, held, NOW), []);
    assert.deepEqual(validateBody('gateway.updateSession', 100, { authentication: { purpose: 'ADD_CARD' } }, NOW), [], 'each is optional in a session');
    assert.deepEqual(errors(validateBody('gateway.updateSession', 53, held, NOW)), ['authentication:notInVersion']);
  });
});
