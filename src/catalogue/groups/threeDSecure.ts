/** 3DSecure group: for externally authenticated transactions in the authorize request. */
import { ascii, base64, digits, enumOf } from '../formats';
import { obj, req, type Fields } from '../fieldTree';

export function threeDSecureFields(): Fields {
  return {
    '3DSecure': obj('3-D Secure', {
      acsEci: digits(1, 2, 'Electronic commerce indicator from the ACS, 1 to 2 digits.', { label: 'ACS ECI', example: '05' }),
      authenticationStatus: enumOf(['AUTHENTICATION_ATTEMPTED', 'AUTHENTICATION_NOT_AVAILABLE', 'AUTHENTICATION_SUCCESSFUL'], 'Outcome of the external authentication.'),
      authenticationToken: base64([28, 32], 'Authentication token (Base64, length 28 or 32); used unaltered.'),
      enrollmentStatus: req(enumOf(['ENROLLED', 'ENROLLMENT_STATUS_UNDETERMINED', 'NOT_ENROLLED'], 'Card enrollment status; required whenever the 3DSecure group is sent in the authorize request.')),
      xid: base64([28], 'Transaction id of the authentication (Base64, length 28); used unaltered.', { label: 'XID' }),
    }, 'Applies to externally authenticated transactions only.'),
    '3DSecureId': ascii(1, 64, 'Identifier defined in the enrollment-check operation; ASCII 1 to 64.', { label: '3-D Secure id' }),
  };
}
