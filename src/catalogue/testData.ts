/**
 * The real gateway's test-mode triggers (shared/reference/gateway-behaviour.md), declared once: the
 * simulator behaves by them and the form offers them (pick a card and an outcome). No vscode, no DOM.
 */
import type { AvsCode, CscCode, GatewayCode } from './codes';
import { TEST_CARD_LIST } from './testCards';

/** "MM/YY" (month without leading zero accepted) → gatewayCode. */
export const EXPIRY_OUTCOMES: Readonly<Record<string, GatewayCode>> = {
  '01/39': 'APPROVED',
  '05/39': 'DECLINED',
  '04/27': 'EXPIRED_CARD',
  '08/28': 'TIMED_OUT',
  '01/37': 'ACQUIRER_SYSTEM_ERROR',
  '02/37': 'UNSPECIFIED_FAILURE',
  '05/37': 'UNKNOWN',
};

export const CSC_OUTCOMES: Readonly<Record<string, CscCode>> = {
  '100': 'MATCH',
  '101': 'NOT_PROCESSED',
  '102': 'NO_MATCH',
};

/** Street name (matched case-insensitively anywhere in billing.address.street) → AVS result. */
export const AVS_STREETS: Readonly<Record<string, AvsCode>> = {
  'Alpha St': 'ADDRESS_MATCH',
  'Gamma St': 'NOT_VERIFIED',
  'November St': 'NO_MATCH',
  'Romeo St': 'SERVICE_NOT_AVAILABLE_RETRY',
  'Sierra St': 'SERVICE_NOT_SUPPORTED',
  'Uniform St': 'NOT_AVAILABLE',
  'Whiskey St': 'ZIP_MATCH',
  'X-ray St': 'ADDRESS_ZIP_MATCH',
  'Kilo St': 'NAME_MATCH',
  'Oscar St': 'NAME_ADDRESS_MATCH',
  'Lima St': 'NAME_ZIP_MATCH',
  'Zero St': 'NOT_REQUESTED',
};

/**
 * Browser-payment references whose outcome comes later, by itself, each step with its own notification
 * (the gateway's browser-payment test page: TEST-FAIL-THEN-SUCCESS fails after 30 s and succeeds 60 s
 * later; the simulator's delays are shorter, SimulatorOptions.testReferenceDelaysMs).
 */
export const BROWSER_PAYMENT_TIMED_REFERENCES = {
  'TEST-FAIL-THEN-SUCCESS': ['DECLINED', 'APPROVED'],
  'TEST-TIMEOUT-THEN-SUCCESS': ['ACQUIRER_SYSTEM_ERROR', 'APPROVED'],
  'TEST-FAIL-INIT': ['DECLINED'],
  'TEST-SUCCESS-INIT': ['APPROVED'],
} as const satisfies Readonly<Record<string, readonly GatewayCode[]>>;

export const BROWSER_PAYMENT_REFERENCES = {
  'TEST-SUCCEED': 'APPROVED',
  'TEST-FAIL-DECLINE': 'DECLINED',
  'TEST-PENDING': 'PENDING',
} as const satisfies Readonly<Record<string, GatewayCode>>;

/** Test card numbers (the one list is testCards.ts). */
export const TEST_CARDS: readonly string[] = TEST_CARD_LIST.map((c) => c.number);
