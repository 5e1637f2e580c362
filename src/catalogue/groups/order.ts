/** Fields under order.* beyond the common ones, grouped by where the spec lists them. */
import { addressGroup } from './address';
import { sessionItemsGroup } from './item';
import { amount, currency, paymentAmount, decimalText, digits, enumOf, text, url } from '../formats';
import { arr, inVersions, obj, req, type Fields, type LeafNode } from '../fieldTree';

/** Wallet providers the gateway's guides and the vendor's SDK samples send (Apple Pay, Google Pay pages; ThreeDS.js example). */
const WALLET_PROVIDERS = ['APPLE_PAY', 'GOOGLE_PAY', 'SAMSUNG_PAY', 'SECURE_REMOTE_COMMERCE', 'MASTERPASS_ONLINE'] as const;

/** order.walletProvider: which wallet a device payment or a wallet flow came from (Verify, Authorize, Pay, Update Session). */
export const walletProvider = (): LeafNode => text(1, 50, 'Wallet provider: APPLE_PAY or GOOGLE_PAY with a device payment token (sourceOfFunds.provided.card.devicePayment.paymentToken), SECURE_REMOTE_COMMERCE, or another provider-named value; the list grows, so any text is accepted.', { example: 'GOOGLE_PAY', suggestions: WALLET_PROVIDERS });

const SUBTOTAL_NOTE = 'When order.amount and sub-totals (itemAmount, shippingAndHandlingAmount, taxAmount) are sent together, the sub-totals must add up to order.amount.';

const orderAmount = (extra = ''): LeafNode => amount(`Order amount, decimal string 1 to 14 characters. ${SUBTOTAL_NOTE} ${extra}`.trim(), { label: 'Order amount', example: '10.00' });
/** The order amount of an operation that moves money (Authorize, Initiate Browser Payment). */
export const orderPaymentAmount = (extra = ''): LeafNode => paymentAmount(`Order amount, decimal string 1 to 14 characters. ${SUBTOTAL_NOTE} ${extra}`.trim(), { label: 'Order amount', example: '10.00' });
export const orderCurrency = (extra = ''): LeafNode => currency(`Order currency: 3 upper-case letters, ISO 4217. ${extra}`.trim(), { label: 'Order currency' });

const itemAmount = (): LeafNode => amount(`Total of the line items (decimal string 1 to 14); must equal the sum of quantity × unitPrice when items are sent. ${SUBTOTAL_NOTE}`, { label: 'Item amount' });
export const shippingAndHandlingAmount = (): LeafNode => amount(`Shipping and handling amount, decimal string 1 to 14, includes taxes. ${SUBTOTAL_NOTE}`, { label: 'Shipping and handling amount' });
export const taxAmount = (): LeafNode => amount(`Total tax, decimal string 1 to 14; must equal the sum of quantity × unitTaxAmount when line items are sent. ${SUBTOTAL_NOTE}`, { label: 'Tax amount' });

export const orderDescription = (): LeafNode => text(1, 127, 'Order description, 1 to 127; shown to the payer at the provider for browser payments.');
export const customerNote = (): LeafNode => text(1, 250, 'Note from the payer, 1 to 250.');

/**
 * Order amount fields for operations whose sections do not list them (Authorize, Verify, Update
 * Session): the real gateway needs them there, the spec leaves them under "not shown", so optional.
 */
export function orderAmountFields(opts: { itemAmount?: boolean; shipping?: boolean; tax?: boolean; description?: boolean; movesMoney?: boolean } = {}): Fields {
  const amountOf = opts.movesMoney ? orderPaymentAmount : orderAmount;
  return {
    order: obj('Order', {
      amount: amountOf('Not listed for this operation in the spec; the real gateway expects it for payments.'),
      currency: orderCurrency(),
      ...(opts.itemAmount ? { itemAmount: itemAmount() } : {}),
      ...(opts.shipping ? { shippingAndHandlingAmount: shippingAndHandlingAmount() } : {}),
      ...(opts.tax ? { taxAmount: taxAmount() } : {}),
      ...(opts.description ? { description: orderDescription(), customerNote: customerNote() } : {}),
    }),
  };
}

/** transaction.amount / currency (Update Authorization, Refund). */
/** An https URL, or http on this machine (the local inbox, which only the simulator can reach). */
const NOTIFICATION_URL = /^(?:https:\/\/\S+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/\S*)?)$/;

