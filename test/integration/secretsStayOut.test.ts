import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { exampleBody, operations } from '../../src/catalogue';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import { answerYes } from '../harness/sendPorts';
import { extensionApi, send, useSendPort } from './support';

/**
 * Plants sentinel secrets, runs every operation, then searches everywhere the extension writes or a
 * user could copy from: settings, globalState, workspace files, history, logs and exported cURL.
 */
describe('Secrets never leave SecretStorage', function () {
  this.timeout(60_000);
  const id = 'it-sentinel';
  const partnerPassword = 'SentinelPartnerPw-7c1e';
  const apiPassword = 'SentinelApiPw-4b9d';
  let sim: SimulatorHandle;
  const secretsSeen: string[] = [];
  let restorePort: () => void = () => undefined;

  before(async () => {
    await extensionApi();
    // Every operation's example goes out as it is, whatever its rules say: this test is about where secrets land.
    restorePort = await useSendPort(answerYes);
    sim = await startSimulator({
      port: 0,
      partnerAccounts: [{ email: 'sentinel@partner.test', password: partnerPassword }],
      merchants: [{ merchantId: 'TESTSENTINEL', apiPassword }],
    });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id, name: 'Sentinel', financingBaseUrl: sim.baseUrl, gatewayUrl: sim.baseUrl, merchantId: 'TESTSENTINEL' });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: id, value: apiPassword });
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: id, email: 'sentinel@partner.test', password: partnerPassword });
  });

  after(async () => {
    restorePort();
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    await sim?.close();
  });

  it('runs every operation without a secret reaching any file, log or the copied cURL', async () => {
    const orderId = `SENT-${Date.now()}`;
    // Logout last: it ends the session the other financing calls need.
    const ordered = [...operations].sort((a, b) => Number(a.id === 'financing.logout') - Number(b.id === 'financing.logout'));
    for (const op of ordered) {
      // A read names the transaction it reads (the others draw a fresh one).
      const params = { orderId, sessionId: 'SESSION0002SENTINEL0123456789AB', tokenId: '9999990000000001', ...(op.method === 'GET' ? { transactionId: 'SENT-READ' } : {}) };
      const x = await send({ environmentId: id, operationId: op.id, params, body: exampleBody(op.id) });
      assert.ok(x?.response, `${op.id}: ${x?.failure?.message}`);
      const text = JSON.stringify(x);
      for (const s of [partnerPassword, apiPassword]) assert.ok(!text.includes(s), `${op.id}: exchange holds a secret`);
    }
    await vscode.commands.executeCommand('paymentWorkbench.copyLastRequestAsCurl');
    const curl = await vscode.env.clipboard.readText();
    assert.match(curl, /^curl /);

    const api = await extensionApi();
    const places: [string, string][] = [['clipboard cURL', curl], ['globalState', api.inspect.globalStateDump()]];
    const userDir = path.resolve(api.inspect.globalStorageFolder, '..', '..');
    const readAll = (dir: string): [string, string][] =>
      !fs.existsSync(dir)
        ? []
        : fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
            const f = path.join(dir, e.name);
            if (e.isDirectory()) return readAll(f);
            if (fs.statSync(f).size > 5_000_000) return [];
            return [[f, fs.readFileSync(f, 'latin1')] as [string, string]];
          });
    places.push([path.join(userDir, 'settings.json'), fs.existsSync(path.join(userDir, 'settings.json')) ? fs.readFileSync(path.join(userDir, 'settings.json'), 'utf8') : '']);
    places.push(...readAll(api.inspect.globalStorageFolder), ...readAll(api.inspect.logFolder));
    for (const folder of vscode.workspace.workspaceFolders ?? []) places.push(...readAll(folder.uri.fsPath));
    secretsSeen.push(partnerPassword, apiPassword, Buffer.from(`merchant.TESTSENTINEL:${apiPassword}`).toString('base64'), Buffer.from(`:${apiPassword}`).toString('base64'));
    const hits = places.flatMap(([where, text]) => secretsSeen.filter((s) => text.includes(s)).map((s) => `${where}: ${s.slice(0, 6)}…`));
    // Access and refresh tokens are minted by the simulator as sim_at_… / sim_rt_…: searched by shape.
    const tokenHits = places.filter(([, text]) => /sim_(?:at|rt)_[A-Za-z0-9_-]{20,}/.test(text)).map(([where]) => `${where}: a financing token`);
    assert.deepEqual([...hits, ...tokenHits], [], `secrets found: ${[...hits, ...tokenHits].join(', ')}`);
    assert.ok(places.length >= 3, 'the search covered the places it should');
  });
});
