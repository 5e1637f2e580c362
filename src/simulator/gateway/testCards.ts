import type { AvsCode, CscCode, GatewayCode, ResultValue } from '../../catalogue/codes';
import { AVS_STREETS, CSC_OUTCOMES, EXPIRY_OUTCOMES } from '../../catalogue/testData';

/**
 * The real gateway's test-mode behaviour (shared/reference/gateway-behaviour.md): the card expiry
 * picks the outcome, the security code picks the CSC result, the billing street picks the AVS result,
 * and order.reference steers browser payments. Anything not listed is approved / MATCH /
 * NOT_REQUESTED (inferred: the real test mode approves ordinary cards).
 */

export function expiryOutcome(month: string | undefined, year: string | undefined): GatewayCode {
  if (!month || !year) return 'APPROVED';
  const key = `${month.padStart(2, '0')}/${year.slice(-2).padStart(2, '0')}`;
  return EXPIRY_OUTCOMES[key] ?? 'APPROVED';
}

export function cscOutcome(securityCode: string | undefined): CscCode {
  if (securityCode === undefined || securityCode === '') return 'NOT_PRESENT';
  return CSC_OUTCOMES[securityCode] ?? 'MATCH';
}

export function avsOutcome(street: string | undefined): AvsCode {
  if (!street) return 'NOT_REQUESTED';
  const lower = street.toLowerCase();
  for (const [name, code] of Object.entries(AVS_STREETS)) if (lower.includes(name.toLowerCase())) return code;
  return 'NOT_VERIFIED';
}

/** A card-security-code or address mismatch turns an approval into the DECLINED_* codes (spec, Errors). */
export function applyVerificationRules(base: GatewayCode, csc: CscCode, avs: AvsCode): GatewayCode {
  if (base !== 'APPROVED') return base;
  const cscFails = csc === 'NO_MATCH';
  const avsFails = avs === 'NO_MATCH';
  if (cscFails && avsFails) return 'DECLINED_AVS_CSC';
  if (cscFails) return 'DECLINED_CSC';
  if (avsFails) return 'DECLINED_AVS';
  return base;
}

export function resultOf(code: GatewayCode): ResultValue {
  switch (code) {
    case 'APPROVED':
    case 'APPROVED_PENDING_SETTLEMENT':
    case 'PARTIALLY_APPROVED':
    case 'SUBMITTED':
      return 'SUCCESS';
    case 'PENDING':
      return 'PENDING';
    case 'UNKNOWN':
      return 'UNKNOWN';
    default:
      return 'FAILURE';
  }
}

/** Acquirer code and message as an ISO 8583-style acquirer would send them (inferred). */
export function acquirerResponse(code: GatewayCode): { acquirerCode: string; acquirerMessage: string } | undefined {
  const table: Partial<Record<GatewayCode, [string, string]>> = {
    APPROVED: ['00', 'Approved'],
    DECLINED: ['05', 'Do not honour'],
    EXPIRED_CARD: ['54', 'Expired card'],
    TIMED_OUT: ['68', 'Response received too late'],
    ACQUIRER_SYSTEM_ERROR: ['96', 'System malfunction'],
    UNSPECIFIED_FAILURE: ['06', 'Error'],
    DECLINED_CSC: ['N7', 'Decline for CVV2 failure'],
    DECLINED_AVS: ['05', 'Do not honour'],
    DECLINED_AVS_CSC: ['05', 'Do not honour'],
    PENDING: ['09', 'Request in progress'],
  };
  const hit = table[code];
  return hit ? { acquirerCode: hit[0], acquirerMessage: hit[1] } : undefined;
}

export const CSC_ACQUIRER_CODES: Readonly<Record<CscCode, string>> = { MATCH: 'M', NOT_PRESENT: 'S', NOT_PROCESSED: 'P', NOT_SUPPORTED: 'U', NO_MATCH: 'N' };

export function avsAcquirerCode(code: AvsCode): string {
  const table: Partial<Record<AvsCode, string>> = {
    ADDRESS_MATCH: 'A', ADDRESS_ZIP_MATCH: 'Y', ZIP_MATCH: 'Z', NO_MATCH: 'N', NOT_VERIFIED: 'U', SERVICE_NOT_AVAILABLE_RETRY: 'R',
    SERVICE_NOT_SUPPORTED: 'S', NOT_AVAILABLE: 'U', NAME_MATCH: 'M', NAME_ADDRESS_MATCH: 'B', NAME_ZIP_MATCH: 'P', NOT_REQUESTED: '',
  };
  return table[code] ?? 'U';
}

type CardBrand = 'MASTERCARD' | 'VISA' | 'JCB' | 'DISCOVER' | 'UNKNOWN';

export function brandOf(number: string): CardBrand {
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD';
  if (number.startsWith('4')) return 'VISA';
  if (/^35(2[89]|[3-8])/.test(number)) return 'JCB';
  if (/^(6011|65|64[4-9])/.test(number)) return 'DISCOVER';
  return 'UNKNOWN';
}
