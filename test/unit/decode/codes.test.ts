import * as assert from 'node:assert/strict';
import {
  AVS_CODES,
  BROWSER_PAYMENT_STATES,
  CODE_TABLES,
  CSC_CODES,
  DETAILED_VERIFICATION_CODES,
  DETAILED_VERIFICATION_TYPES,
  ERROR_CAUSES,
  GATEWAY_CODES,
  GATEWAY_ENTRY_POINTS,
  RESULT_VALUES,
  RISK_GATEWAY_CODES,
  RISK_REVERSAL_RESULTS,
  RISK_REVIEW_DECISIONS,
  RISK_RULE_RECOMMENDATIONS,
  RISK_RULE_TYPES,
  THREE_DS_AUTH_STATUS,
  THREE_DS_ENROLLMENT,
  VALIDATION_TYPES,
  gatewayCodeValues,
  keysOf,
  type CodeTable,
} from '../../../src/catalogue/codes';

// The lists below are typed out from the spec and the reference on purpose: deleting or renaming
// an entry in codes.ts must fail here, not silently shrink every enum derived from the table.
const SPEC: Record<string, readonly string[]> = {
  GATEWAY_CODES: [
    'ABORTED', 'ACQUIRER_SYSTEM_ERROR', 'APPROVED', 'APPROVED_PENDING_SETTLEMENT', 'AUTHENTICATION_FAILED', 'BLOCKED',
    'CANCELLED', 'DECLINED', 'DECLINED_AVS', 'DECLINED_AVS_CSC', 'DECLINED_CSC', 'DECLINED_DO_NOT_CONTACT',
    'DECLINED_PAYMENT_PLAN', 'DEFERRED_TRANSACTION_RECEIVED', 'DUPLICATE_BATCH', 'EXCEEDED_RETRY_LIMIT', 'EXPIRED_CARD',
    'INSUFFICIENT_FUNDS', 'INVALID_CSC', 'LOCK_FAILURE', 'NOT_ENROLLED_3D_SECURE', 'NOT_SUPPORTED', 'PENDING', 'REFERRED',
    'SYSTEM_ERROR', 'TIMED_OUT', 'UNKNOWN', 'UNSPECIFIED_FAILURE', 'SUBMITTED',
    // reference: seen in real responses
    'PARTIALLY_APPROVED', 'DECLINED_INVALID_PIN', 'DECLINED_PIN_REQUIRED',
    // v100 API reference (docs/reference-notes/issue23-versions.md §4)
    'APPROVED_AUTO', 'AUTHENTICATION_IN_PROGRESS', 'BALANCE_AVAILABLE', 'BALANCE_UNKNOWN', 'NO_BALANCE',
  ],
  RESULT_VALUES: ['SUCCESS', 'FAILURE', 'PENDING', 'UNKNOWN', 'ERROR'],
  RISK_GATEWAY_CODES: ['ACCEPTED', 'NOT_CHECKED', 'REJECTED', 'REVIEW_REQUIRED'],
  RISK_REVIEW_DECISIONS: ['ACCEPTED', 'NOT_REQUIRED', 'PENDING', 'REJECTED'],
  RISK_RULE_RECOMMENDATIONS: ['ACCEPT', 'NO_ACTION', 'REJECT', 'REVIEW'],
  RISK_RULE_TYPES: ['ERROR', 'EXTERNAL_RULE', 'MERCHANT_RULE', 'MSO_RULE'],
  RISK_REVERSAL_RESULTS: ['FAIL', 'NOT_APPLICABLE', 'OKAY'],
  AVS_CODES: [
    'ADDRESS_MATCH', 'ADDRESS_ZIP_MATCH', 'NAME_ADDRESS_MATCH', 'NAME_MATCH', 'NAME_ZIP_MATCH', 'NOT_AVAILABLE',
    'NOT_REQUESTED', 'NOT_VERIFIED', 'NO_MATCH', 'SERVICE_NOT_AVAILABLE_RETRY', 'SERVICE_NOT_SUPPORTED', 'ZIP_MATCH',
  ],
  CSC_CODES: ['MATCH', 'NOT_PRESENT', 'NOT_PROCESSED', 'NOT_SUPPORTED', 'NO_MATCH'],
  DETAILED_VERIFICATION_CODES: ['MATCHED', 'NOT_CHECKED', 'NOT_MATCHED', 'NOT_PROVIDED', 'SERVICE_NOT_AVAILABLE_RETRY', 'SERVICE_NOT_SUPPORTED'],
  DETAILED_VERIFICATION_TYPES: ['BILLING_PHONE', 'BILLING_POSTCODE_ZIP', 'BILLING_STREET_ADDRESS', 'CARDHOLDER_NAME', 'CUSTOMER_EMAIL'],
  THREE_DS_ENROLLMENT: ['ENROLLED', 'ENROLLMENT_STATUS_UNDETERMINED', 'NOT_ENROLLED'],
  THREE_DS_AUTH_STATUS: ['AUTHENTICATION_ATTEMPTED', 'AUTHENTICATION_NOT_AVAILABLE', 'AUTHENTICATION_SUCCESSFUL'],
  BROWSER_PAYMENT_STATES: ['INITIATED', 'REDIRECTED_TO_PROVIDER', 'RETURNED_TO_MERCHANT', 'COMPLETED'],
  ERROR_CAUSES: ['INVALID_REQUEST', 'REQUEST_REJECTED', 'SERVER_BUSY', 'SERVER_FAILED'],
  VALIDATION_TYPES: ['INVALID', 'MISSING', 'UNSUPPORTED'],
  GATEWAY_ENTRY_POINTS: ['AUTO', 'BATCH', 'HOSTED_FORM', 'HOSTED_PAGE', 'MERCHANT_ADMINISTRATION', 'THREE_PARTY', 'TWO_PARTY', 'WEB_SERVICES_API'],
  ORDER_STATUSES: ['AUTHORIZED', 'CAPTURED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'VERIFIED', 'INITIATED'],
  TRANSACTION_TYPES: ['AUTHORIZATION', 'AUTHORIZATION_UPDATE', 'CAPTURE', 'PAYMENT', 'REFUND', 'VERIFICATION'],
  FINANCING_CALLBACK_STATUSES: ['Started', 'Disbursed', 'Rejected', 'Cancelled', 'Expired'],
};

// Tables that are exactly the documented enumeration (no extras from public docs allowed).
const EXACT = new Set(Object.keys(SPEC).filter((t) => !['ORDER_STATUSES', 'TRANSACTION_TYPES'].includes(t)));

describe('code tables (catalogue/codes)', () => {
  for (const [name, expected] of Object.entries(SPEC)) {
    it(`${name} holds every documented value`, () => {
      const table: CodeTable = CODE_TABLES[name as keyof typeof CODE_TABLES];
      assert.ok(table, `table ${name} exists`);
      const missing = expected.filter((code) => !Object.hasOwn(table, code));
      assert.deepEqual(missing, [], `${name} lacks ${missing.join(', ')}`);
      if (EXACT.has(name)) assert.deepEqual([...Object.keys(table)].sort(), [...expected].sort());
    });
  }

  it('every entry of every table is explained: meaning, category and next step', () => {
    for (const [name, table] of Object.entries(CODE_TABLES) as [string, CodeTable][]) {
      assert.ok(Object.keys(table).length > 0, `${name} is empty`);
      for (const [code, info] of Object.entries(table)) {
        assert.ok(info.meaning.trim().length > 10, `${name}.${code} meaning`);
        assert.ok(info.category.trim().length > 0, `${name}.${code} category`);
        assert.ok(info.nextStep.trim().length > 0, `${name}.${code} nextStep`);
      }
    }
  });

  it('AVS has the twelve values the verify request also enumerates', () => {
    assert.equal(Object.keys(AVS_CODES).length, 12);
  });

  it('gateway code categories follow the spec notes', () => {
    assert.equal(GATEWAY_CODES.APPROVED.category, 'approved');
    assert.equal(GATEWAY_CODES.TIMED_OUT.category, 'declined');
    assert.match(GATEWAY_CODES.TIMED_OUT.nextStep, /reverse/);
    assert.equal(GATEWAY_CODES.LOCK_FAILURE.category, 'retry-safe');
    assert.match(GATEWAY_CODES.LOCK_FAILURE.nextStep, /NEW transaction id/);
    assert.match(GATEWAY_CODES.UNKNOWN.nextStep, /query the order/);
    assert.equal(GATEWAY_CODES.SUBMITTED.category, 'pending');
    const allowed = new Set(['approved', 'declined', 'retry-safe', 'error', 'pending']);
    for (const info of Object.values(GATEWAY_CODES)) assert.ok(allowed.has(info.category));
  });

  it('browser payment states name their timestamp fields in state order', () => {
    assert.deepEqual(
      Object.values(BROWSER_PAYMENT_STATES).map((s) => s.timestampField),
      ['timeInitiated', 'timeRedirected', 'timeReturned', 'timeCompleted'],
    );
  });

  it('error causes tell when to retry', () => {
    assert.match(ERROR_CAUSES.SERVER_BUSY.nextStep, /[Rr]etry later/);
    assert.match(ERROR_CAUSES.SERVER_FAILED.nextStep, /[Rr]etry later/);
    assert.doesNotMatch(ERROR_CAUSES.INVALID_REQUEST.nextStep, /[Rr]etry later/);
  });

  it('key lists are the table keys in declaration order, usable as enum values', () => {
    assert.deepEqual([...gatewayCodeValues], Object.keys(GATEWAY_CODES));
    assert.equal(gatewayCodeValues[0], 'ABORTED');
    assert.deepEqual([...keysOf(CSC_CODES)], Object.keys(CSC_CODES));
  });

  it('every named table is registered in CODE_TABLES', () => {
    const named = [
      RESULT_VALUES, RISK_GATEWAY_CODES, RISK_REVIEW_DECISIONS, RISK_RULE_RECOMMENDATIONS, RISK_RULE_TYPES, RISK_REVERSAL_RESULTS,
      DETAILED_VERIFICATION_CODES, DETAILED_VERIFICATION_TYPES, THREE_DS_ENROLLMENT, THREE_DS_AUTH_STATUS, VALIDATION_TYPES,
      GATEWAY_ENTRY_POINTS,
    ];
    const registered = new Set<object>(Object.values(CODE_TABLES));
    for (const table of named) assert.ok(registered.has(table));
  });
});
