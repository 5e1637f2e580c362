import * as assert from 'node:assert/strict';
import { maskedSessionFields, MAX_SESSIONS, SESSION_LIFETIME_MS, SessionStore } from '../../../src/simulator/gateway/sessions';

describe('simulator: payment sessions', () => {
  let now = 0;
  const store = () => new SessionStore(() => now);
  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
  });

  it('a session lasts 15 minutes after its last update, then is unknown; an update extends it', () => {
    const s = store();
    const session = s.create('M1');
    now += SESSION_LIFETIME_MS - 1;
    s.update(session, { order: { currency: 'EUR' } }, '100');
    now += SESSION_LIFETIME_MS - 1;
    assert.equal(s.get('M1', session.id), session);
    now += 1;
    assert.equal(s.get('M1', session.id), undefined);
  });

  it('belongs to its merchant only', () => {
    const s = store();
    const session = s.create('M1');
    assert.equal(s.get('M2', session.id), undefined);
    assert.equal(s.ownedByAnother('M2', session.id), true);
    assert.equal(s.ownedByAnother('M1', session.id), false);
  });

  it(`keeps at most ${MAX_SESSIONS} sessions, forgetting the oldest`, () => {
    const s = store();
    const first = s.create('M1');
    for (let i = 0; i < MAX_SESSIONS; i++) s.create('M1');
    assert.equal(s.size, MAX_SESSIONS);
    assert.equal(s.get('M1', first.id), undefined);
  });

  it('shows the card masked (first 6, x, last 4) and never the security code; forgets the code after a payment used it', () => {
    const s = store();
    const session = s.create('M1');
    s.update(session, { sourceOfFunds: { provided: { card: { number: '4012000033330026', securityCode: '123', expiry: { month: '1', year: '39' } } } } }, '100');
    assert.deepEqual(maskedSessionFields(session.fields), { sourceOfFunds: { provided: { card: { number: '401200xxxxxx0026', expiry: { month: '1', year: '39' } } } } });
    s.forgetSecurityCode(session);
    assert.ok(!JSON.stringify(session.fields).includes('securityCode'));
  });
});
