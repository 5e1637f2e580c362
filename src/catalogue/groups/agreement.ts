/** agreement group (version 100): stored-credential series. */
import { amount, date, enumOf, integer, text } from '../formats';
import { obj, type ObjectNode } from '../fieldTree';

export function agreementGroup(opts: { sessionNote?: boolean } = {}): ObjectNode {
  return obj('Agreement', {
    id: text(1, 100, 'Agreement id, 1 to 100; required when stored credentials are used for recurring, installment, unscheduled or industry-practice payments.'),
    type: enumOf(['INSTALLMENT', 'OTHER', 'RECURRING', 'UNSCHEDULED'], 'Agreement type; default OTHER; set on the first payment of a series.', { defaultValue: 'OTHER', example: 'OTHER' }),
    amountVariability: enumOf(['FIXED', 'VARIABLE'], 'FIXED or VARIABLE; required for RECURRING agreements.'),
    paymentFrequency: enumOf(['AD_HOC', 'DAILY', 'FORTNIGHTLY', 'MONTHLY', 'OTHER', 'QUARTERLY', 'TWICE_YEARLY', 'WEEKLY', 'YEARLY'], 'How often payments are taken.'),
    expiryDate: date('Date after which no further payments are taken (yyyy-mm-dd).'),
    startDate: date('Date of the first payment (yyyy-mm-dd), not in the past.'),
    maximumAmountPerPayment: amount('Largest amount per payment, in the order currency (decimal string 1 to 14).'),
    minimumAmountPerPayment: amount('Smallest amount per payment, in the order currency (decimal string 1 to 14).'),
    minimumDaysBetweenPayments: integer(1, 9999, 'Minimum days between payments, integer 1 to 9999.'),
    numberOfPayments: integer(1, 999, 'Number of payments, integer 1 to 999.'),
    customData: text(1, 2048, 'Agreement data of the merchant, 1 to 2048; sensitive data is rejected.'),
    retailer: obj('Agreement', {
      abbreviatedTradingName: text(1, 10, 'Abbreviated trading name, 1 to 10.'),
      merchantCategoryCode: text(1, 4, 'Merchant category code, 1 to 4.'),
      tradingName: text(1, 100, 'Trading name, 1 to 100.'),
    }),
  }, opts.sessionNote
    ? 'Agreement (version 100). Omitted when details are stored only for later payer-initiated payments.'
    : 'Agreement (version 100): the series of payments that use stored credentials.');
}
