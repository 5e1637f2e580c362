/** Catalogue figures: validateField (every keystroke), validateBody on large bodies, JSON Schema size. */
import { performance } from 'node:perf_hooks';
import { exampleBody, requestFileJsonSchema, validateBody, validateField } from '../src/catalogue';
import { formatDecimal } from '../src/catalogue/decimal';
import { percentiles, type Report } from './report';

const AREA = 'catalogue';

function time(fn: () => void, runs: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push((performance.now() - t0) * 1000); // µs
  }
  return samples;
}

/** A Verify body with every group filled and long lists (tax lines, AVS rules, custom fields). */
function largeVerifyBody(): Record<string, unknown> {
  return {
    ...exampleBody('gateway.verify', 100),
    correlationId: 'bench',
    order: {
      currency: 'USD', reference: 'BENCH-1', taxAmount: '100.00', supplierName: 'Supplier', taxStatus: 'NOT_EXEMPT',
      custom: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, `value ${i}`])),
      tax: Array.from({ length: 200 }, (_, i) => ({ amount: '0.50', rate: '0.2', type: `VAT${i}` })),
      transactionFiltering: { avsResponseCodeRules: Array.from({ length: 200 }, (_, i) => ({ action: i % 2 ? 'REJECT' : 'REVIEW', avsResponseCode: 'NO_MATCH' })) },
    },
    agreement: { id: 'AGR-1', type: 'RECURRING', amountVariability: 'FIXED', paymentFrequency: 'MONTHLY', startDate: '2099-01-01', numberOfPayments: 12 },
    accountFunding: { purpose: 'PAYROLL', senderType: 'PERSON', recipient: { firstName: 'A', lastName: 'B', address: { city: 'X', country: 'USA' }, identification: { type: 'PASSPORT', value: 'P1', country: 'USA' } } },
    posTerminal: { attended: 'ATTENDED', inputCapability: 'CHIP', location: 'MERCHANT_TERMINAL_ON_PREMISES', address: { city: 'Town', country: 'USA', street: '1 Alpha St' }, pinLengthCapability: 6 },
    billing: { address: { city: 'Town', country: 'USA', street: '1 Alpha St', postcodeZip: '12345' }, phone: '123' },
  };
}

/** An Update Session body with 1000 line items whose totals must be summed exactly. */
function largeSessionBody(): Record<string, unknown> {
  const items = Array.from({ length: 1000 }, (_, i) => ({ name: `Item ${i}`, quantity: '3', unitPrice: '1.10', unitTaxAmount: '0.11', sku: `SKU${i}` }));
  return {
    order: { amount: '3630.00', currency: 'USD', itemAmount: '3300.00', taxAmount: '330.00', items, purchaseType: 'OTHER' },
    cruise: { departureDate: '2099-01-01', returnDate: '2099-01-10', passenger: Array.from({ length: 50 }, () => ({ firstName: 'A', lastName: 'B' })) },
    agreement: { type: 'OTHER', startDate: '2099-01-01' },
  };
}

export async function run(report: Report): Promise<void> {
  const now = new Date('2026-06-01T00:00:00Z');
  const verify = largeVerifyBody();
  const session = largeSessionBody();
  const verifyIssues = validateBody('gateway.verify', 100, verify, now);
  const sessionIssues = validateBody('gateway.updateSession', 100, session, now);
  if (verifyIssues.length || sessionIssues.length) throw new Error(`bench bodies must be valid: ${[...verifyIssues, ...sessionIssues].map((i) => i.message).join('; ')}`);

  const keystrokes: [string, unknown][] = [
    ['order.currency', 'US'], ['order.reference', 'REF-12'], ['order.tax[123].amount', '12.5'], ['order.custom.key7', 'v'],
    ['posTerminal.address.postcodeZip', 'SW1A 1'], ['agreement.startDate', '2027-01-0'], ['accountFunding.recipient.identification.type', 'PASS'],
  ];
  validateField('gateway.verify', 100, 'order.currency', 'USD'); // build the catalogue before timing
  let k = 0;
  const field = percentiles(time(() => { const [p, v] = keystrokes[k++ % keystrokes.length]!; validateField('gateway.verify', 100, p, v); }, 20000));
  report(AREA, 'validateField p50, Verify (mixed paths)', field.p50, 'µs');
  report(AREA, 'validateField p99, Verify (mixed paths)', field.p99, 'µs');

  const vb = percentiles(time(() => validateBody('gateway.verify', 100, verify, now), 300));
  report(AREA, 'validateBody p50, Verify (200 tax, 200 AVS rules, 50 custom)', vb.p50 / 1000, 'ms');
  report(AREA, 'validateBody p99, Verify (200 tax, 200 AVS rules, 50 custom)', vb.p99 / 1000, 'ms');
  const sb = percentiles(time(() => validateBody('gateway.updateSession', 100, session, now), 300));
  report(AREA, 'validateBody p50, Update Session (1000 items, exact sums)', sb.p50 / 1000, 'ms');
  report(AREA, 'validateBody p99, Update Session (1000 items, exact sums)', sb.p99 / 1000, 'ms');

  // The hostile strings of issue 10 (§4): once 5 s and 4.7 s on the extension host.
  const once = (fn: () => void) => time(fn, 1)[0]! / 1000;
  report(AREA, "validateField e-mail 'a@' + 60,000 dots + '@'", once(() => validateField('financing.offers', undefined, 'email_address', `a@${'.'.repeat(60_000)}@`)), 'ms');
  report(AREA, 'formatDecimal of 0.(50,000 zeros)1', once(() => formatDecimal({ units: 1n, scale: 50_000 })), 'ms');
  const long = `1.${'0'.repeat(99_990)}`;
  report(AREA, 'validateBody Authorize, 100k-character amounts (sums)', once(() => validateBody('gateway.authorize', 11, { apiOperation: 'AUTHORIZE', order: { amount: long, currency: 'USD', itemAmount: long, taxAmount: '1' } }, now)), 'ms');
  report(AREA, 'validateField every text field of Verify, 100k dots each', once(() => {
    for (const path of ['order.reference', 'customer.email', 'order.notificationUrl', 'billing.address.postcodeZip', '3DSecure.authenticationToken']) validateField('gateway.verify', 100, path, '.'.repeat(100_000));
  }), 'ms');

  const t0 = performance.now();
  const schemaText = JSON.stringify(requestFileJsonSchema());
  report(AREA, 'request-file JSON Schema export time', performance.now() - t0, 'ms');
  report(AREA, 'request-file JSON Schema size', Buffer.byteLength(schemaText), 'bytes');
}
