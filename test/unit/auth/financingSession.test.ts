import * as assert from 'node:assert/strict';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../../src/simulator';
import { HttpClient, HttpFailure } from '../../../src/http';
import { FinancingSession, MemoryTokenStore, SignInFailed, SignInRequired, storedSessionState, type TokenSet } from '../../../src/auth';
import { offersRequest } from '../http/support/financingCalls';
import { closedPort } from '../http/support/network';
import { ManualClock } from '../../harness/manualClock';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

const { partnerEmail, partnerPassword } = SIMULATOR_DEFAULTS;

function countRequests(sim: Simulator, path: string): number {
  return sim.requestLog.entries.filter((e) => e.kind === 'request' && e.url.split('?')[0] === path).length;
}

describe('FinancingSession against the simulator', function () {
  let sim: Simulator;
  let client: HttpClient;
  // One clock for the simulator and the sessions: a token expires when the test moves it, on both sides at once.
  const clock = new ManualClock();

  const newSession = (store = new MemoryTokenStore()) => new FinancingSession({ baseUrl: sim.baseUrl, client, store, timeoutMs: 5000, now: clock.now });
  const signedInTokens = async (): Promise<TokenSet> => {
    const store = new MemoryTokenStore();
    await newSession(store).signIn(partnerEmail, partnerPassword);
    const tokens = await store.load();
    assert.ok(tokens);
    return tokens;
  };
  const offers = (session: FinancingSession) => session.callWithAuth((token) => client.send(offersRequest(sim.baseUrl, token)));

  before(async () => {
    sim = await startSimulator({ port: 0, tokenLifetimeSeconds: 2, now: clock.date });
    client = new HttpClient();
  });

  after(async () => {
    await client.destroy();
    await sim.close();
  });

  beforeEach(() => sim.requestLog.clear());

  it('signs in, stores the token set with expiresAt from expires_in seconds, and gets offers with the bearer token', async () => {
    const store = new MemoryTokenStore();
    const session = newSession(store);
    const state = await session.signIn(partnerEmail, partnerPassword);
    assert.equal(state.signedIn, true);
    const stored = await store.load();
    assert.ok(stored);
    assert.equal(stored.tokenType, 'Bearer');
    assert.equal(stored.expiresAt, clock.now() + 2000, 'expires_in is taken as seconds');

    const response = await offers(session);
    assert.equal(response.status, 200, response.bodyText);
    assert.equal((response.json as { success?: unknown }).success, true);
    const offersEntry = sim.requestLog.entries.find((e) => e.url === '/api/online/offers');
    assert.ok(offersEntry, 'the simulator saw the offers call');
  });

  it('refuses a wrong password with SignInFailed that does not repeat the password', async () => {
    const session = newSession();
    await assert.rejects(session.signIn(partnerEmail, 'SENTINEL-wrong-password'), (error: unknown) => {
      assert.ok(error instanceof SignInFailed);
      assert.ok(!error.message.includes('SENTINEL-wrong-password'));
      return true;
    });
    assert.equal(session.state().signedIn, false);
  });

  it('refreshes an expired token ONCE for 50 concurrent calls', async () => {
    const session = newSession();
    await session.signIn(partnerEmail, partnerPassword);
    const oldToken = await session.accessToken();
    clock.advance(2100); // the simulator's 2 s token is now expired on both sides

    const stale = await client.send(offersRequest(sim.baseUrl, oldToken));
    assert.equal(stale.status, 401, 'the old token really expired on the server');

    const responses = await Promise.all(Array.from({ length: 50 }, () => offers(session)));
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([200]));
    assert.equal(countRequests(sim, '/api/online/refreshToken'), 1);
    assert.equal(countRequests(sim, '/api/online/offers'), 51);
  });

  it('refreshes a token that expires within the skew, and not one with longer to live', async () => {
    const tokens = await signedInTokens();
    const now = clock.now();
    sim.requestLog.clear();
    const later = newSession(new MemoryTokenStore({ ...tokens, issuedAt: now - 3_600_000, expiresAt: now + 60_000 }));
    assert.equal(await later.accessToken(), tokens.accessToken);
    assert.equal(countRequests(sim, '/api/online/refreshToken'), 0);

    const soon = newSession(new MemoryTokenStore({ ...tokens, issuedAt: now - 3_600_000, expiresAt: now + 20_000 }));
    assert.notEqual(await soon.accessToken(), tokens.accessToken);
    assert.equal(countRequests(sim, '/api/online/refreshToken'), 1);
  });

  it('a 401 triggers one refresh and one retry', async () => {
    // A token the client believes valid for an hour but the server does not know (revoked elsewhere).
    const store = new MemoryTokenStore({ ...(await signedInTokens()), accessToken: 'sim_at_revoked', expiresAt: clock.now() + 3_600_000 });
    sim.requestLog.clear();

    const response = await offers(newSession(store));
    assert.equal(response.status, 200);
    assert.equal(countRequests(sim, '/api/online/refreshToken'), 1);
    assert.equal(countRequests(sim, '/api/online/offers'), 2);
  });

  it('50 concurrent calls rejected with 401 still share one refresh', async () => {
    const store = new MemoryTokenStore({ ...(await signedInTokens()), accessToken: 'sim_at_revoked', expiresAt: clock.now() + 3_600_000 });
    const session = newSession(store);
    sim.requestLog.clear();

    const responses = await Promise.all(Array.from({ length: 50 }, () => offers(session)));
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([200]));
    assert.equal(countRequests(sim, '/api/online/refreshToken'), 1);
  });

  it('returns the second 401 instead of looping when the retry is refused too', async () => {
    const session = newSession();
    await session.signIn(partnerEmail, partnerPassword);
    sim.requestLog.clear();
    let calls = 0;
    const response = await session.callWithAuth(async () => {
      calls++;
      return client.send(offersRequest(sim.baseUrl, 'sim_at_never_valid'));
    });
    assert.equal(response.status, 401);
    assert.equal(calls, 2);
    assert.equal(countRequests(sim, '/api/online/refreshToken'), 1);
  });

  it('a refused refresh clears the tokens and throws SignInRequired', async () => {
    const store = new MemoryTokenStore({ accessToken: 'sim_at_x', refreshToken: 'sim_rt_unknown', expiresAt: clock.now() - 1000, tokenType: 'Bearer' });
    const session = newSession(store);
    const changes: boolean[] = [];
    session.onDidChange((s) => changes.push(s.signedIn));
    await assert.rejects(session.accessToken(), SignInRequired);
    assert.equal(await store.load(), undefined);
    assert.equal(session.state().signedIn, false);
    assert.equal(changes.at(-1), false);
  });

  it('a network failure during refresh keeps the tokens (the refresh token may still be good)', async () => {
    const port = await closedPort();
    const tokens: TokenSet = { accessToken: 'a', refreshToken: 'r', expiresAt: clock.now() - 1000, tokenType: 'Bearer' };
    const store = new MemoryTokenStore(tokens);
    const session = new FinancingSession({ baseUrl: `http://127.0.0.1:${port}`, client, store, timeoutMs: 2000, now: clock.now });
    await assert.rejects(session.accessToken(), (e: unknown) => e instanceof HttpFailure && e.kind === 'refused');
    assert.deepEqual(await store.load(), tokens);
  });

  it('without tokens, accessToken() asks to sign in', async () => {
    await assert.rejects(newSession().accessToken(), SignInRequired);
  });

  it('sign out revokes the token on the server and clears the store', async () => {
    const store = new MemoryTokenStore();
    const session = newSession(store);
    await session.signIn(partnerEmail, partnerPassword);
    const token = await session.accessToken();

    const result = await session.signOut();
    assert.equal(result.revoked, true);
    assert.equal(await store.load(), undefined);
    assert.deepEqual(session.state(), { signedIn: false, expiresAt: undefined });
    const after = await client.send(offersRequest(sim.baseUrl, token));
    assert.equal(after.status, 401, 'the old token is refused after logout');
    await assert.rejects(session.accessToken(), SignInRequired);
  });

  it('sign out with an expired access token still ends the server session (the refresh token dies too)', async () => {
    const tokens = await signedInTokens();
    clock.advance(2100); // the 2 s access token expires; its refresh token lives on
    sim.requestLog.clear();
    const store = new MemoryTokenStore(tokens);
    const result = await newSession(store).signOut();
    assert.equal(result.revoked, true);
    assert.equal(await store.load(), undefined);
    const replay = await newSession(new MemoryTokenStore({ ...tokens, expiresAt: 0 })).accessToken().catch((e: unknown) => e);
    assert.ok(replay instanceof SignInRequired, 'the old refresh token no longer works');
  });

  it('sign out clears the store even when logout fails', async () => {
    const port = await closedPort();
    const store = new MemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt: clock.now() + 60_000, tokenType: 'Bearer' });
    const session = new FinancingSession({ baseUrl: `http://127.0.0.1:${port}`, client, store, timeoutMs: 2000, now: clock.now });
    const result = await session.signOut();
    assert.equal(result.revoked, false);
    assert.match(result.message ?? '', /refused/);
    assert.equal(await store.load(), undefined);
  });

  it('restores a stored session so state() is right before the first call', async () => {
    const expiresAt = clock.now() + 60_000;
    const session = newSession(new MemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt, tokenType: 'Bearer' }));
    assert.equal(session.state().signedIn, false);
    assert.deepEqual(await session.restore(), { signedIn: true, expiresAt });
  });
});

describe('stored session state (what the Environments view shows without an HTTP client)', () => {
  it('is signed in with the expiry of a well-formed stored set', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: 1_900_000_000_000, tokenType: 'Bearer' };
    assert.deepEqual(await storedSessionState(new MemoryTokenStore(tokens)), { signedIn: true, expiresAt: tokens.expiresAt });
  });

  it('is signed out for nothing stored, a hand-edited set, or a store that fails', async () => {
    assert.deepEqual(await storedSessionState(new MemoryTokenStore()), { signedIn: false, expiresAt: undefined });
    const broken = { accessToken: '', refreshToken: 'r', expiresAt: 'soon', tokenType: 'Bearer' } as unknown as TokenSet;
    assert.deepEqual(await storedSessionState(new MemoryTokenStore(broken)), { signedIn: false, expiresAt: undefined });
    const failing = { load: () => Promise.reject(new Error('keychain locked')), save: async () => undefined, clear: async () => undefined };
    assert.deepEqual(await storedSessionState(failing), { signedIn: false, expiresAt: undefined });
  });
});
