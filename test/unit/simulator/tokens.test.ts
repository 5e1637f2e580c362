import * as assert from 'node:assert/strict';
import { TokenStore } from '../../../src/simulator/financing/tokens';

describe('simulator: token store', () => {
  let now = 0;
  const store = () => new TokenStore(60, () => new Date(now));
  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
  });

  it('expires access tokens after expires_in seconds, not before', () => {
    const s = store();
    const set = s.issue('a@b.c');
    now += 59_999;
    assert.deepEqual(s.checkAccess(set.access_token), { ok: true, email: 'a@b.c' });
    now += 1;
    assert.deepEqual(s.checkAccess(set.access_token), { ok: false, reason: 'expired' });
  });

  it('rotates refresh tokens and expires them after a day; sweep forgets dead sessions', () => {
    const s = store();
    const first = s.issue('a@b.c');
    const second = s.refresh(first.refresh_token);
    assert.ok(second);
    assert.equal(s.refresh(first.refresh_token), undefined);
    assert.deepEqual(s.checkAccess(first.access_token), { ok: false, reason: 'unknown' });
    now += 24 * 3600 * 1000;
    s.sweep();
    assert.equal(s.refresh(second.refresh_token), undefined);
    assert.deepEqual(s.checkAccess(second.access_token), { ok: false, reason: 'unknown' });
  });

  it('reports a missing token as missing', () => {
    assert.deepEqual(store().checkAccess(undefined), { ok: false, reason: 'missing' });
  });
});
