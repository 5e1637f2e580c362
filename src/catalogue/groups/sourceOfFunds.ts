/** sourceOfFunds: card, token, wallet and bank-transfer details, declared once. */
import { alnum, bool, country, digits, email, enumOf, text } from '../formats';
import { inVersions, obj, req, withHelp, type LeafNode, type ObjectNode } from '../fieldTree';

const BROWSER_PAYMENT_SOURCE_TYPES = ['BANKTRANSFER_A', 'WALLET_A', 'BANKTRANSFER_B'] as const;

/**
 * Values real version-100 integrations send (the gateway vendor's own samples among them); version 100
 * lists none, so any value of the documented shape is valid and these are only offered.
 */
const BROWSER_PAYMENT_SOURCE_TYPES_SEEN = ['BROWSER_PAYMENT', 'UNION_PAY', 'KNET', ...BROWSER_PAYMENT_SOURCE_TYPES] as const;

/** Version 100: upper-case letters, digits and '_' (the shape of every value the gateway uses), any of them. */
function browserPaymentSourceTypeV100(): LeafNode {
  return text(1, 50, 'Payment provider kind for a browser payment. Version 100 lists no fixed values: real integrations send e.g. BROWSER_PAYMENT, UNION_PAY, KNET, BANKTRANSFER_B. Upper-case letters, digits and _, 1 to 50 characters.', {
    pattern: /^[A-Z0-9_]*$/, patternHint: "upper-case letters, digits and '_' (e.g. BROWSER_PAYMENT)",
    example: 'BANKTRANSFER_B', suggestions: BROWSER_PAYMENT_SOURCE_TYPES_SEEN,
  });
}

/** The largest payment token taken: an Apple Pay or Google Pay token is a few kilobytes of JSON; the reference's bound was not found. */
export const MAX_PAYMENT_TOKEN_LENGTH = 65_536;

/**
 * A device (wallet) payment: the payment token the payer's device gave (Apple Pay's paymentData, the
 * Google Pay token), sent as text. The gateway decrypts it, so no card number is sent with it. Apple
 * Pay is "supported from API version 40 and later", Google Pay from 47 (the gateway's Apple Pay and
 * Google Pay pages); AUTHORIZE, PAY and UPDATE SESSION take it, with order.walletProvider.
 */
function devicePaymentGroup(): ObjectNode {
  return inVersions({ since: 40 }, obj('Card', {
    paymentToken: text(1, MAX_PAYMENT_TOKEN_LENGTH, 'The payment token from the payer\'s device (Apple Pay paymentData or the Google Pay token, as JSON text): the gateway decrypts it, so no card number is sent. Set order.walletProvider (APPLE_PAY, GOOGLE_PAY) with it. The simulator takes any token and pays it as its device test card (src/simulator/README.md).', {
      label: 'Device payment token', example: '{"version":"EC_v1","data":"…","signature":"…","header":{}}',
    }),
  }));
}

export function sourceOfFundsGroup(opts: { browserPayment: false | 16 | 100; typeRequired?: boolean; devicePayment?: boolean }): ObjectNode {
  let type: LeafNode = opts.browserPayment === 100
    ? browserPaymentSourceTypeV100()
    : opts.browserPayment === 16
    ? enumOf(BROWSER_PAYMENT_SOURCE_TYPES, 'Payment provider kind for a browser payment: BANKTRANSFER_A (needs sourceOfFunds.provided.banktransfera.bankIdentifier), WALLET_A (needs browserPayment.walleta.operation and paymentConfirmation in version 16) or BANKTRANSFER_B.', { example: 'BANKTRANSFER_B' })
    : text(1, 50, 'Kind of payment source. The spec names CARD (seen in responses) and the browser-payment values; other request values are not shown, so any text is accepted.', { example: 'CARD', defaultValue: 'CARD' });
  if (opts.typeRequired) type = req(type);
  return obj('Source of funds', {
    type,
    token: alnum(1, 40, 'Token created by the save-card operation; replaces card details. Alphanumeric, 1 to 40.'),
    provided: obj('Source of funds', {
      card: obj('Card', {
        number: text(9, 19, "Card number: digits 0-9 (and 'x' where masked), 9 to 19 characters. Provided details override session details, which override token details.", {
          pattern: /^[0-9x]*$/, patternHint: "digits (or 'x' for masked digits)", example: '5123450000000008',
        }),
        expiry: obj('Card', {
          month: text(1, 2, 'Expiry month: digits string 1 to 12. In test mode the expiry selects the outcome (01/39 approves).', {
            pattern: /^(0?[1-9]|1[0-2])$/, patternHint: 'a month number from 1 to 12', example: '1',
          }),
          year: text(2, 2, 'Expiry year: 2 digits (2000 plus the value).', { pattern: /^\d{2}$/, patternHint: '2 digits', example: '39' }),
        }),
        securityCode: digits(3, 4, 'Card security code, 3 or 4 digits. Not listed in the spec; the real gateway takes it here (test mode: 100 MATCH, 101 NOT_PROCESSED, 102 NO_MATCH).', { example: '100' }),
        brand: text(1, 50, 'Card brand: the spec lists four card-network values and UNKNOWN without naming them, so any text is accepted.'),
        scheme: text(1, 50, 'Card scheme: three card-network values, not named in the spec; any text is accepted.'),
        localBrand: text(1, 50, 'Regional scheme name (eleven values, not named in the spec); any text is accepted.'),
        fundingMethod: enumOf(['CHARGE', 'CREDIT', 'DEBIT', 'UNKNOWN'], 'Funding method: CHARGE, CREDIT, DEBIT or UNKNOWN.'),
        holder: obj('Card', {
          firstName: text(1, 50, 'Cardholder first name, 1 to 50 characters.'),
          lastName: text(1, 50, 'Cardholder last name, 1 to 50 characters.'),
        }),
        securityCodePresence: alnum(1, 2, 'Security code presence indicator, alphanumeric 1 to 2.'),
        sequenceNumber: digits(3, 3, 'Card sequence number, exactly 3 digits.', { example: '001' }),
        trackDataProvided: bool('Whether track data was provided.'),
        ...(opts.devicePayment ? { devicePayment: devicePaymentGroup() } : {}),
      }),
      walleta: obj('Source of funds', {
        accountEmail: email('Wallet account e-mail.'),
        accountHolder: text(1, 255, 'Wallet account holder, 1 to 255 characters.'),
      }),
      banktransferb: obj('Source of funds', {
        bankAccountHolder: text(1, 255, 'Bank account holder, 1 to 255 characters.'),
        bankAccountNumber: text(1, 30, 'Bank account number, 1 to 30 characters; masked by default in responses.'),
        bankIdentifier: text(1, 30, 'Bank identifier, 1 to 30 characters.'),
        bic: text(1, 50, 'BIC, 1 to 50 characters.', { label: 'BIC' }),
        country: country(),
        iban: text(1, 50, 'IBAN, 1 to 50 characters; masked by default in responses.', { label: 'IBAN' }),
      }),
      banktransfera: obj('Source of funds', {
        bankIdentifier: withHelp(digits(8, 8, 'Bank identifier, exactly 8 digits.', { example: '12345678' }), 'Required for a BANKTRANSFER_A payment.'),
      }),
    }),
  });
}
