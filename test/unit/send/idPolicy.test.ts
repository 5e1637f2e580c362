import * as assert from 'node:assert/strict';
import { decideIds, SentTransactions, type IdMode, type IdRequest, type SentTransaction } from '../../../src/send/idPolicy';
import { SendSession } from '../../../src/send/sendSession';
import type { Exchange } from '../../../src/send/exchange';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { answerYes } from '../../harness/sendPorts';
import { useSimulatorSender, type SimulatorSender } from '../../harness/simulatorSender';
import { FinancingSession, MemoryTokenStore } from '../../../src/auth';
import { HttpClient } from '../../../src/http';

const sent = (operationId: string, transactionId: string, answer: SentTransaction['answer'] = 'accepted'): SentTransaction => ({ operationId, transactionId, answer });
const INIT = 'gateway.initiateAuthentication';
const AUTH = 'gateway.authenticatePayer';
const card = { provided: { card: { number: '4440000042200014', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const payBody = () => ({ apiOperation: 'PAY', order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: card });

interface Row {
  name: string;
  request: IdRequest;
  sent: SentTransaction[];
  mode?: IdMode;
  transactionId: string;
  authenticationId?: string;
  note?: RegExp;
}

/** The id policy, row by row: what goes out for what the order already holds. */
const ROWS: Row[] = [
  { name: 'fresh start: a given id no one used goes as given', request: { operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T1' }, body: payBody() }, sent: [], transactionId: 'T1' },
  { name: 'fresh start: no id takes a fresh one', request: { operationId: 'gateway.authorize', params: { orderId: 'O' }, body: {} }, sent: [], transactionId: 'FRESH-1' },
  { name: 'retry after a decline: a new transaction id, same order', request: { operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T1' }, body: payBody() }, sent: [sent('gateway.pay', 'T1', 'declined')], transactionId: 'FRESH-1', note: /T1 was already sent on order O; Pay takes FRESH-1/ },
  { name: 'Authenticate Payer continues Initiate Authentication: its transaction id, not a fresh one', request: { operationId: AUTH, params: { orderId: 'O', transactionId: 'T-NEW' }, body: {} }, sent: [sent(INIT, 'T-INIT')], transactionId: 'T-INIT', note: /Authenticate Payer continues Initiate Authentication's transaction T-INIT on order O, not T-NEW/ },
  { name: 'Authenticate Payer with Initiate Authentication\'s id keeps it, though it was sent', request: { operationId: AUTH, params: { orderId: 'O', transactionId: 'T-INIT' }, body: {} }, sent: [sent(INIT, 'T-INIT')], transactionId: 'T-INIT' },
  { name: 'Authenticate Payer without an id takes Initiate Authentication\'s', request: { operationId: AUTH, params: { orderId: 'O' }, body: {} }, sent: [sent(INIT, 'T-OLD'), sent(INIT, 'T-INIT')], transactionId: 'T-INIT', note: /continues Initiate Authentication's transaction T-INIT on order O\.$/ },
  { name: 'Authenticate Payer on an order with no Initiate Authentication known: as given', request: { operationId: AUTH, params: { orderId: 'O', transactionId: 'T-X' }, body: {} }, sent: [], transactionId: 'T-X' },
  { name: 'Authenticate Payer does not continue a refused Initiate Authentication', request: { operationId: AUTH, params: { orderId: 'O', transactionId: 'T-X' }, body: {} }, sent: [sent(INIT, 'T-INIT', 'refused')], transactionId: 'T-X' },
  {
    name: 'Pay after authentication: a new transaction id, and authentication.transactionId',
    request: { operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T-INIT' }, body: payBody() }, sent: [sent(INIT, 'T-INIT'), sent(AUTH, 'T-INIT')],
    transactionId: 'FRESH-1', authenticationId: 'T-INIT', note: /T-INIT was already sent on order O; Pay takes FRESH-1/,
  },
  {
    name: 'Authorize after a challenge still pending: carries the authentication too',
    request: { operationId: 'gateway.authorize', version: 100, params: { orderId: 'O', transactionId: 'T-A' }, body: { apiOperation: 'AUTHORIZE' } }, sent: [sent(INIT, 'T-INIT'), sent(AUTH, 'T-INIT', 'sent')],
    transactionId: 'T-A', authenticationId: 'T-INIT',
  },
  { name: 'Pay after a failed authentication carries none (the gateway would refuse it)', request: { operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T-P' }, body: payBody() }, sent: [sent(INIT, 'T-INIT'), sent(AUTH, 'T-INIT', 'declined')], transactionId: 'T-P' },
  {
    name: 'a body that names its authentication keeps it',
    request: { operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T-P' }, body: { ...payBody(), authentication: { transactionId: 'T-MINE' } } }, sent: [sent(AUTH, 'T-INIT')],
    transactionId: 'T-P', authenticationId: 'T-MINE',
  },
  { name: 'a flow (as written) keeps a used id: its file says', mode: 'asWritten', request: { operationId: 'gateway.capture', params: { orderId: 'O', transactionId: 'T1' }, body: {} }, sent: [sent('gateway.capture', 'T1')], transactionId: 'T1' },
  { name: 'a flow\'s Authenticate Payer without an id continues', mode: 'asWritten', request: { operationId: AUTH, params: { orderId: 'O' }, body: {} }, sent: [sent(INIT, 'T-INIT')], transactionId: 'T-INIT', note: /continues Initiate Authentication's transaction T-INIT/ },
  { name: 'a flow\'s Pay is sent as written: no authentication added', mode: 'asWritten', request: { operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T-P' }, body: payBody() }, sent: [sent(AUTH, 'T-INIT')], transactionId: 'T-P' },
  { name: 'a read names an existing transaction: never replaced', request: { operationId: 'gateway.retrieveTransaction', params: { orderId: 'O', transactionId: 'T1' }, body: undefined }, sent: [sent('gateway.pay', 'T1')], transactionId: 'T1' },
];

describe('id policy: continuations, retries and fresh starts', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      let k = 0;
      const decided = decideIds(row.request, row.sent, () => `FRESH-${++k}`, row.mode ?? 'door');
      assert.equal(decided.params.transactionId, row.transactionId);
      assert.equal(decided.params.orderId, row.request.params.orderId, 'the order is kept');
      const auth = (decided.body as { authentication?: { transactionId?: string } } | undefined)?.authentication?.transactionId;
      assert.equal(auth, row.authenticationId);
      if (row.note) assert.match(decided.notes.transactionId ?? '', row.note);
      else assert.equal(decided.notes.transactionId, undefined);
    });
  }

  it('a fresh id that happens to be used on the order is drawn again', () => {
    const ids = ['T1', 'T2'];
    const decided = decideIds({ operationId: 'gateway.pay', params: { orderId: 'O', transactionId: 'T1' }, body: payBody() }, [sent('gateway.pay', 'T1')], () => ids.shift() ?? 'T3', 'door');
    assert.equal(decided.params.transactionId, 'T2');
  });

  it('the ledger is per environment and order, bounded, and learns each answer', () => {
    const ledger = new SentTransactions(3);
    ledger.claim('e1', 'O', 'T1', INIT);
    assert.ok(ledger.wasSent('e1', 'O', 'T1'));
    assert.ok(!ledger.wasSent('e2', 'O', 'T1'), 'another environment');
    assert.ok(!ledger.wasSent('e1', 'P', 'T1'), 'another order');
    const declined = { params: { orderId: 'O', transactionId: 'T1' }, operationId: INIT, environment: { id: 'e1', name: 'e', live: false }, response: { status: 200 }, decoded: { outcome: { result: 'FAILURE' } } } as unknown as Exchange;
    ledger.settle(declined);
    assert.equal(ledger.on('e1', 'O')[0]?.answer, 'declined');
    for (const o of ['A', 'B', 'C']) ledger.claim('e1', o, 'T', 'gateway.pay');
    assert.ok(!ledger.wasSent('e1', 'O', 'T1'), 'the oldest order is forgotten first');
  });
});

describe('send session: 3-D Secure through one door', function () {
  this.timeout(30_000);
  let sender: SimulatorSender;
  useSimulatorSender((s) => (sender = s));

  it('Initiate Authentication → Authenticate Payer (fresh id given) → Pay (no authentication in the body) pays authenticated', async () => {
    const client = new HttpClient();
    const store = new MemoryTokenStore();
    const financing = new FinancingSession({ baseUrl: sender.env.gatewayUrl ?? '', client, store, timeoutMs: 10_000 });
    let k = 0;
    const listened: string[] = [];
    const session = new SendSession({
      deps: () => ({ client: async () => client, session: async () => financing, tokenStore: () => store, secret: async () => SIMULATOR_DEFAULTS.apiPassword }),
      transactions: new SentTransactions(),
      ids: 'door',
      freshTransactionId: () => `TXN-S-${Date.now().toString(36)}-${++k}`,
    });
    session.hooks.onExchange.addHook('test', ({ exchange }) => void listened.push(`${exchange.operationId} ${exchange.params.transactionId}`));
    try {
      const orderId = `ORD-S-${Date.now().toString(36)}`;
      const init = await session.send(answerYes, { env: sender.env, operationId: INIT, params: { orderId, transactionId: 'TXN-INIT' }, body: { apiOperation: 'INITIATE_AUTHENTICATION', order: { currency: 'EUR' }, authentication: { channel: 'PAYER_BROWSER' }, sourceOfFunds: card } });
      assert.equal(init.response?.status, 200, init.response?.bodyText);
      const auth = await session.send(answerYes, { env: sender.env, operationId: AUTH, params: { orderId, transactionId: 'TXN-A-FORM' }, body: { apiOperation: 'AUTHENTICATE_PAYER', order: { amount: '50.00', currency: 'EUR' }, authentication: { redirectResponseUrl: 'https://merchant.example.com/back' }, sourceOfFunds: card } });
      assert.equal(auth.params.transactionId, 'TXN-INIT', 'Authenticate Payer continued the initiated transaction');
      assert.match(auth.response?.bodyText ?? '', /"transactionStatus":"Y"/, auth.response?.bodyText);
      const pay = await session.send(answerYes, { env: sender.env, operationId: 'gateway.pay', params: { orderId, transactionId: 'TXN-INIT' }, body: payBody() });
      assert.notEqual(pay.params.transactionId, 'TXN-INIT', 'Pay took a new transaction id');
      assert.equal((pay.request.body as { authentication?: { transactionId?: string } }).authentication?.transactionId, 'TXN-INIT');
      assert.equal(pay.decoded?.outcome?.result, 'SUCCESS', pay.response?.bodyText);
      assert.match(pay.response?.bodyText ?? '', /"status":"CAPTURED"/);
      // The simulator refuses a Pay whose authentication.transactionId is not a successful authentication of the order (authenticationRefusal).
      assert.deepEqual(listened, [`${INIT} TXN-INIT`, `${AUTH} TXN-INIT`, `gateway.pay ${pay.params.transactionId}`]);
    } finally {
      await client.close();
    }
  });
});
