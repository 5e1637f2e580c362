/**
 * The Gateway Tap in a real extension host: started with its command on the simulator (itself
 * started with its command), a merchant's checkout made through it by an HTTP client of the test
 * (create session, update session, authorize with the session), then the Tap view, the status bar,
 * History (marked as the tap's), the Orders view, a fault, Save as Flow replayed by the real CLI,
 * Stop. And the LIVE question, asked through the send path's port as every door asks it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeExchange } from '../../src/history/describeExchange';
import type { OrderSummary } from '../../src/orders/answers/timeline';
import type { Exchange } from '../../src/send/exchange';
import { SIMULATOR_DEFAULTS } from '../../src/simulator';
import type { TapCall } from '../../src/tap/types';
import { freePort } from '../harness/codeServer';
import { LIVE_MERCHANT, RecordingPort } from '../harness/sendPorts';
import { extensionApi, loggedText, runCli, useSendPort, waitFor, type WorkbenchTestApi } from './support';

/**
 * An environment of the simulator started here: the built-in "Local simulator" keeps the port it had
 * when the environment list was first saved (by an earlier test), not this run's free port.
 */
const SIMULATOR_ENV = 'it-tap-simulator';
const AUTHORIZATION = `Basic ${Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64')}`;

interface TapTestApi extends WorkbenchTestApi {
  history: { list(): Exchange[] };
  inspect: WorkbenchTestApi['inspect'] & {
    tapRows(): { label: string; description: string; icon: string }[];
    tapCalls(): readonly TapCall[];
    orderRows(): OrderSummary[];
    /** The HTTPS_PROXY VS Code's environment collection gives new terminals, if any. */
    terminalsThroughTap?(): string | undefined;
  };
}

