/** accountFunding group (version 100, when order.purchaseType is ACCOUNT_FUNDING). */
import { alnum, bool, country, date, decimalText, enumOf, text } from '../formats';
import { inVersions, obj, onlyIn, type Fields, type ObjectNode } from '../fieldTree';

/**
 * source: "Account Funding Transactions" guide (na.gateway.mastercard.com …/accountFundingTransactions.html):
 * "The Mastercard AFT support is available from API version 65 onwards"; "The following API operations
 * support AFT transactions from API version 80 onwards: Authenticate Payer, Update Session, Initiate Checkout".
 */
const AFT_SINCE = 65;
const AFT_IN_SESSION_SINCE = 80;

const IDENTIFICATION_TYPES = [
  'ALIEN_REGISTRATION_NUMBER', 'BUSINESS_TAX_ID', 'COMPANY_REGISTRATION_NUMBER', 'CUSTOMER_IDENTIFICATION', 'DATE_OF_BIRTH',
  'DRIVERS_LICENSE', 'EMAIL', 'GOVERNMENT_ISSUED', 'INDIVIDUAL_TAX_ID', 'LAW_ENFORCEMENT_IDENTIFICATION', 'MILITARY_IDENTIFICATION',
  'NATIONAL_IDENTIFICATION_CARD', 'OTHER', 'PASSPORT', 'PHONE_NUMBER', 'PROXY_IDENTIFICATION', 'SOCIAL_SECURITY_NUMBER',
  'TRAVEL_IDENTIFICATION',
] as const;

/** The recipient's address uses postCodeZip (capital C), unlike the shared address group. */
function recipientAddress(): ObjectNode {
  return obj('Account funding', {
    city: text(1, 100, 'City, 1 to 100.'),
    country: country(),
    postCodeZip: text(1, 10, 'Postcode or ZIP, 1 to 10.', { label: 'Postcode/ZIP' }),
    stateProvinceCode: text(1, 3, 'State or province code, 1 to 3.', { label: 'State/province code' }),
    street: text(1, 100, 'Street, 1 to 100.'),
    street2: text(1, 100, 'Second street line, 1 to 100.', { label: 'Street 2' }),
  });
}

export function accountFundingGroup(opts: { sessionUpdate: boolean }): ObjectNode {
  const sessionOnly: Fields = opts.sessionUpdate
    ? {
        purposeOfPayment: alnum(2, 6, 'Purpose of payment code, alphanumeric 2 to 6; default ISOTHR (session update).', { defaultValue: 'ISOTHR', example: 'ISOTHR' }),
        foreignExchangeFee: decimalText('Foreign exchange fee, decimal 0 to 1000000000000 (session update).', { maxValue: '1000000000000' }),
      }
    : {};
  const recipientSessionOnly: Fields = opts.sessionUpdate
    ? {
        country: country('Recipient country, 3 letters (session update).'),
        dateOfBirth: date('Recipient date of birth, yyyy-mm-dd (session update).'),
        postCodeZip: text(1, 10, 'Recipient postcode or ZIP, 1 to 10 (session update).', { label: 'Postcode/ZIP' }),
        stateProvinceCode: text(1, 3, 'Recipient state or province code, 1 to 3 (session update).', { label: 'State/province code' }),
      }
    : {};
  return inVersions({ since: opts.sessionUpdate ? AFT_IN_SESSION_SINCE : AFT_SINCE }, obj('Account funding', {
    purpose: enumOf(['CRYPTOCURRENCY_PURCHASE', 'MERCHANT_SETTLEMENT', 'OTHER', 'PAYROLL'], 'Purpose of the account funding; default OTHER.', { defaultValue: 'OTHER', example: 'OTHER' }),
    ...sessionOnly,
    senderIsRecipient: bool('Whether sender and recipient are the same person; default false.', { defaultValue: 'false', example: false }),
    senderType: enumOf(['COMMERCIAL_ORGANIZATION', 'GOVERNMENT', 'NON_PROFIT_ORGANIZATION', 'PERSON'], 'Kind of sender.'),
    recipient: obj('Account funding', {
      firstName: text(1, 50, 'Recipient first name, 1 to 50.'),
      middleName: text(1, 50, 'Recipient middle name, 1 to 50.'),
      lastName: text(1, 50, 'Recipient last name, 1 to 50.'),
      address: recipientAddress(),
      ...Object.fromEntries(Object.entries(recipientSessionOnly).map(([k, v]) => [k, onlyIn([100], v)])),
      identification: obj('Account funding', {
        country: country('Country that issued the identification, 3 letters.'),
        value: text(1, 50, 'Identification value, 1 to 50.'),
        type: enumOf(IDENTIFICATION_TYPES, 'Identification type; default OTHER.', { defaultValue: 'OTHER', example: 'OTHER' }),
      }),
    }),
  }, 'Account funding (version 100 requests, when order.purchaseType is ACCOUNT_FUNDING).'));
}
