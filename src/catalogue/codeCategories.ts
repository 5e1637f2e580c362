/**
 * The bucket of each card-gateway `response.gatewayCode`, apart from the words that explain it
 * (codes.ts): the Orders view reads only the bucket at activation, the meanings load with the
 * features that show them.
 */
export type GatewayCodeCategory = 'approved' | 'declined' | 'retry-safe' | 'error' | 'pending';

export const GATEWAY_CODE_CATEGORIES = {
  ABORTED: 'declined',
  ACQUIRER_SYSTEM_ERROR: 'retry-safe',
  APPROVED: 'approved',
  APPROVED_AUTO: 'approved',
  APPROVED_PENDING_SETTLEMENT: 'approved',
  AUTHENTICATION_FAILED: 'declined',
  AUTHENTICATION_IN_PROGRESS: 'pending',
  BALANCE_AVAILABLE: 'approved',
  BALANCE_UNKNOWN: 'approved',
  BLOCKED: 'declined',
  CANCELLED: 'declined',
  DECLINED: 'declined',
  DECLINED_AVS: 'declined',
  DECLINED_AVS_CSC: 'declined',
  DECLINED_CSC: 'declined',
  DECLINED_DO_NOT_CONTACT: 'declined',
  DECLINED_INVALID_PIN: 'declined',
  DECLINED_PAYMENT_PLAN: 'declined',
  DECLINED_PIN_REQUIRED: 'declined',
  DEFERRED_TRANSACTION_RECEIVED: 'pending',
  DUPLICATE_BATCH: 'error',
  EXCEEDED_RETRY_LIMIT: 'declined',
  EXPIRED_CARD: 'declined',
  INSUFFICIENT_FUNDS: 'declined',
  INVALID_CSC: 'declined',
  LOCK_FAILURE: 'retry-safe',
  NO_BALANCE: 'declined',
  NOT_ENROLLED_3D_SECURE: 'declined',
  NOT_SUPPORTED: 'error',
  PARTIALLY_APPROVED: 'approved',
  PENDING: 'pending',
  REFERRED: 'declined',
  SUBMITTED: 'pending',
  SYSTEM_ERROR: 'retry-safe',
  TIMED_OUT: 'declined',
  UNKNOWN: 'pending',
  UNSPECIFIED_FAILURE: 'error',
} as const satisfies Readonly<Record<string, GatewayCodeCategory>>;

export type GatewayCode = keyof typeof GATEWAY_CODE_CATEGORIES;
