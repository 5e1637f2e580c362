import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OriginAnswer, OriginQuestion } from '../../src/credentials/credentials';
import type { StoredEnvironment } from '../../src/features/environments/environmentStore';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import { answerYes } from '../harness/sendPorts';
import { extensionApi, send, useSendPort, waitFor } from './support';

interface OriginApi {
  inspect: {
    originQuestions: { ask(q: OriginQuestion): Promise<OriginAnswer> };
    environment(id: string): StoredEnvironment | undefined;
  };
}

/**
 * A stored secret goes only where it was stored for: the gateway password of a workspace environment,
 * stored while its file pointed at the simulator; then the file (another repository's, reusing the id)
 * points the same id at another host on loopback. The send asks, naming both hosts; declined, nothing
 * reaches that host.
 */
describe('A stored secret goes only to the host it was stored for (origin binding)', function () {
  this.timeout(60_000);
  const id = 'it-origin-acme';
  const merchantId = 'TESTORIGIN';
  const apiPassword = 'OriginSentinelPw-51f3';
  let sim: SimulatorHandle;
  let other: http.Server;
  const arrived: { url: string; authorization: string | undefined }[] = [];
  let envFile: vscode.Uri;
  let kept: Uint8Array | undefined;
  let api: OriginApi;
  let restorePort: () => void = () => undefined;
  let restoreAsk: (() => void) | undefined;

  const writeEnvironments = async (gatewayUrl: string) => {
    await vscode.workspace.fs.writeFile(envFile, new TextEncoder().encode(JSON.stringify({ environments: [{ id, name: 'Acme (workspace)', gatewayUrl, merchantId }] })));
    await waitFor(`the workspace environment pointing at ${gatewayUrl}`, () => (api.inspect.environment(id)?.gatewayUrl === gatewayUrl ? true : undefined));
  };

  before(async () => {
    api = (await extensionApi()) as unknown as OriginApi;
    restorePort = await useSendPort(answerYes);
    sim = await startSimulator({ port: 0, merchants: [{ merchantId, apiPassword }] });
    other = http.createServer((req, res) => {
      arrived.push({ url: req.url ?? '', authorization: req.headers.authorization });
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"result":"SUCCESS"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the integration workspace has a folder');
    envFile = vscode.Uri.joinPath(folder, '.vscode', 'payment-workbench.environments.json');
    kept = fs.existsSync(envFile.fsPath) ? fs.readFileSync(envFile.fsPath) : undefined;
    fs.mkdirSync(path.dirname(envFile.fsPath), { recursive: true });
    await writeEnvironments(sim.baseUrl);
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: id, value: apiPassword });
  });

  after(async () => {
    restorePort();
    restoreAsk?.();
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true }).then(undefined, () => undefined);
    if (kept) await vscode.workspace.fs.writeFile(envFile, kept);
    else await vscode.workspace.fs.delete(envFile).then(undefined, () => undefined);
    other?.close();
    await sim?.close();
  });

  const answering = (answer: OriginAnswer): OriginQuestion[] => {
    const asked: OriginQuestion[] = [];
    const previous = api.inspect.originQuestions.ask;
    api.inspect.originQuestions.ask = async (q) => (asked.push(q), answer);
    restoreAsk = () => {
      api.inspect.originQuestions.ask = previous;
    };
    return asked;
  };

  it('the host it was stored for gets it without a question', async () => {
    const asked = answering('decline');
    const x = await send({ environmentId: id, operationId: 'gateway.retrieveOrder', params: { orderId: 'ORIGIN-1' } });
    assert.ok(x?.response, `the simulator answered: ${JSON.stringify(x?.failure)}`);
    assert.notEqual(x.response.status, 401, 'with the password stored for it');
    assert.deepEqual(asked, []);
  });

  it('the same id pointed at another host: the send asks naming both hosts, and declined nothing reaches that host', async () => {
    const otherPort = (other.address() as AddressInfo).port;
    await writeEnvironments(`http://127.0.0.1:${otherPort}`);
    const asked = answering('decline');
    const x = await send({ environmentId: id, operationId: 'gateway.retrieveOrder', params: { orderId: 'ORIGIN-2' } });
    assert.equal(x, undefined, 'nothing was sent');
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.storedFor, `127.0.0.1:${new URL(sim.baseUrl).port}`);
    assert.equal(asked[0]?.sendingTo, `127.0.0.1:${otherPort}`);
    assert.match(asked[0]?.message ?? '', new RegExp(`was stored for 127\\.0\\.0\\.1:${new URL(sim.baseUrl).port}; this request goes to 127\\.0\\.0\\.1:${otherPort}`));
    assert.equal(arrived.length, 0, 'the other host received no request at all');

    // The listener does see what arrives: allowed once, the password goes there (so the assertion above can fail).
    answering('allow');
    await send({ environmentId: id, operationId: 'gateway.retrieveOrder', params: { orderId: 'ORIGIN-3' } });
    const basic = Buffer.from(`merchant.${merchantId}:${apiPassword}`).toString('base64');
    assert.deepEqual(arrived.map((a) => a.authorization), [`Basic ${basic}`]);
  });
});
