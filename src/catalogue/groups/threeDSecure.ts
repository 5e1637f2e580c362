/** 3DSecure group: for externally authenticated transactions in the authorize request. */
import { ascii, base64, digits, enumOf } from '../formats';
import { inVersions, obj, req, type Fields } from '../fieldTree';

/**
 * Gone at version 100, replaced by authentication.* (source: S2, "Migrate to Hosted Session version
 * 100", developer.mastercard.com mig-hosted-session-v100). Still sent at 63 by the vendor's own
 * module (S19), and the last version with it is not documented, so it holds up to 99.
 */
const LAST_3DS1_VERSION = 99;

/**
 * The names version 100 took out of the whole API, whichever operation a body is for: a recorded real
 * Initiate Checkout at v100 (test/contract/corpus/arcpay-v100-initiate-checkout-unexpected-3dsecure.json)
 * was refused with "Unexpected parameter '3DSecure.authenticationIndicator'". Sending one at 100 is
 * "removed after version 99" on every gateway operation, not only those that took it before.
 */
export const RETIRED_FROM_THE_API: readonly { name: string; until: number }[] = [
  { name: '3DSecure', until: LAST_3DS1_VERSION },
  { name: '3DSecureId', until: LAST_3DS1_VERSION },
];

export function threeDSecureFields(): Fields {
  return {
    '3DSecure': inVersions({ until: LAST_3DS1_VERSION }, obj('3-D Secure', {
      acsEci: digits(1, 2, 'Electronic commerce indicator from the ACS, 1 to 2 digits.', { label: 'ACS ECI', example: '05' }),
      authenticationStatus: enumOf(['AUTHENTICATION_ATTEMPTED', 'AUTHENTICATION_NOT_AVAILABLE', 'AUTHENTICATION_SUCCESSFUL'], 'Outcome of the external authentication.'),
      authenticationToken: base64([28, 32], 'Authentication token (Base64, length 28 or 32); used unaltered.'),
      enrollmentStatus: req(enumOf(['ENROLLED', 'ENROLLMENT_STATUS_UNDETERMINED', 'NOT_ENROLLED'], 'Card enrollment status; required whenever the 3DSecure group is sent in the authorize request.')),
      xid: base64([28], 'Transaction id of the authentication (Base64, length 28); used unaltered.', { label: 'XID' }),
    }, 'Applies to externally authenticated transactions only.')),
    '3DSecureId': inVersions({ until: LAST_3DS1_VERSION }, ascii(1, 64, 'Identifier defined in the enrollment-check operation; ASCII 1 to 64.', { label: '3-D Secure id' })),
  };
}
