/**
 * Red team: a repository you did not write may carry symbolic links. `tap flow` picks a free default
 * name (`<record>.payflow.json`, never overwriting), but a link whose target does not exist yet does
 * not count as taken: the flow is written through it, wherever it points, and the CLI says it wrote
 * the name in the folder.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from '../../cli/cliProcess';

/** One call as tap --record writes it (as in test/cli/tap.test.ts). */
function recordLine(seq: number): string {
  const orderId = 'ORDER-LINK-1';
  return JSON.stringify({
    seq, time: '2026-01-01T00:00:00.000Z', operation: 'gateway.retrieveOrder', version: 100, orderId, transactionId: null, sessionId: null, status: 200, verdict: 'Order CAPTURED', problems: 0, recognised: true,
    exchange: {
      id: `x-${seq}`, startedAt: '2026-01-01T00:00:01.000Z', environment: { id: 'local-simulator', name: 'Local simulator', live: false },
      operationId: 'gateway.retrieveOrder', operationTitle: 'Retrieve Order', version: 100, params: { merchantId: 'TESTSIMULATOR01', orderId },
      request: { method: 'GET', url: `http://127.0.0.1:1/api/rest/version/100/merchant/TESTSIMULATOR01/order/${orderId}`, headers: {}, bodyWasMasked: false, curl: '' },
      seenBy: 'tap',
    },
  });
}

describe('red team: symbolic links a cloned repository carries (real process)', function () {
  this.timeout(60_000);
  let root: string;
  before(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-redteam-links-'))));
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('tap flow writes nothing through a link at its default name: the file outside the folder is not created', async () => {
    const repo = path.join(root, 'repo');
    const outside = path.join(root, 'outside', 'planted.json');
    fs.mkdirSync(repo);
    fs.mkdirSync(path.dirname(outside));
    fs.writeFileSync(path.join(repo, 'capture.jsonl'), `${recordLine(1)}\n`);
    fs.symlinkSync(outside, path.join(repo, 'capture.payflow.json'));
    const r = await cli(['tap', 'flow', 'capture.jsonl'], { cwd: repo });
    assert.ok(!fs.existsSync(outside), `written outside the folder through the link (exit ${r.status}): ${r.stdout}${r.stderr}`);
    assert.equal(fs.lstatSync(path.join(repo, 'capture.payflow.json')).isSymbolicLink(), true, 'the link is left as it was');
  });
});
