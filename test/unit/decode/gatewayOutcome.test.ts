import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode';
import { REAL_SUCCESS_TEXT, realSuccess, successWithRiskInResponse } from './fixtures';

function authorize(body: unknown, httpStatus = 200, rawText?: string) {
  return decodeResponse({ operationId: 'gateway.authorize', httpStatus, body, ...(rawText !== undefined && { rawText }) });
}

describe('decodeResponse: completed gateway operations', () => {
  it('explains the real success body: APPROVED, approved, risk ACCEPTED from risk.response', () => {
    const d = authorize(realSuccess(), 200, REAL_SUCCESS_TEXT);
    assert.equal(d.api, 'gateway');
    assert.equal(d.verdict.tone, 'success');
    assert.equal(d.verdict.title, 'Approved');
    assert.equal(d.outcome?.result, 'SUCCESS');
    assert.equal(d.outcome?.gatewayCode?.code, 'APPROVED');
    assert.equal(d.outcome?.gatewayCode?.category, 'approved');
    assert.equal(d.outcome?.gatewayCode?.known, true);
    assert.equal(d.outcome?.acquirerCode, '00');
    assert.equal(d.outcome?.acquirerMessage, 'Approved');
    assert.equal(d.risk?.source, 'risk.response');
    assert.equal(d.risk?.gatewayCode?.code, 'ACCEPTED');
    assert.equal(d.risk?.review?.decision.code, 'NOT_REQUIRED');
    assert.equal(d.risk?.totalScore, 10);
    assert.equal(d.risk?.rules.length, 1);
    assert.equal(d.risk?.rules[0]?.name, 'MSO_BIN_RANGE');
    assert.equal(d.risk?.rules[0]?.type, 'MSO_RULE');
    assert.equal(d.risk?.rules[0]?.recommendation?.code, 'NO_ACTION');
    assert.equal(d.risk?.rules[0]?.data, '512345');
    assert.equal(d.csc?.code, 'MATCH');
    assert.equal(d.transaction?.type?.code, 'PAYMENT');
    assert.equal(d.transaction?.authorizationCode, '283425');
    assert.equal(d.card?.number, '512345xxxxxx0008');
    assert.equal(d.card?.expiry, '01/39');
    assert.equal(d.record?.merchant, 'TESTDEVMER031');
    assert.equal(d.record?.apiVersion, '74');
    assert.deepEqual(d.notes, [], 'the real body matches the documented model');
  });

  it('reads the risk group where the spec puts it (response.risk) too', () => {
    const d = authorize(successWithRiskInResponse());
    assert.equal(d.risk?.source, 'response.risk');
    assert.equal(d.risk?.gatewayCode?.code, 'ACCEPTED');
    assert.equal(d.risk?.rules[0]?.name, 'MSO_BIN_RANGE');
  });

  it('prefers risk.response when both places carry a risk group, and says so', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['risk'] = { gatewayCode: 'REJECTED' };
    const d = authorize(body);
    assert.equal(d.risk?.source, 'risk.response');
    assert.equal(d.risk?.gatewayCode?.code, 'ACCEPTED');
    assert.ok(d.notes.some((n) => n.includes('both')));
  });

  it('keeps amounts exactly as the JSON text had them', () => {
    const d = authorize(realSuccess(), 200, REAL_SUCCESS_TEXT);
    assert.equal(d.order?.amount, '10.01');
    assert.equal(d.order?.totalAuthorizedAmount, '10.01');
    assert.equal(d.order?.totalRefundedAmount, '0.00');
    assert.equal(d.transaction?.amount, '10.01');
    assert.equal(d.transaction?.acquirerBatch, '20260720');
  });

  it('formats parsed numbers without float artefacts when no raw text is given', () => {
    const body = realSuccess();
    (body['order'] as Record<string, unknown>)['amount'] = 10.01;
    // Written 1e-7 by String(); a figure of 20 digits or more would be masked like any such digit run.
    (body['order'] as Record<string, unknown>)['totalCapturedAmount'] = 1e-7;
    const d = authorize(body);
    assert.equal(d.order?.amount, '10.01');
    assert.equal(d.order?.totalRefundedAmount, '0');
    assert.equal(d.order?.totalCapturedAmount, '0.0000001');
  });

  it('keeps amounts sent as text untouched', () => {
    const body = realSuccess();
    (body['order'] as Record<string, unknown>)['amount'] = '10.010';
    assert.equal(authorize(body).order?.amount, '10.010');
  });

  const cases: [string, string, string, RegExp][] = [
    ['DECLINED', 'FAILURE', 'warning', /^Declined$/],
    ['TIMED_OUT', 'FAILURE', 'warning', /Declined: TIMED_OUT/],
    ['LOCK_FAILURE', 'FAILURE', 'warning', /safe to retry/],
    ['UNKNOWN', 'UNKNOWN', 'info', /Pending: UNKNOWN/],
    ['PENDING', 'PENDING', 'info', /Pending/],
    ['UNSPECIFIED_FAILURE', 'FAILURE', 'error', /Failed: UNSPECIFIED_FAILURE/],
    ['PARTIALLY_APPROVED', 'SUCCESS', 'success', /Approved: PARTIALLY_APPROVED/],
    ['DECLINED_PIN_REQUIRED', 'FAILURE', 'warning', /Declined/],
  ];
  for (const [code, result, tone, title] of cases) {
    it(`${code} → ${tone}`, () => {
      const body = realSuccess();
      body['result'] = result;
      (body['response'] as Record<string, unknown>)['gatewayCode'] = code;
      const d = authorize(body);
      assert.equal(d.verdict.tone, tone);
      assert.match(d.verdict.title, title);
      assert.equal(d.outcome?.gatewayCode?.known, true);
    });
  }

  it('tells what to do next for TIMED_OUT, LOCK_FAILURE and UNKNOWN', () => {
    const next = (code: string) => {
      const body = realSuccess();
      (body['response'] as Record<string, unknown>)['gatewayCode'] = code;
      return authorize(body).outcome?.gatewayCode?.nextStep ?? '';
    };
    assert.match(next('TIMED_OUT'), /declined.*reverse/i);
    assert.match(next('LOCK_FAILURE'), /NEW transaction id/);
    assert.match(next('UNKNOWN'), /not retry blindly.*query the order/i);
  });

  it('explains unknown codes as unknown and never fails on them', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['gatewayCode'] = 'BRAND_NEW_CODE';
    (body['response'] as Record<string, unknown>)['cardSecurityCode'] = { gatewayCode: 'WEIRD' };
    ((body['risk'] as Record<string, Record<string, unknown>>)['response'] ?? {})['gatewayCode'] = 'SOMETHING_ELSE';
    const d = authorize(body);
    assert.deepEqual(d.outcome?.gatewayCode, { code: 'BRAND_NEW_CODE', known: false, meaning: 'not known to this workbench' });
    assert.equal(d.csc?.known, false);
    assert.equal(d.csc?.meaning, 'not known to this workbench');
    assert.equal(d.risk?.gatewayCode?.known, false);
    assert.equal(d.verdict.tone, 'info', 'result SUCCESS with a code nobody knows is not shown as a success');
    assert.match(d.verdict.title, /gateway code BRAND_NEW_CODE is not known to this workbench/);
  });

  it('decodes the gateway codes v100 answers with: each known, with its bucket, meaning and next step', () => {
    const withCode = (code: string) => {
      const body = realSuccess();
      (body['response'] as Record<string, unknown>)['gatewayCode'] = code;
      return authorize(body);
    };
    const expected = {
      APPROVED_AUTO: 'approved',
      AUTHENTICATION_IN_PROGRESS: 'pending',
      BALANCE_AVAILABLE: 'approved',
      BALANCE_UNKNOWN: 'approved',
      DECLINED_INVALID_PIN: 'declined',
      DECLINED_PIN_REQUIRED: 'declined',
      NO_BALANCE: 'declined',
      PARTIALLY_APPROVED: 'approved',
    };
    for (const [code, category] of Object.entries(expected)) {
      const d = withCode(code);
      assert.equal(d.outcome?.gatewayCode?.known, true, code);
      assert.equal(d.outcome?.gatewayCode?.category, category, code);
      assert.ok((d.outcome?.gatewayCode?.nextStep ?? '').length > 0, `${code} has a next step`);
      assert.doesNotMatch(d.verdict.title, /not known/, code);
    }
    assert.equal(withCode('APPROVED_AUTO').verdict.tone, 'success');
    assert.equal(withCode('AUTHENTICATION_IN_PROGRESS').verdict.tone, 'info');
    assert.match(withCode('NO_BALANCE').verdict.title, /Declined: NO_BALANCE/);
  });

  it('shows the v100 sentinel UNKNOWN_IN_VERSION as not known to this workbench, in the outcome and in enum fields', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['gatewayCode'] = 'UNKNOWN_IN_VERSION';
    (body['response'] as Record<string, unknown>)['cardSecurityCode'] = { gatewayCode: 'UNKNOWN_IN_VERSION' };
    const d = authorize(body);
    assert.equal(d.outcome?.gatewayCode?.known, false);
    assert.match(d.outcome?.gatewayCode?.meaning ?? '', /not known to this workbench.*API version cannot name/);
    assert.match(d.csc?.meaning ?? '', /not known to this workbench/);
    assert.notEqual(d.verdict.tone, 'success');
    assert.match(d.verdict.title, /UNKNOWN_IN_VERSION is not known to this workbench/);
  });

  it('does not find Object.prototype members as codes', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['gatewayCode'] = 'constructor';
    assert.equal(authorize(body).outcome?.gatewayCode?.known, false);
  });

  it('notes a result that contradicts the gateway code', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['gatewayCode'] = 'DECLINED';
    assert.ok(authorize(body).notes.some((n) => /result is SUCCESS/.test(n)));
  });

  it('explains AVS, CSC and detailed verification', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['cardholderVerification'] = {
      avs: { acquirerCode: 'Y', gatewayCode: 'ADDRESS_ZIP_MATCH' },
      detailedVerification: [
        { type: 'CARDHOLDER_NAME', gatewayCode: 'NOT_MATCHED' },
        { type: 'CUSTOMER_EMAIL', gatewayCode: 'MATCHED' },
      ],
    };
    (body['response'] as Record<string, unknown>)['cardSecurityCode'] = { gatewayCode: 'NO_MATCH' };
    const d = authorize(body);
    assert.equal(d.avs?.code, 'ADDRESS_ZIP_MATCH');
    assert.equal(d.avs?.category, 'match');
    assert.equal(d.csc?.category, 'no-match');
    assert.deepEqual(d.detailedVerification?.map((v) => [v.type, v.result.code]), [
      ['CARDHOLDER_NAME', 'NOT_MATCHED'],
      ['CUSTOMER_EMAIL', 'MATCHED'],
    ]);
    assert.ok(d.notes.some((n) => /security code did NOT match/.test(n)));
  });

  it('explains 3-D Secure without echoing the authentication token', () => {
    const body = realSuccess();
    body['3DSecure'] = { enrollmentStatus: 'ENROLLED', authenticationStatus: 'AUTHENTICATION_SUCCESSFUL', acsEci: '02', authenticationToken: 'kHyn+7YFi1EUAREAAAAvNUe6Hv8=' };
    const d = authorize(body);
    assert.equal(d.threeDSecure?.enrollment?.code, 'ENROLLED');
    assert.equal(d.threeDSecure?.authentication?.code, 'AUTHENTICATION_SUCCESSFUL');
    assert.equal(d.threeDSecure?.acsEci, '02');
    assert.ok(!JSON.stringify(d).includes('kHyn+7YFi1EUAREAAAAvNUe6Hv8='));
  });

  it('masks a card number that arrived in clear', () => {
    const body = realSuccess();
    (((body['sourceOfFunds'] as Record<string, Record<string, Record<string, unknown>>>)['provided'] ?? {})['card'] ?? {})['number'] = '5123450000000008';
    const d = authorize(body);
    assert.equal(d.card?.number, '512345xxxxxx0008');
    assert.ok(!JSON.stringify(d).includes('5123450000000008'));
  });

  it('flags a risk rejection on an approval', () => {
    const body = realSuccess();
    ((body['risk'] as Record<string, Record<string, unknown>>)['response'] ?? {})['gatewayCode'] = 'REJECTED';
    const d = authorize(body);
    assert.equal(d.verdict.tone, 'warning');
    assert.match(d.verdict.detail, /REJECTED/);
  });
});