/**
 * order.notificationUrl: where the gateway sends webhooks about the order (the seed spec lists it for
 * Update Session; the public API reference has it on the operations that create an order).
 */
export function notificationUrl(): LeafNode {
  return url(12, 2048, 'URL (RFC 1738) the gateway sends webhook notifications about this order to: HTTPS for a real gateway; http://127.0.0.1 (the local inbox, Notifications view) works with the simulator only.', {
    label: 'Notification URL', pattern: NOTIFICATION_URL, patternHint: 'an HTTPS URL (or http on 127.0.0.1 for the local inbox)',
    example: 'https://merchant.example.com/notify', receives: 'gateway',
  });
}

export function transactionAmountFields(amountHelp: string): Fields {
  return {
    transaction: obj('Transaction', {
      amount: paymentAmount(amountHelp, { label: 'Transaction amount', example: '10.00' }),
      currency: currency('Transaction currency: 3 upper-case letters, ISO 4217.', { label: 'Transaction currency' }),
    }),
  };
}

const AVS_GATEWAY_CODES = [
  'ADDRESS_MATCH', 'ADDRESS_ZIP_MATCH', 'NAME_ADDRESS_MATCH', 'NAME_MATCH', 'NAME_ZIP_MATCH', 'NOT_AVAILABLE', 'NOT_REQUESTED',
  'NOT_VERIFIED', 'NO_MATCH', 'SERVICE_NOT_AVAILABLE_RETRY', 'SERVICE_NOT_SUPPORTED', 'ZIP_MATCH',
] as const;

const supplierName = (): LeafNode => text(1, 21, 'Supplier name, 1 to 21; needed when order.purchaseType is B2B_PAYMENT.');
const subMerchantWebsite = (): LeafNode => url(1, 2048, 'Sub-merchant website URL (RFC 1738). The spec names the field only as "sub-merchant website URL"; websiteUrl is this catalogue\'s choice.', { label: 'Sub-merchant website URL' });

/** Verify's order.* fields. */
export function verifyOrderFields(): Fields {
  return {
    order: obj('Order', {
      supplierName: supplierName(),
      tax: arr(obj('Tax', {
        amount: decimalText("Tax amount of this tax type, decimal string 1 to 14 ('-' allowed for tax amounts).", { signed: true }),
        rate: decimalText('Tax rate, decimal string 1 to 6 characters.', { maxLength: 6, example: '0.2' }),
        type: text(1, 50, 'Tax type, 1 to 50.'),
      }), { group: 'Tax', help: 'Taxes by type.' }),
      taxAmount: taxAmount(),
      taxRegistrationId: text(1, 30, 'Tax registration id, 1 to 30.'),
      taxStatus: enumOf(['EXEMPT', 'NOT_EXEMPT', 'NOT_PROVIDED'], 'Tax status of the order.'),
      transactionFiltering: obj('Risk rules', {
        avsResponseCodeRules: arr(obj('Risk rules', {
          action: req(enumOf(['NO_ACTION', 'REJECT', 'REVIEW'], 'Required: what to do on this AVS result.')),
          avsResponseCode: req(enumOf(AVS_GATEWAY_CODES, 'Required: the AVS gateway code this rule matches.', { label: 'AVS response code' })),
        }), { group: 'Risk rules', help: 'AVS response code rules; they override the rules configured in the merchant administration console.' }),
      }),
      walletIndicator: text(3, 3, 'Wallet indicator, exactly 3 characters.'),
      walletProvider: walletProvider(),
      subMerchant: obj('Sub-merchant', { websiteUrl: subMerchantWebsite() }),
    }),
  };
}

/**
 * source: "Surcharging" guide (na.gateway.mastercard.com …/pickAdditionalFunctionality/surcharging.html):
 * "Surcharging is supported via API/Batch from version 50 and above", with order.netAmount and
 * order.merchantCharge.type in Authorize, Pay and Update Session.
 */
const SURCHARGE_SINCE = 50;

const PURCHASE_TYPES = ['ACCOUNT_FUNDING', 'B2B_PAYMENT', 'CRYPTOCURRENCY', 'DEBT_REPAYMENT', 'HIGH_RISK_SECURITIES', 'OTHER'] as const;