/** The merchant's server: a plain HTTP client, as a shop's backend calls its gateway base URL. */
async function call(base: string, method: string, apiPath: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await fetch(`${base}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}${apiPath}`, {
    method,
    headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  return { status: answer.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('Gateway Tap in a real extension host', function () {
  this.timeout(120_000);
  const config = () => vscode.workspace.getConfiguration('paymentWorkbench');
  let previousPort: number | undefined;
  let api: TapTestApi;
  let simulatorPort: number;
  let dir: string;

  const tap = async () => (await api.inspect.features()).tap;

  before(async () => {
    api = (await extensionApi()) as TapTestApi;
    previousPort = config().inspect<number>('simulator.port')?.workspaceValue;
    simulatorPort = await freePort();
    await config().update('simulator.port', simulatorPort, vscode.ConfigurationTarget.Workspace);
    const started = await vscode.commands.executeCommand<{ baseUrl: string } | undefined>('paymentWorkbench.startSimulator');
    assert.equal(started?.baseUrl, `http://127.0.0.1:${simulatorPort}`);
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: SIMULATOR_ENV, name: 'Tap simulator', gatewayUrl: started.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true, timeoutMs: 5000 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-'));
  });

  after(async () => {
    await vscode.commands.executeCommand('paymentWorkbench.tap.stop');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('paymentWorkbench.stopSimulator');
    await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: 'local-simulator' });
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: SIMULATOR_ENV, confirmed: true });
    await config().update('simulator.port', previousPort, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('Gateway Tap: a checkout through it fills the Tap view, counts in the status bar, lands in History and Orders, saves as a flow that replays green, and stops', async () => {
    const started = await vscode.commands.executeCommand<{ url: string } | undefined>('paymentWorkbench.tap.start', { environmentId: SIMULATOR_ENV });
    assert.ok(started && started.url.startsWith('http://127.0.0.1:'), `started on loopback: ${JSON.stringify(started)}`);
    const address = started.url.slice('http://'.length);
    assert.equal((await tap()).statusText()?.text, `$(radio-tower) Tap ${address} · 0 calls`);
    assert.match((await tap()).statusText()?.tooltip ?? '', new RegExp(`Upstream: Tap simulator \\(http://127\\.0\\.0\\.1:${simulatorPort}\\)`));

    // The merchant's checkout: a session, the card put in it, an Authorize that pays with it.
    const orderId = `IT-TAP-${Date.now()}`;
    const created = await call(started.url, 'POST', '/session', {});
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const sessionId = (created.json.session as { id: string }).id;
    const updated = await call(started.url, 'PUT', `/session/${sessionId}`, { order: { amount: '12.00', currency: 'EUR' }, sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    const paid = await call(started.url, 'PUT', `/order/${orderId}/transaction/TXN-1`, { apiOperation: 'AUTHORIZE', order: { amount: '12.00', currency: 'EUR' }, session: { id: sessionId } });
    assert.equal(paid.json.result, 'SUCCESS', JSON.stringify(paid.json));

    // The Tap view: one row per call, newest first.
    const rows = await waitFor('three rows in the Tap view', () => {
      const shown = api.inspect.tapRows();
      return shown.length === 3 ? shown : undefined;
    });
    assert.deepEqual(rows.map((r) => r.label), ['Authorize v100', 'Update Session v100', 'Create Session v100']);
    assert.match(rows[0]?.description ?? '', new RegExp(`^201 · APPROVED · (no problems|\\d+ warnings?) · ${orderId}/TXN-1 · `), 'status and verdict first; warnings never an error');
    assert.equal(rows[0]?.icon, 'pass', 'an approval shows its tone');
    assert.match(rows[2]?.description ?? '', new RegExp(`^201 · .* · session ${sessionId} · `));
    await waitFor('the status bar count', async () => ((await tap()).statusText()?.text.endsWith('· 3 calls') ? true : undefined));

    // History keeps each call, marked as the tap's; the Orders view threads the session calls into the order.
    await (await tap()).historyWritten();
    const tapped = api.history.list().filter((e) => e.seenBy === 'tap' && (e.params.orderId === orderId || e.params.sessionId === sessionId || e.response?.bodyText.includes(sessionId)));
    assert.deepEqual(tapped.map((e) => e.operationId).sort(), ['gateway.authorize', 'gateway.createSession', 'gateway.updateSession']);
    for (const e of tapped) assert.match(describeExchange(e), / · tap$/, 'History marks the row');
    assert.ok(tapped.every((e) => !JSON.stringify(e).includes('5123450000000008') || e.environment.live === false), 'only a public test card on a TEST upstream is kept in full');
    // The merchant's own credentials passed through: never kept, never logged.
    const historyFile = fs.readFileSync(path.join(api.inspect.globalStorageFolder, 'history.json'), 'utf8');
    for (const secret of [SIMULATOR_DEFAULTS.apiPassword, AUTHORIZATION.slice('Basic '.length)]) {
      assert.ok(historyFile.includes(orderId) && !historyFile.includes(secret), 'the password is not in the history file');
      assert.ok(!loggedText(api.inspect.logFolder).includes(secret), 'the password is not in the log');
    }
    // The Orders view shows the active environment's orders.
    await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: SIMULATOR_ENV });
    const order = api.inspect.orderRows().find((o) => o.orderId === orderId);
    assert.ok(order, 'the order is in the Orders view');
    assert.deepEqual(order.steps.map((s) => s.operationTitle), ['Create Session', 'Update Session', 'Authorize']);

    // A click on a row opens the response panel.
    await vscode.commands.executeCommand('paymentWorkbench.tap.open', api.inspect.tapCalls()[0]?.seq);
    await waitFor('the response panel of the Authorize', () => (vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.label.startsWith('Authorize'))) ? true : undefined));

    // A fault on demand: the next Authorize is answered 503 by the tap, and its row says so (and what
    // the catalogue says of its body: a reference one character too long).
    const rules = await vscode.commands.executeCommand<readonly unknown[] | undefined>('paymentWorkbench.tap.setFaults', 'authorize:503@1');
    assert.equal(rules?.length, 1);
    assert.match((await tap()).statusText()?.tooltip ?? '', /Faults: authorize:503@1/);
    const faulted = await call(started.url, 'PUT', `/order/${orderId}-2/transaction/TXN-1`, { apiOperation: 'AUTHORIZE', order: { amount: '1.00', currency: 'EUR', reference: 'r'.repeat(41) }, session: { id: sessionId } });
    assert.equal(faulted.status, 503);
    const faultRow = await waitFor('the faulted row', () => {
      const first = api.inspect.tapRows()[0];
      return api.inspect.tapRows().length === 4 ? first : undefined;
    });
    assert.equal(faultRow?.icon, 'zap');
    assert.match(faultRow?.description ?? '', /^503 · .* · 1 error(, \d+ warnings?)? · fault · /);

    // Save as Flow from the Authorize row: the order's calls (its session's too), replayed green by the CLI.
    const authorizeRow = api.inspect.tapCalls().find((c) => c.orderId === orderId);
    assert.ok(authorizeRow);
    const saved = await vscode.commands.executeCommand<vscode.Uri | undefined>('paymentWorkbench.tap.saveAsFlow', authorizeRow, undefined, { target: vscode.Uri.file(path.join(dir, 'checkout.payflow.json')) });
    assert.ok(saved, 'the flow was written');
    const flow = JSON.parse(fs.readFileSync(saved.fsPath, 'utf8')) as { environment?: string; steps: { id: string; operation: string; params?: Record<string, string>; body?: { session?: { id?: string } } }[] };
    assert.deepEqual(flow.steps.map((s) => s.operation), ['gateway.createSession', 'gateway.updateSession', 'gateway.authorize']);
    assert.match(flow.steps[2]?.body?.session?.id ?? '', /^\{\{(createSession|updateSession)\./, 'the Authorize refers to the session an earlier step made');
    const environments = path.join(dir, 'environments.json');
    assert.equal(flow.environment, SIMULATOR_ENV);
    // The CLI's own "local-simulator" is on the default port: the flow runs on this simulator by another name.
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: 'it-tap-sim', name: 'This simulator', gatewayUrl: `http://127.0.0.1:${simulatorPort}`, merchantId: SIMULATOR_DEFAULTS.merchantId }] }));
    const run = await runCli(['run', saved.fsPath, '--environments', environments, '--env', 'it-tap-sim'], { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: SIMULATOR_DEFAULTS.apiPassword });
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, /^3 passed, 0 failed, 0 skipped$/m);

    // Stop: the status bar item goes, the address answers no more, the rows stay to work with.
    const seen = await vscode.commands.executeCommand<number | undefined>('paymentWorkbench.tap.stop');
    assert.equal(seen, 4);
    assert.equal((await tap()).statusText(), undefined);
    await assert.rejects(fetch(`${started.url}/api/rest/version/100/information`), 'nothing listens at the address any more');
    assert.equal(api.inspect.tapRows().length, 4);
  });

  it('New Terminal Through the Tap: a program there, hard-wired to the gateway host, shows its calls in the Tap view', async () => {
    const started = await vscode.commands.executeCommand<{ url: string } | undefined>('paymentWorkbench.tap.start', { environmentId: SIMULATOR_ENV });
    assert.ok(started, 'the tap started');
    const terminal = await vscode.commands.executeCommand<vscode.Terminal | undefined>('paymentWorkbench.tap.newTerminal');
    assert.ok(terminal, 'a terminal was opened');
    try {
      assert.match(terminal.name, /^Through the Gateway Tap \(127\.0\.0\.1:\d+\)$/);
      const env = (terminal.creationOptions as vscode.TerminalOptions).env ?? {};
      assert.equal(env.HTTPS_PROXY, started.url, 'its programs send HTTPS through the tap');
      assert.ok(env.NODE_EXTRA_CA_CERTS && fs.readFileSync(env.NODE_EXTRA_CA_CERTS, 'utf8').includes('BEGIN CERTIFICATE'), 'and trust the run\'s interception CA');
      // The repository's Node merchant: https://test-gateway.mastercard.com in its code, mapped by the tap to its upstream.
      const merchant = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'tap', 'intercept', 'merchant.js');
      terminal.sendText(`GATEWAY_PASSWORD=${SIMULATOR_DEFAULTS.apiPassword} ${JSON.stringify(process.execPath)} ${JSON.stringify(merchant)}`);
      const rows = await waitFor('the program\'s four calls in the Tap view', () => {
        const labels = api.inspect.tapRows().map((r) => `${r.label} ${r.description}`);
        return labels.length >= 4 ? labels : undefined;
      }, 60_000);
      for (const operation of ['Create Session', 'Update Session', 'Pay', 'Retrieve Order']) assert.ok(rows.some((r) => r.includes(operation)), `${operation} in ${rows.join(' | ')}`);
      assert.ok(api.inspect.tapCalls().every((c) => c.problems.length === 0), 'each call passed its checks');
    } finally {
      terminal.dispose();
      await vscode.commands.executeCommand('paymentWorkbench.tap.stop');
    }
  });

  it('tap.terminalsThroughTap: while the tap runs every new terminal gets its proxy; after Stop none does', async () => {
    const proxyOf = async (label: string): Promise<string> => {
      const file = path.join(dir, `proxy-${label}.txt`);
      const terminal = vscode.window.createTerminal({ name: `plain ${label}` });
      try {
        terminal.sendText(`${JSON.stringify(process.execPath)} -e "require('fs').writeFileSync(process.argv[1], process.env.HTTPS_PROXY || 'none')" ${JSON.stringify(file)}`);
        return await waitFor(`the ${label} terminal's HTTPS_PROXY`, () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') || undefined : undefined), 30_000);
      } finally {
        terminal.dispose();
      }
    };
    await config().update('tap.terminalsThroughTap', true, vscode.ConfigurationTarget.Workspace);
    try {
      const started = await vscode.commands.executeCommand<{ url: string } | undefined>('paymentWorkbench.tap.start', { environmentId: SIMULATOR_ENV });
      assert.ok(started);
      await waitFor('the environment collection', () => api.inspect.terminalsThroughTap?.() ?? undefined);
      assert.equal(await proxyOf('running'), started.url);
      await vscode.commands.executeCommand('paymentWorkbench.tap.stop');
      assert.equal(await proxyOf('stopped'), 'none');
    } finally {
      await vscode.commands.executeCommand('paymentWorkbench.tap.stop');
      await config().update('tap.terminalsThroughTap', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('Gateway Tap: a LIVE upstream asks through the send path, naming the environment and its URL; "no" starts nothing', async () => {
    const liveId = 'it-tap-live';
    const liveUrl = `http://127.0.0.1:${simulatorPort}`;
    await vscode.commands.executeCommand('paymentWorkbench.tap.stop');
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: liveId, name: 'Tap LIVE shop', gatewayUrl: liveUrl, merchantId: LIVE_MERCHANT.merchantId, timeoutMs: 5000 });
    const no = new RecordingPort();
    let restore = await useSendPort(no);
    try {
      const started = await vscode.commands.executeCommand<{ url: string } | undefined>('paymentWorkbench.tap.start', { environmentId: liveId });
      assert.equal(started, undefined, 'declined: no tap');
      assert.deepEqual(no.kinds(), ['live']);
      assert.match(no.asked[0]?.message ?? '', /LIVE environment "Tap LIVE shop" \(http:\/\/127\.0\.0\.1:\d+\)/);
      assert.equal((await tap()).statusText(), undefined, 'no status bar item: nothing started');
      restore();
      const yes = new RecordingPort({ live: true });
      restore = await useSendPort(yes);
      const startedLive = await vscode.commands.executeCommand<{ url: string } | undefined>('paymentWorkbench.tap.start', { environmentId: liveId });
      assert.ok(startedLive?.url.startsWith('http://127.0.0.1:'), 'yes starts it, on loopback');
      assert.deepEqual(yes.kinds(), ['live']);
      assert.match((await tap()).statusText()?.tooltip ?? '', /Tap LIVE shop · LIVE/);
    } finally {
      restore();
      await vscode.commands.executeCommand('paymentWorkbench.tap.stop');
      await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: liveId, confirmed: true });
    }
  });
});
