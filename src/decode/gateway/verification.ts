import {
  AVS_CODES,
  CSC_CODES,
  DETAILED_VERIFICATION_CODES,
  THREE_DS_AUTH_STATUS,
  THREE_DS_ENROLLMENT,
} from '../../catalogue/codes';
import { BodyView, definedOnly, hasAny } from '../bodyView';
import { explainCode } from '../explain';
import type { CodeExplanation, DecodedThreeDSecure } from '../types';

interface DecodedVerification {
  avs?: CodeExplanation;
  csc?: CodeExplanation;
  detailedVerification?: { type: string; result: CodeExplanation }[];
}

/** Card security code, address verification and the per-field detailed verification. */
export function decodeVerification(view: BodyView): DecodedVerification {
  const avs = view.at(['response', 'cardholderVerification', 'avs', 'gatewayCode']);
  const csc = view.at(['response', 'cardSecurityCode', 'gatewayCode']);
  const detailedPath = ['response', 'cardholderVerification', 'detailedVerification'];
  const detailed = view.array(detailedPath).map((_, i) => ({
    type: view.text([...detailedPath, i, 'type']) ?? '(no type)',
    result: explainCode(DETAILED_VERIFICATION_CODES, view.at([...detailedPath, i, 'gatewayCode'])),
  }));
  return definedOnly({
    avs: avs !== undefined ? explainCode(AVS_CODES, avs) : undefined,
    csc: csc !== undefined ? explainCode(CSC_CODES, csc) : undefined,
    detailedVerification: detailed.length > 0 ? detailed : undefined,
  });
}

/** The 3-D Secure echo. Tokens and xid are authentication data, so only their codes are shown. */
export function decodeThreeDSecure(view: BodyView): DecodedThreeDSecure | undefined {
  if (!view.record(['3DSecure'])) return undefined;
  const enrollment = view.at(['3DSecure', 'enrollmentStatus']);
  const authentication = view.at(['3DSecure', 'authenticationStatus']);
  const decoded: DecodedThreeDSecure = definedOnly({
    enrollment: enrollment !== undefined ? explainCode(THREE_DS_ENROLLMENT, enrollment) : undefined,
    authentication: authentication !== undefined ? explainCode(THREE_DS_AUTH_STATUS, authentication) : undefined,
    acsEci: view.text(['3DSecure', 'acsEci']),
  });
  return hasAny(decoded) ? decoded : undefined;
}
