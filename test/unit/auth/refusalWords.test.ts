/**
 * A financing server's refusal names the field first ("RefreshToken: unknown, expired or already
 * used"). The messages the workbench writes around it keep those words (the redaction of messages masks
 * values, not words), and never the password or refresh token the request sent, even when the server
 * echoes it. Over loopback: the real session, send path and exchange log against the simulator and
 * against a server that echoes what it was sent.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FinancingSession, MemoryTokenStore } from '../../../src/auth';
import { formatExchangeLog, HttpClient, KnownSecrets } from '../../../src/http';
import { localSimulatorEnvironment, type Environment } from '../../../src/environments/environment';
import { sendOperation } from '../../../src/send/guardedSend';
import { startSimulator, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../../src/simulator';
import { answerYes } from '../../harness/sendPorts';

const SPENT_REFRESH = 'Refresh-Token-Sentinel-51fa';
const expired = () => ({ accessToken: 'expired-access', refreshToken: SPENT_REFRESH, expiresAt: Date.now() - 60_000, tokenType: 'Bearer', issuedAt: Date.now() - 3_600_000 });
const offers = { products: [{ name: 'TV', price: 100, quantity: 1 }] };

async function offersWithSpentRefreshToken(baseUrl: string, env: Environment) {
  const client = new HttpClient();
  const store = new MemoryTokenStore(expired());
  const session = new FinancingSession({ baseUrl, client, store, timeoutMs: 10_000 });
  const deps = { client: async () => client, session: async () => session, tokenStore: () => store, secret: async () => SIMULATOR_DEFAULTS.apiPassword };
  try {
    return await sendOperation(deps, answerYes, { env, operationId: 'financing.offers', body: offers });
  } finally {
    await client.close();
  }
}

describe('a financing refusal in the workbench\'s messages: the server\'s words kept, the secrets sent never', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let echo: Server;
  let echoUrl: string;
  before(async () => {
    sim = await startSimulator({ port: 0 });
    // A server that quotes what it was sent in its refusals (the password, the refresh token).
    echo = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const sent = String(req.headers['refreshtoken'] ?? (JSON.parse(body || '{}') as { password?: string }).password ?? '');
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: `RefreshToken: ${sent} is unknown; password: ${sent} is wrong` }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  after(async () => {
    await sim.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  it('a spent refresh token: the failure says "RefreshToken: unknown, expired or already used", in the exchange and its log line', async () => {
    const exchange = await offersWithSpentRefreshToken(sim.baseUrl, localSimulatorEnvironment(sim.port));
    const message = exchange.failure?.message ?? '';
    assert.match(message, /RefreshToken: unknown, expired or already used/, message);
    assert.doesNotMatch(message, /<redacted>/, message);
    const log = formatExchangeLog({ method: 'POST', url: `${sim.baseUrl}/api/online/offers`, headers: {}, timeoutMs: 1000, maxResponseBytes: 1000 }, new Error(message), new KnownSecrets());
    assert.match(log, /RefreshToken: unknown, expired or already used/, log);
  });

  it('a wrong partner password: "Sign in failed" keeps the server\'s words', async () => {
    const client = new HttpClient();
    try {
      const session = new FinancingSession({ baseUrl: sim.baseUrl, client, store: new MemoryTokenStore(), timeoutMs: 10_000 });
      await assert.rejects(session.signIn(SIMULATOR_DEFAULTS.partnerEmail, 'not-the-password'), (err: Error) => {
        assert.match(err.message, /^Sign in failed \(HTTP 401\); email: unknown account, or the password is wrong$/, err.message);
        return true;
      });
    } finally {
      await client.close();
    }
  });

  it('a server that echoes the refresh token or the password: neither reaches the message', async () => {
    const env: Environment = { ...localSimulatorEnvironment(sim.port), financingBaseUrl: echoUrl };
    const exchange = await offersWithSpentRefreshToken(echoUrl, env);
    const message = exchange.failure?.message ?? '';
    assert.match(message, /the token refresh was refused \(HTTP 401\); RefreshToken: <redacted> is unknown/, message);
    assert.ok(!message.includes(SPENT_REFRESH), message);
    const client = new HttpClient();
    try {
      const session = new FinancingSession({ baseUrl: echoUrl, client, store: new MemoryTokenStore(), timeoutMs: 10_000 });
      await assert.rejects(session.signIn('partner@example.com', 'Partner-Password-Sentinel'), (err: Error) => {
        assert.ok(!err.message.includes('Partner-Password-Sentinel'), err.message);
        return true;
      });
    } finally {
      await client.close();
    }
  });
});