describe('decodeResponse: browser payment and session', () => {
  function browserPayment(status: string, extra: Record<string, string> = {}) {
    return decodeResponse({
      operationId: 'gateway.initiateBrowserPayment',
      httpStatus: 201,
      body: {
        result: 'SUCCESS',
        response: { gatewayCode: 'SUBMITTED' },
        order: { id: 'ORD-2', status: 'INITIATED', amount: 25, currency: 'EUR', totalAuthorizedAmount: 0, totalCapturedAmount: 0, totalRefundedAmount: 0 },
        browserPayment: { redirectUrl: 'https://provider.example/pay?token=abc', interaction: { status, timeInitiated: '2026-07-20T08:27:25.001Z', ...extra } },
      },
    });
  }

  it('INITIATED: redirect the payer', () => {
    const d = browserPayment('INITIATED');
    assert.equal(d.verdict.tone, 'info');
    assert.equal(d.verdict.title, 'Browser payment initiated');
    assert.equal(d.outcome?.gatewayCode?.code, 'SUBMITTED');
    assert.equal(d.browserPayment?.status.code, 'INITIATED');
    assert.equal(d.browserPayment?.redirectUrl, 'https://provider.example/pay?token=abc');
    assert.deepEqual(d.browserPayment?.timestamps, [{ name: 'timeInitiated', value: '2026-07-20T08:27:25.001Z' }]);
    assert.equal(d.order?.status, 'INITIATED');
  });

  for (const [status, field] of [
    ['REDIRECTED_TO_PROVIDER', 'timeRedirected'],
    ['RETURNED_TO_MERCHANT', 'timeReturned'],
    ['COMPLETED', 'timeCompleted'],
  ] as const) {
    it(`${status}: explained, timestamps in state order`, () => {
      const d = browserPayment(status, { [field]: '2026-07-20T08:30:00.000Z' });
      assert.equal(d.browserPayment?.status.known, true);
      assert.equal(d.browserPayment?.status.code, status);
      assert.deepEqual(d.browserPayment?.timestamps.map((t) => t.name), ['timeInitiated', field]);
    });
  }

  it('an unknown interaction status is explained as unknown', () => {
    assert.equal(browserPayment('TELEPORTED').browserPayment?.status.meaning, 'not known to this workbench');
  });

  it('decodes the Update Session answer', () => {
    const d = decodeResponse({
      operationId: 'gateway.updateSession',
      httpStatus: 200,
      body: { merchant: 'TESTDEVMER031', session: { id: 'SESSION0002776555192I47829475H2', updateStatus: 'SUCCESS', version: 'fd4b2f7b02' }, version: '100' },
    });
    assert.equal(d.verdict.tone, 'success');
    assert.equal(d.verdict.title, 'Session updated');
    assert.equal(d.session?.id, 'SESSION0002776555192I47829475H2');
    assert.equal(d.session?.updateStatus?.code, 'SUCCESS');
    assert.equal(d.session?.version, 'fd4b2f7b02');
    assert.deepEqual(d.notes, []);
  });
});

describe('decodeResponse: raw text that does not match the body', () => {
  it('uses a literal only when it is the same number', () => {
    const d = decodeResponse({
      operationId: 'gateway.authorize',
      httpStatus: 200,
      body: { result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, order: { amount: 12.5 } },
      rawText: '{"result":"SUCCESS","response":{"gatewayCode":"APPROVED"},"order":{"amount":99.990}}',
    });
    assert.equal(d.order?.amount, '12.5');
  });
});