/** Update Session's order.* table. */
export function sessionOrderFields(): Fields {
  return {
    order: obj('Order', {
      amount: orderAmount('Either amount or netAmount must be provided when a merchant charge applies.'),
      currency: orderCurrency(),
      itemAmount: itemAmount(),
      items: sessionItemsGroup(),
      localTaxRegistrationId: text(1, 25, 'Local tax registration id, 1 to 25.'),
      marketplace: obj('Order', {
        retailerLocation: enumOf(['DOMESTIC_ONLY', 'FOREIGN_AND_DOMESTIC', 'FOREIGN_ONLY'], 'Where the marketplace retailers are located.'),
      }),
      merchantCategoryCode: digits(4, 4, 'Merchant category code, 4 digits.', { example: '5999' }),
      merchantCharge: inVersions({ since: SURCHARGE_SINCE }, obj('Order', {
        amount: amount('Merchant charge (surcharge), decimal string 1 to 14; included in order.amount.', { label: 'Merchant charge amount' }),
        type: enumOf(['SURCHARGE'], 'Charge type: SURCHARGE.', { label: 'Merchant charge type' }),
      })),
      merchantPartnerIdCode: digits(1, 6, 'Merchant partner id code, digits 1 to 6.'),
      netAmount: inVersions({ since: SURCHARGE_SINCE }, amount('Amount before the merchant charge, decimal string 1 to 14; the gateway computes the charge when the charge type is given.')),
      notificationUrl: notificationUrl(),
      owningEntity: text(1, 40, 'Owning entity, 1 to 40.'),
      purchaseType: enumOf(PURCHASE_TYPES, 'B2B_PAYMENT (needs order.supplierName), CRYPTOCURRENCY, DEBT_REPAYMENT, HIGH_RISK_SECURITIES, OTHER; ACCOUNT_FUNDING is set for account funding.', { example: 'OTHER' }),
      reference: text(1, 40, 'Order reference, 1 to 40.', { label: 'Order reference', example: 'ORDER-REF-1' }),
      requestorName: text(1, 100, 'Requestor name, 1 to 100.'),
      reward: obj('Order', {
        amount: amount('Reward amount, decimal string 1 to 14; included in order.amount.', { label: 'Reward amount' }),
        balanceId: text(1, 100, "Reward balance id, 1 to 100 characters from 0-9 a-z A-Z and - _ space & + ! $ % . =", {
          label: 'Reward balance id', pattern: /^[0-9a-zA-Z\-_ &+!$%.=]*$/, patternHint: "characters from 0-9 a-z A-Z - _ space & + ! $ % . =",
        }),
      }),
      shippingAndHandlingAmount: shippingAndHandlingAmount(),
      shippingAndHandlingTaxAmount: decimalText('Tax on shipping and handling, decimal 0 to 1000000000000.', { maxValue: '1000000000000' }),
      shippingAndHandlingTaxRate: decimalText('Tax rate on shipping and handling, decimal 0 to 1000000000000000000 with at most 4 decimals (0.025 means 2.5 percent).', { maxValue: '1000000000000000000', fractionDigits: 4, maxLength: 24, example: '0.025' }),
      statementDescriptor: obj('Statement descriptor', {
        address: addressGroup('Statement descriptor'),
        name: text(1, 100, 'Name on the payer statement, 1 to 100.'),
        phone: text(1, 20, 'Phone on the payer statement, 1 to 20.'),
        websiteUrl: url(1, 2048, 'Website URL on the payer statement.', { label: 'Website URL' }),
      }),
      subMerchant: obj('Sub-merchant', {
        address: addressGroup('Sub-merchant'),
        authentication: arr(obj('Sub-merchant', {}), {
          group: 'Sub-merchant',
          help: 'Authentication entries carrying a 3-D Secure version 2 requestor id. Their field names are not shown in the spec, so entries are free-form objects.',
        }),
      }, 'Sub-merchant; must be on the initial transaction of an order; country and bank industry code are required for 3-D Secure version 2.'),
      supplierName: supplierName(),
      // Not in Update Session's table, but the order amount rules name it and items carry unitTaxAmount.
      taxAmount: taxAmount(),
      // The Apple Pay and Google Pay pages list it for UPDATE SESSION with the device payment token.
      walletProvider: walletProvider(),
    }),
  };
}
