import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFlowText, type Flow } from '../../../src/flows';
import { exportHttp, exportPostman, importFiles, type ExportInput } from '../../../src/interop';
import { localSimulatorEnvironment } from '../../../src/send/environment';

const flow = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples', 'flows', 'card-pay-refund.payflow.json'), 'utf8')) as unknown;
const noFiles = (): string => {
  throw new Error('no @file here');
};

function input(): ExportInput {
  const parsed = parseFlowText(JSON.stringify(flow));
  assert.ok(parsed.ok);
  let n = 0;
  return { flow: parsed.flow, environment: { ...localSimulatorEnvironment(4477), id: 'shop-test', name: 'Shop test', simulator: false }, where: 'card-pay-refund.payflow.json', freshId: () => `ID-${++n}` };
}

/** The steps' operations and how their order ids chain, which a round trip must keep. */
const shape = (f: Flow) => f.steps.map((s) => [s.operation, s.version ?? null, typeof s.params?.['orderId'] === 'string' && s.params['orderId'].startsWith('{{') ? 'refers' : s.params?.['orderId'] ?? 'fresh']);

describe('Export as .http and Postman, and back', () => {
  it('a flow exported as .http reads the password from the shell, holds no secret, and imports back to the same steps', () => {
    const { text } = exportHttp(input(), 'PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD');
    assert.match(text, /^@apiPassword = \{\{\$processEnv PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD\}\}$/m);
    assert.match(text, /^PUT \{\{baseUrl\}\}\/api\/rest\/version\/100\/merchant\/\{\{merchantId\}\}\/order\/\{\{orderId\}\}\/transaction\/\{\{\$guid\}\}$/m);
    assert.doesNotMatch(text, /simulator-api-password/);
    const back = importFiles([{ name: 'flow.http', text }], noFiles);
    const flowFile = back.files.find((f) => f.name.endsWith('.payflow.json'));
    assert.ok(flowFile, back.leftOut.join('\n'));
    const parsed = parseFlowText(flowFile.text);
    assert.ok(parsed.ok);
    assert.deepEqual(shape(parsed.flow), [['gateway.pay', 100, 'fresh'], ['gateway.refund', 13, 'refers'], ['gateway.refund', 100, 'refers'], ['gateway.retrieveOrder', 100, 'refers']]);
  });

  it('a flow exported for Postman is a v2.1 collection whose first step sets the order id, and an environment with the password an empty secret', () => {
    const { collection, environment } = exportPostman(input());
    const c = JSON.parse(collection) as { info: { schema: string }; item: { name: string; event?: { script: { exec: string[] } }[]; request: { auth: { type: string } } }[] };
    assert.match(c.info.schema, /collection\/v2\.1\.0/);
    assert.match(c.item[0]?.event?.[0]?.script.exec.join('') ?? '', /pm\.collectionVariables\.set\('orderId'/);
    assert.equal(c.item[0]?.request.auth.type, 'basic');
    const e = JSON.parse(environment) as { name: string; values: { key: string; value: string; type: string }[] };
    assert.equal(e.name, 'Shop test');
    assert.deepEqual(e.values.map((v) => [v.key, v.type, v.value === '' ? 'empty' : 'set']), [['baseUrl', 'default', 'set'], ['merchantId', 'default', 'set'], ['apiPassword', 'secret', 'empty']]);
  });
});
