import * as assert from 'node:assert/strict';
import { describeFlowProblem, parseFlowText, parseRequestFileAsFlow } from '../../../src/flows';

const step = (extra: object) => ({ id: 'auth', operation: 'gateway.authorize', ...extra });
const problemsOf = (flow: unknown) => {
  const r = parseFlowText(JSON.stringify(flow));
  return r.ok ? [] : r.problems.map((p) => `${p.where ?? ''}|${p.field}|${p.message}`);
};

describe('flow files', () => {
  it('accepts the documented shape, version left out', () => {
    const r = parseFlowText(JSON.stringify({ name: 'x', steps: [step({ params: { orderId: '{{fresh.orderId}}' } }), { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, expect: { status: 200, 'order.totalRefundedAmount': '40.00' } }] }));
    assert.ok(r.ok);
    assert.equal(r.flow.steps.length, 2);
  });

  it('names the step, the field and what was given for each problem', () => {
    const problems = problemsOf({ name: 'x', steps: [step({ operation: 'gateway.refnd' }), step({ version: 101 }), { id: 'fresh', operation: 'gateway.verify' }] });
    assert.ok(problems.some((p) => p.startsWith('step 1 (auth)|operation|unknown operation "gateway.refnd" (did you mean gateway.refund?)')), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith('step 2 (auth)|id|"auth" is already the id of an earlier step')), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith('step 2 (auth)|version|Authorize is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80), not 101, got 101')), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith('step 3 (fresh)|id|')), problems.join('\n'));
  });

  it('refuses a reference to a later or missing step, and an unknown reference', () => {
    const problems = problemsOf({ name: 'x', steps: [step({ params: { orderId: '{{refund.params.orderId}}' } }), { id: 'refund', operation: 'gateway.refund', body: { x: '{{env.apiPassword}}' } }] });
    assert.ok(problems.some((p) => p.includes('{{refund.params.orderId}} refers to step "refund", which does not run before this step')), problems.join('\n'));
    assert.ok(problems.some((p) => p.includes('secrets are never readable')), problems.join('\n'));
  });

  it('checks expectations: status is a number, keys are dotted paths, objects are matchers', () => {
    const problems = problemsOf({ name: 'x', steps: [step({ expect: { status: '200', 'a..b': 1, c: { equals: 1 } } })] });
    assert.deepEqual(problems.map((p) => p.split('|')[1]), ['expect.status', 'expect.a..b', 'expect.c']);
  });

  it('says what is wrong with the file itself', () => {
    assert.match(problemsOf({ name: 'x', steps: [] })[0] ?? '', /steps\|must be a list of 1 to 200 steps, got 0 steps/);
    const r = parseFlowText('{ "name": ');
    assert.ok(!r.ok && /not valid JSON/.test(r.problems[0]?.message ?? ''));
    const deep = parseFlowText(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    assert.ok(!deep.ok && /nest/i.test(deep.problems[0]?.message ?? ''), JSON.stringify(deep));
  });

  it('quotes at most 200 characters of any name or value, with its full length: a 900 KB step name, key or value makes a short line', () => {
    const huge = 'a'.repeat(900_000);
    const flows = [
      { name: 'x', steps: [step({ body: { order: { reference: `{{${huge}.response.order.id}}` } } })] },
      { name: 'x', steps: [step({ body: { order: { reference: `{{${huge}}}` } } })] },
      { name: 'x', steps: [step({ body: { order: { reference: `{{env.${huge}}}` } } })] },
      { name: 'x', steps: [step({ expect: { [huge]: 1 } })] },
      { name: 'x', steps: [step({ expect: { [`order.${huge}`]: { [huge]: 1 } } })] },
      { name: 'x', steps: [step({ expect: { notification: { [huge]: 1, within: huge } } })] },
      { name: 'x', steps: [step({ operation: huge })] },
      { name: 'x', environment: { huge }, steps: [step({ params: huge })] },
      { name: 'x', steps: [{ id: 'payer', payer: { challenge: 'x', outcome: 'authenticated', [huge]: huge } }] },
      { name: 'x', steps: [{ id: 'payer', payer: { challenge: 'x', outcome: { huge } } }] },
    ];
    for (const flow of flows) {
      const r = parseFlowText(JSON.stringify(flow));
      assert.ok(!r.ok);
      const lines = r.problems.map((p) => describeFlowProblem(p));
      for (const line of lines) assert.ok(line.length < 1000, `${line.length} characters: ${line.slice(0, 300)}`);
      assert.ok(lines.some((line) => /…"? \(900\d{3} characters\)/.test(line)), lines.join('\n').slice(0, 1000));
    }
  });

  it('a flow\'s name prints on one line of every report: at most 200 characters, no control characters', () => {
    assert.deepEqual(problemsOf({ name: 'n'.repeat(201), steps: [step({})] }), ['|name|must be at most 200 characters, got 201']);
    assert.deepEqual(problemsOf({ name: 'ok\u001b[2J\n✓ all passed', steps: [step({})] }), ['|name|must be one line without control characters, got "ok\\u001b[2J\\n✓ all passed"']);
    assert.deepEqual(problemsOf({ name: 'x', environment: 'e'.repeat(201), steps: [step({})] }), ['|environment|must be at most 200 characters, got 201']);
  });

  it('lists at most 100 problems of a file, then how many more', () => {
    const bad = Array.from({ length: 150 }, (_, i) => `{{missing${i}.response.id}}`);
    const r = parseFlowText(JSON.stringify({ name: 'x', steps: [step({ body: { order: { reference: bad } } })] }));
    assert.ok(!r.ok);
    assert.equal(r.problems.length, 101);
    assert.equal(r.problems[100]?.message, 'and 50 more problems are not listed (only the first 100 are)');
  });

  it('runs a request file as a one-step flow', () => {
    const r = parseRequestFileAsFlow(JSON.stringify({ operation: 'gateway.verify', params: { orderId: 'O-1' }, body: { apiOperation: 'VERIFY' } }), 'verify');
    assert.ok(r.ok);
    assert.deepEqual(r.flow.steps.map((s) => [s.id, s.operation]), [['request', 'gateway.verify']]);
  });

  it('accepts a flow file and a request file that start with a UTF-8 BOM', () => {
    const flow = parseFlowText(`\uFEFF${JSON.stringify({ name: 'x', steps: [step({})] })}`);
    assert.ok(flow.ok, JSON.stringify(flow));
    const request = parseRequestFileAsFlow(`\uFEFF${JSON.stringify({ operation: 'gateway.verify', body: { apiOperation: 'VERIFY' } })}`, 'verify');
    assert.ok(request.ok, JSON.stringify(request));
  });

  it('quotes what was given masked: card numbers as first 6 and last 4, values of secret fields redacted', () => {
    const problems = problemsOf({ name: { password: 'Hunter2Secret' }, steps: [step({ params: '5123450000000008', expect: { 'response.password': { is: 'Hunter2Secret' }, 'sourceOfFunds.provided.card.number': { is: '5123450000000008' } } })] }).join('\n');
    assert.ok(!problems.includes('Hunter2Secret') && !problems.includes('5123450000000008'), problems);
    assert.match(problems, /step 1 \(auth\)\|params\|must be an object of URL parameters, got "512345xxxxxx0008"/);
    assert.match(problems, /\|expect\.response\.password\|.*got <redacted>/);
    assert.match(problems, /\|name\|must be a non-empty text, got \{"password":"<redacted>"\}/);
    const syntax = parseFlowText('{"name":"x","steps":[{"id":"a","operation":"gateway.pay","body":{"password": Hunter2Secret}}]}');
    const message = syntax.ok ? '' : syntax.problems[0]?.message ?? '';
    assert.ok(!message.includes('Hunter2Secret'), message);
    assert.match(message, /^is not valid JSON: .* at line 1, column 78/);
  });
});
