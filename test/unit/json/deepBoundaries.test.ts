import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseRequestFile } from '../../../src/catalogue';
import { decodeResponse } from '../../../src/decode';
import { diagnoseRequestText, summarizeRequestText } from '../../../src/editor/requestDiagnostics';
import { HistoryStore } from '../../../src/history/historyStore';
import { MAX_JSON_DEPTH } from '../../../src/json';
import { toExchangeView } from '../../../src/features/response/host/exchangeView';
import { SendSetupError } from '../../../src/send/requestRunner';
import { sendOperation } from '../../../src/send/guardedSend';
import { answerYes } from '../../harness/sendPorts';
import { localSimulatorEnvironment } from '../../../src/environments/environment';
import { formBodyOf } from '../../../src/features/form/host/credentialFields';
import { makeExchange } from '../../harness/exchanges';

/** `{"a":{"a":…1…}}`, `levels` objects deep. */
const deepText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepValue = (levels: number): Record<string, unknown> => JSON.parse(deepText(levels)) as Record<string, unknown>;
const TOO_DEEP = new RegExp(`nested deeper than ${MAX_JSON_DEPTH} levels \\(at [^)]*a\\.a\\.a`);

/** Every boundary where outside JSON comes in answers a 5,000-deep body with the clear error, never a stack overflow. */
describe('deep nesting at every boundary', () => {
  const requestFile = `{"operation":"gateway.authorize","body":${deepText(5000)}}`;

  it('request file diagnostics: one clear problem on the bracket that crosses the bound', () => {
    const problems = diagnoseRequestText(requestFile);
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.message ?? '', TOO_DEEP);
    assert.match(problems[0]?.message ?? '', /at body\.a\.a/);
    assert.equal(requestFile[problems[0]?.span.offset ?? -1], '{');
    assert.doesNotThrow(() => summarizeRequestText(requestFile));
  });

  it('Send from a file and Open in Form from a file (parseRequestFile): refused with the clear error', () => {
    const parsed = parseRequestFile(requestFile);
    assert.equal(parsed.ok, false);
    assert.match(parsed.ok ? '' : parsed.message, /^The request file is nested deeper than 64 levels \(at body\.a\.a/);
  });

  it('forms (Open in Form, Load last body, history Open Request in Form): formBodyOf refuses with the clear error', () => {
    assert.throws(() => formBodyOf(deepValue(5000)), /^JsonDepthError: The body for the form is nested deeper than 64 levels \(at a\.a/);
    assert.deepEqual(formBodyOf(deepValue(3)), { a: { a: { a: 1 } } });
  });

  it('send: a body from a form or a caller is refused before anything is built or sent', async () => {
    const deps = {
      client: async () => assert.fail('nothing may be sent'),
      session: async () => assert.fail('no session'),
      tokenStore: () => assert.fail('no token store'),
      secret: async () => 'x',
    };
    const env = localSimulatorEnvironment(1);
    for (const body of [deepValue(5000), deepText(5000)]) {
      await assert.rejects(
        sendOperation(deps as never, answerYes, { env, operationId: 'gateway.authorize', params: { orderId: 'O-1', transactionId: 'T-1' }, body }),
        (e: unknown) => e instanceof SendSetupError && /^The request body is nested deeper than 64 levels \(at a\.a/.test(e.message),
      );
    }
  });

  it('the response decoder: explains the refusal instead of failing, from a parsed body or from text', () => {
    for (const input of [{ body: deepValue(5000), rawText: deepText(5000) }, { body: undefined, rawText: deepText(5000) }]) {
      const decoded = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, ...input });
      assert.equal(decoded.verdict.tone, 'error');
      assert.equal(decoded.verdict.title, 'Response not decoded: nested too deep');
      assert.match(decoded.verdict.detail, /^The response body is nested deeper than 64 levels/);
    }
  });

  it('history: an entry nested too deep is left out with a message, the others load and show', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-deep-history-'));
    try {
      const file = path.join(dir, 'history.json');
      const fine = makeExchange();
      // JSON.stringify cannot write a 5,000-deep value (it recurses): the deep body is spliced in as text.
      const deepEntry = JSON.stringify(makeExchange({ request: { ...fine.request, body: 'DEEP' } })).replace('"body":"DEEP"', `"body":${deepText(5000)}`);
      fs.writeFileSync(file, `{"version":1,"exchanges":[${JSON.stringify(fine)},${deepEntry}]}`);
      const errors: string[] = [];
      const store = new HistoryStore(file, { onError: (m) => errors.push(m) });
      assert.deepEqual(store.list().map((e) => e.id), [fine.id]);
      assert.equal(errors.length, 1);
      assert.match(errors[0] ?? '', /^1 history entry could not be read and was left out, the others are kept: History entry 2 is nested deeper than 66 levels \(at request\.body\.a\.a/);
      assert.doesNotThrow(() => toExchangeView(store.list()[0] ?? fine));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
