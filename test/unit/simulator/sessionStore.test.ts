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

  it('bounds what sessions hold: a session never over its size (the update refused, nothing changed), all of them under a total (least recently updated forgotten first)', () => {
    const s = new SessionStore(() => now, { maxSessions: 100, maxSessionBytes: 200, maxTotalBytes: 500 });
    const first = s.create('M1');
    assert.equal(s.update(first, { order: { reference: 'a' } }, '100'), undefined);
    const refused = s.update(first, { order: { description: 'x'.repeat(300) } }, '100');
    assert.match(refused ?? '', /would hold more than 200 characters of fields \(the simulator's bound on one session\); nothing was stored/);
    assert.deepEqual(first.fields, { order: { reference: 'a' } }, 'the refused update changed nothing');
    const others = Array.from({ length: 4 }, () => s.create('M1'));
    for (const o of others) assert.equal(s.update(o, { order: { description: 'y'.repeat(150) } }, '100'), undefined);
    // first is older than the four, each ~180 characters: the total stays under 500 by forgetting the oldest.
    assert.ok(s.bytes <= 500, `${s.bytes} characters held`);
    assert.equal(s.get('M1', first.id), undefined, 'the least recently updated went first');
    assert.equal(s.get('M1', others[3]!.id), others[3]);
  });

  it('refuses fields nested deeper than any real field, and keeps the session as it was', () => {
    const s = store();
    const session = s.create('M1');
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { x: deep };
    assert.match(s.update(session, { junk: deep }, '100') ?? '', /^The body of this session update is nested deeper than 64 levels \(at junk\.x\.x/);
    assert.deepEqual(session.fields, {});
    assert.equal(session.updateStatus, 'NO_UPDATE');
  });
});
