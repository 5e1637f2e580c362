/** authorizationResponse fields that Update Session accepts (from an authorization made elsewhere). */
import { alnum, date, text } from '../formats';
import { obj, type ObjectNode } from '../fieldTree';

export function authorizationResponseGroup(): ObjectNode {
  return obj('Authorization response', {
    time: text(1, 6, 'Authorization time HHMMSS, up to 6 characters.', { pattern: /^\d*$/, patternHint: 'digits HHMMSS', example: '103000' }),
    trackQuality: text(1, 2, 'Track quality, 1 to 2.'),
    transactionIdentifier: text(1, 30, 'Transaction identifier from the scheme, 1 to 30 (1 to 15 in version 11).'),
    validationCode: text(1, 4, 'Validation code, 1 to 4; must be stored and sent with the capture.'),
    vpasResponse: text(1, 1, 'VPAS response, 1 character.', { label: 'VPAS response' }),
    financialNetworkCode: text(1, 3, 'Financial network code, 1 to 3.'),
    financialNetworkDate: date('Financial network date (yyyy-mm-dd).'),
    marketSpecificData: text(1, 1, 'Market specific data, 1 character.'),
    posData: text(1, 13, 'POS data, 1 to 13.', { label: 'POS data' }),
    posEntryMode: text(1, 4, 'POS entry mode, 1 to 4.', { label: 'POS entry mode' }),
    posEnvironment: text(1, 4, 'POS environment, 1 to 4.', { label: 'POS environment' }),
    processingCode: text(1, 6, 'Processing code, 1 to 6.'),
    responseCode: text(1, 3, 'Response code, 1 to 3.'),
    returnAci: text(1, 1, 'Returned authorization characteristics indicator, 1 character.', { label: 'Return ACI' }),
    sourceReasonCode: alnum(1, 2, 'Source reason code, alphanumeric 1 to 2.'),
    spendQualifierIndicator: alnum(1, 2, 'Spend qualifier indicator, alphanumeric 1 to 2.'),
    timezone: text(5, 5, 'Time zone +hhmm or -hhmm.', { pattern: /^[+-]\d{4}$/, patternHint: '+hhmm or -hhmm', example: '+0100' }),
    transactionIntegrityClass: alnum(1, 2, 'Transaction integrity class, alphanumeric 1 to 2.'),
    transactionLinkIdentifier: text(1, 30, 'Transaction link identifier, 1 to 30.'),
  }, 'Authorization response data (session update).');
}
