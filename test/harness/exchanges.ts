import { decodeResponse } from '../../src/decode';
import type { Exchange } from '../../src/send/exchange';

let counter = 0;

/** A plausible, already redacted Authorize exchange, built by hand (no simulator); override what a test is about. */
export function makeExchange(overrides: Partial<Exchange> = {}): Exchange {
  counter++;
  const bodyText = JSON.stringify({
    result: 'SUCCESS',
    response: { gatewayCode: 'APPROVED' },
    order: { id: `O-${counter}`, amount: '10.50', currency: 'EUR' },
    transaction: { id: `T-${counter}`, type: 'AUTHORIZATION' },
  });
  return {
    id: `ex-${counter}-${Math.random().toString(36).slice(2)}`,
    startedAt: new Date(Date.UTC(2026, 0, 2, 10, 0, counter % 60)).toISOString(),
    environment: { id: 'sim', name: 'Local simulator', live: false },
    operationId: 'gateway.authorize',
    operationTitle: 'Authorize',
    version: 11,
    params: { orderId: `O-${counter}`, transactionId: `T-${counter}` },
    request: {
      method: 'PUT',
      url: `http://127.0.0.1:4477/api/rest/version/11/merchant/TESTSIM/order/O-${counter}/transaction/T-${counter}`,
      headers: { 'Content-Type': 'application/json', Authorization: 'Basic <redacted>' },
      body: { apiOperation: 'AUTHORIZE', order: { amount: '10.50', currency: 'EUR' } },
      bodyWasMasked: false,
      curl: `curl -sS -X PUT 'http://127.0.0.1:4477/x' -H 'Authorization: Basic <redacted>'`,
    },
    response: {
      status: 201,
      headers: { 'content-type': 'application/json' },
      bodyText,
      sizeBytes: bodyText.length,
      truncated: false,
      timing: { totalMs: 42.4, ttfbMs: 30.1 },
    },
    decoded: decodeResponse({ operationId: 'gateway.authorize', httpStatus: 201, body: JSON.parse(bodyText), rawText: bodyText }),
    ...overrides,
  };
}

/** The same exchange with a different response body, decoded again as the runner would. */
export function withResponseText(e: Exchange, text: string): Exchange {
  const response = { ...(e.response as NonNullable<Exchange['response']>), bodyText: text, sizeBytes: text.length };
  return { ...e, response, decoded: decodeResponse({ operationId: e.operationId, httpStatus: response.status, body: JSON.parse(text) as unknown, rawText: text }) };
}
