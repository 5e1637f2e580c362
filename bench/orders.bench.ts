import { performance } from 'node:perf_hooks';
import { decodeResponse } from '../src/decode';
import type { Exchange } from '../src/send/exchange';
import { nextStepsFor } from '../src/orders/answers/nextSteps';
import type { Report } from './report';

const AREA = 'orders';

/** A Retrieve Order answer of `count` transactions: an authorization, then captures, each capture voided in turn. */
function retrieveOrderText(count: number): string {
  const rows: string[] = [];
  const row = (id: string, type: string, i: number, target?: string): string =>
    `{"result":"SUCCESS","response":{"gatewayCode":"APPROVED"},"timeOfRecord":"2026-07-20T08:00:00.${String(i).padStart(6, '0')}Z","transaction":{"id":"${id}","type":"${type}","amount":1.00,"currency":"EUR"${target ? `,"targetTransactionId":"${target}"` : ''}}}`;
  rows.push(row('AUTH', 'AUTHORIZATION', 0));
  for (let i = 1; rows.length < count; i++) {
    rows.push(row(`C${i}`, 'CAPTURE', rows.length));
    if (rows.length < count) rows.push(row(`V${i}`, 'VOID_CAPTURE', rows.length, `C${i}`));
  }
  return `{"id":"O-1","status":"AUTHORIZED","currency":"EUR","amount":1000000.00,"totalAuthorizedAmount":1000000.00,"totalCapturedAmount":0.00,"totalRefundedAmount":0.00,"result":"SUCCESS","transaction":[${rows.join(',')}]}`;
}

function exchangeOf(rawText: string): Exchange {
  const body = JSON.parse(rawText) as unknown;
  return {
    id: 'b', startedAt: '2026-07-20T08:00:00.000Z', environment: { id: 'env', name: 'Bench', live: false },
    operationId: 'gateway.retrieveOrder', operationTitle: 'Retrieve Order', params: { orderId: 'O-1' },
    request: { method: 'GET', url: 'https://gateway.test/', headers: {}, bodyWasMasked: false, curl: '' },
    decoded: decodeResponse({ operationId: 'gateway.retrieveOrder', httpStatus: 200, body, rawText }),
  };
}

/** Decode of a Retrieve Order answer and its next steps, for orders of 1,000 and 10,000 transactions: must grow linearly. */
export async function run(report: Report): Promise<void> {
  const figures: number[] = [];
  for (const count of [1_000, 10_000]) {
    const rawText = retrieveOrderText(count);
    for (let i = 0; i < 5; i++) nextStepsFor(exchangeOf(rawText)); // warm-up
    const runs = 20;
    const start = performance.now();
    let steps = 0;
    for (let i = 0; i < runs; i++) steps += nextStepsFor(exchangeOf(rawText)).length;
    const ms = (performance.now() - start) / runs;
    if (steps === 0) throw new Error('no next steps');
    figures.push(ms);
    report(AREA, `Retrieve Order of ${count} transactions: decode + next steps`, ms, 'ms');
  }
  const [small, large] = figures as [number, number];
  report(AREA, '10,000 / 1,000 transactions time', large / small, '×');
  await Promise.resolve();
}
