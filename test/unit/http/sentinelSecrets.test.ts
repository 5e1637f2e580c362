import * as assert from 'node:assert/strict';
import { exampleBody, operations } from '../../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../../src/simulator';
import {
  buildRequest,
  formatExchangeLog,
  HttpClient,
  KnownSecrets,
  redactRequest,
  redactResponse,
  toCurl,
  type HttpResponse,
  type OutgoingRequest,
} from '../../../src/http';
import { FinancingSession, MemoryTokenStore, SignInFailed } from '../../../src/auth';
import { closedPort } from './support/network';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** Distinct, greppable values planted wherever a secret can go. */
const SENTINEL = {
  partnerPassword: 'SENTINEL-partner-pw-7f3a',
  apiPassword: 'SENTINEL-api-pw-91c2',
  passphrase: 'SENTINEL-passphrase-44d0',
  cardNumber: '5123450000000008',
  securityCode: '100',
};

/** Card data in a body: the number may show as 512345…0008, never whole; the CSC never appears as a value. */
function assertClean(text: string, known: KnownSecrets, where: string): void {
  for (const [name, value] of Object.entries(SENTINEL)) {
    if (name === 'securityCode') assert.ok(!/"securityCode"\s*:\s*"100"/.test(text), `${where}: CSC leaked\n${text}`);
    else assert.ok(!text.includes(value), `${where}: ${name} leaked\n${text}`);
  }
  assert.ok(!known.has(text), `${where}: a known secret leaked\n${text}`);
}

describe('sentinel secrets never leak into cURL, logs or error messages', function () {
  let sim: Simulator;
  let client: HttpClient;
  const known = new KnownSecrets().add(SENTINEL.partnerPassword, SENTINEL.apiPassword, SENTINEL.passphrase);
  const exchanges: { request: OutgoingRequest; outcome: HttpResponse | unknown }[] = [];

  before(async () => {
    sim = await startSimulator({
      port: 0,
      partnerAccounts: [{ email: SIMULATOR_DEFAULTS.partnerEmail, password: SENTINEL.partnerPassword }],
      merchants: [{ merchantId: SIMULATOR_DEFAULTS.merchantId, apiPassword: SENTINEL.apiPassword }],
    });
    client = new HttpClient();
  });

  after(async () => {
    await client.destroy();
    await sim.close();
  });

  it('runs every catalogue operation with sentinel credentials', async () => {
    const store = new MemoryTokenStore();
    const session = new FinancingSession({ baseUrl: sim.baseUrl, client, store, timeoutMs: 5000 });
    await session.signIn(SIMULATOR_DEFAULTS.partnerEmail, SENTINEL.partnerPassword);
    const tokens = await store.load();
    assert.ok(tokens);
    // Tokens are secrets too; the extension registers them as it receives them.
    known.add(tokens.accessToken, tokens.refreshToken);

    const orderId = `SENT-${Date.now()}`;
    for (const op of operations) {
      const body = op.id === 'financing.login'
        ? JSON.stringify({ email: SIMULATOR_DEFAULTS.partnerEmail, password: SENTINEL.partnerPassword })
        : JSON.stringify(exampleBody(op.id));
      const request = buildRequest(op, {
        baseUrl: sim.baseUrl,
        params: { merchantId: SIMULATOR_DEFAULTS.merchantId, orderId, transactionId: `${op.id}-1`, sessionId: 'SESSION0002ABCDEFGHIJ0123456789', tokenId: '9123456789012345' },
        credentials: { apiPassword: SENTINEL.apiPassword, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
        body,
        timeoutMs: 5000,
      });
      const outcome = await client.send(request).catch((error: unknown) => error);
      exchanges.push({ request, outcome });
      // Responses carry new tokens (login, refresh): those are secrets from now on.
      const json = (outcome as Partial<HttpResponse>).json;
      if (json && typeof json === 'object') known.add(Reflect.get(json, 'access_token') as string | undefined, Reflect.get(json, 'refresh_token') as string | undefined);
    }
    assert.ok(exchanges.some((e) => e.request.body?.includes(SENTINEL.cardNumber)), 'a body really carried the card number');
    assert.ok(exchanges.some((e) => JSON.stringify(e.outcome).includes('access_token')), 'a response really carried tokens');
  });

  it('default cURL export has none of them', () => {
    for (const { request } of exchanges) assertClean(toCurl(request, { includeSecrets: false, known }), known, `curl ${request.url}`);
  });

  it('cURL with secrets really includes them (so the default is doing the work)', () => {
    const withSecrets = exchanges.map(({ request }) => toCurl(request, { includeSecrets: true })).join('\n');
    assert.ok(withSecrets.includes(SENTINEL.cardNumber));
    assert.ok(known.has(withSecrets));
  });

  it('redacted request/response records and log lines have none of them', () => {
    for (const { request, outcome } of exchanges) {
      assertClean(JSON.stringify(redactRequest(request, known)), known, `request ${request.url}`);
      if (outcome && typeof outcome === 'object' && 'bodyText' in outcome) {
        assertClean(JSON.stringify(redactResponse(outcome as HttpResponse, known)), known, `response ${request.url}`);
      }
      assertClean(formatExchangeLog(request, outcome, known), known, `log ${request.url}`);
    }
  });

  it('error messages have none of them', async () => {
    const messages: string[] = [];
    const wrongLogin = new FinancingSession({ baseUrl: sim.baseUrl, client, store: new MemoryTokenStore(), timeoutMs: 5000 });
    await wrongLogin.signIn(SIMULATOR_DEFAULTS.partnerEmail, `${SENTINEL.partnerPassword}-wrong`).catch((e: unknown) => {
      assert.ok(e instanceof SignInFailed);
      messages.push(e.message);
    });
    const port = await closedPort();
    const [request] = exchanges;
    assert.ok(request);
    for (const fault of [{ url: `http://127.0.0.1:${port}/api/online/login` }, { headers: { ...request.request.headers, 'X-Simulator-Fault': 'latency=2000' }, timeoutMs: 200 }]) {
      await client.send({ ...request.request, ...fault }).catch((e: unknown) => messages.push(e instanceof Error ? e.message : String(e)));
    }
    const withPassphrase = new HttpClient({ tls: { passphrase: SENTINEL.passphrase } });
    await withPassphrase.send({ ...request.request, url: `https://127.0.0.1:${port}/x` }).catch((e: unknown) => messages.push(e instanceof Error ? e.message : String(e)));
    await withPassphrase.destroy();
    assert.equal(messages.length, 4);
    for (const message of messages) assertClean(message, known, `error "${message}"`);
  });
});
