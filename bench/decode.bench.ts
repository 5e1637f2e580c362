import { performance } from 'node:perf_hooks';
import { decodeResponse, renderDecodedAsText } from '../src/decode';
import { prettyJson } from '../src/json';
import { percentiles, type Report } from './report';

const AREA = 'decode';

const SUCCESS_TEXT = JSON.stringify({
  gatewayEntryPoint: 'WEB_SERVICES_API',
  merchant: 'TESTDEVMER031',
  order: { amount: 10.01, currency: 'USD', id: 'ORD-1', status: 'CAPTURED', totalAuthorizedAmount: 10.01, totalCapturedAmount: 10.01, totalRefundedAmount: 0 },
  response: { acquirerCode: '00', acquirerMessage: 'Approved', cardSecurityCode: { acquirerCode: 'M', gatewayCode: 'MATCH' }, gatewayCode: 'APPROVED' },
  result: 'SUCCESS',
  risk: { response: { gatewayCode: 'ACCEPTED', review: { decision: 'NOT_REQUIRED' }, rule: [{ data: '512345', name: 'MSO_BIN_RANGE', recommendation: 'NO_ACTION', type: 'MSO_RULE' }], totalScore: 10 } },
  sourceOfFunds: { provided: { card: { brand: 'MASTERCARD', expiry: { month: '1', year: '39' }, fundingMethod: 'DEBIT', number: '512345xxxxxx0008', scheme: 'MASTERCARD' } }, type: 'CARD' },
  timeOfRecord: '2026-07-20T08:27:25.001Z',
  transaction: { acquirer: { batch: 20260720, id: 'ACQ_S2I', merchantId: '12345678' }, amount: 10.01, authorizationCode: '283425', currency: 'USD', id: 'TXN-1', type: 'PAYMENT' },
  version: '74',
});

const OFFERS_TEXT = JSON.stringify({
  success: true,
  message: null,
  data: {
    sessionID: 'SESS-1',
    offers: Array.from({ length: 50 }, (_, i) => ({
      id: i, childId: i * 10, name: `${6 + i} months`, installment: 254.23, interest: 19.9, dae: 21.8,
      total_credit_amount: 6101.52, loan_amount: 5000, analysis_fee: 150, credit_period_months: 6 + i,
    })),
  },
});

function time(runs: number, work: () => void): number[] {
  for (let i = 0; i < 50; i++) work(); // warm-up, so the JIT is measured at its steady state
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * A hostile-sized answer: a gateway body whose order carries an item list of many short strings,
 * about `megabytes` MB of JSON text. Short strings are the worst case for a scanner that searches
 * the rest of the text once per string.
 */
export function largeBodyText(megabytes: number): string {
  const target = megabytes * 1024 * 1024;
  const item = '"ab",';
  const count = Math.ceil(target / item.length);
  const head = '{"result":"SUCCESS","response":{"gatewayCode":"APPROVED"},"order":{"amount":10.01,"totalRefundedAmount":0.00,"currency":"USD","item":[';
  return `${head}${item.repeat(count - 1)}"ab"]}}`;
}

/** Decode of 1, 4 and 10 MB bodies (parse included, as the client does it): must grow linearly. */
function largeBodies(report: Report): void {
  const figures: number[] = [];
  for (const megabytes of [1, 4, 10]) {
    const rawText = largeBodyText(megabytes);
    const start = performance.now();
    const decoded = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: JSON.parse(rawText) as unknown, rawText });
    const ms = performance.now() - start;
    if (decoded.order?.amount !== '10.01') throw new Error('the large body did not decode');
    figures.push(ms);
    report(AREA, `${megabytes} MB body of short strings, decode`, ms, 'ms');
  }
  const [one, , ten] = figures as [number, number, number];
  report(AREA, '10 MB / 1 MB decode time', ten / one, '×');
}

/** A body nested `levels` deep, as a hostile or broken server could answer. */
export function deeplyNestedText(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/**
 * Pretty-printing a deeply nested body (the response panel, the raw text view, history): the time
 * and the size of the text shown must grow with the body, not with its depth squared.
 */
function deepPrettyPrint(report: Report): void {
  for (const levels of [5_000, 20_000]) {
    const text = deeplyNestedText(levels);
    const start = performance.now();
    const pretty = prettyJson(text);
    const ms = performance.now() - start;
    report(AREA, `pretty-print a body nested ${levels} deep`, ms, 'ms');
    report(AREA, `pretty-print a body nested ${levels} deep, characters out`, pretty.length);
  }
}

/** How long the response view waits for an explanation: decode (with raw text) and render. */
export async function run(report: Report): Promise<void> {
  deepPrettyPrint(report);
  largeBodies(report);
  const cases: [string, string, string, number][] = [
    ['authorize success (real body), decode', 'gateway.authorize', SUCCESS_TEXT, 200],
    ['offers (50), decode', 'financing.offers', OFFERS_TEXT, 200],
    ['non-JSON 502, decode', 'gateway.refund', '<html>Bad gateway</html>', 502],
  ];
  for (const [name, operationId, rawText, httpStatus] of cases) {
    const body: unknown = (() => {
      try {
        return JSON.parse(rawText) as unknown;
      } catch {
        return undefined;
      }
    })();
    const { p50, p99 } = percentiles(time(2000, () => decodeResponse({ operationId, httpStatus, body, rawText })));
    report(AREA, `${name} p50`, p50 * 1000, 'µs');
    report(AREA, `${name} p99`, p99 * 1000, 'µs');
  }
  const decoded = decodeResponse({ operationId: 'financing.offers', httpStatus: 200, body: JSON.parse(OFFERS_TEXT) as unknown, rawText: OFFERS_TEXT });
  const { p50 } = percentiles(time(2000, () => renderDecodedAsText(decoded)));
  report(AREA, 'offers (50), render as text p50', p50 * 1000, 'µs');
}
