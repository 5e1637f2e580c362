/** posTerminal group with the values a verify request accepts. */
import { addressGroup } from './address';
import { ascii, enumOf, integer, text } from '../formats';
import { obj, type ObjectNode } from '../fieldTree';

export function posTerminalGroup(): ObjectNode {
  return obj('POS terminal', {
    attended: enumOf(['ATTENDED', 'SEMI_ATTENDED', 'UNATTENDED', 'UNKNOWN_OR_UNSPECIFIED'], 'Whether the terminal is attended (the verify request also accepts SEMI_ATTENDED).'),
    cardholderActivated: enumOf(['NOT_CARDHOLDER_ACTIVATED', 'SELF_SERVICE_TERMINAL'], 'Whether the cardholder activated the terminal.'),
    cardPresenceCapability: enumOf(['CARD_NOT_PRESENT', 'CARD_PRESENT', 'CARD_PRESENT_AND_CARD_NOT_PRESENT'], 'Card presence the terminal supports.'),
    entryMode: text(3, 3, 'Entry mode: 3 digits, the first two the PAN entry mode, the last the PIN entry mode.', { pattern: /^\d{3}$/, patternHint: '3 digits', example: '051' }),
    inputCapability: enumOf([
      'BARCODE', 'CHIP', 'CHIP_AND_KEY_ENTRY_AND_MAGNETIC_STRIPE', 'CHIP_AND_KEY_ENTRY_AND_MAGNETIC_STRIPE_AND_RFID', 'CHIP_AND_MAGNETIC_STRIPE',
      'CONTACTLESS_CHIP', 'CONTACTLESS_MAGNETIC_STRIPE', 'CONTACTLESS_OR_MAGNETIC_STRIPE', 'KEY_ENTRY', 'KEY_ENTRY_AND_MAGNETIC_STRIPE',
      'MAGNETIC_STRIPE', 'UNKNOWN', 'VOICE_AUDIO_RESPONSE',
    ], 'Card input capability of the terminal (verify request values).', { example: 'CHIP' }),
    location: enumOf(['MERCHANT_TERMINAL_OFF_PREMISES', 'MERCHANT_TERMINAL_ON_PREMISES', 'NO_TERMINAL_VOICE_OR_AUDIO_RESPONSE', 'PAYER_TERMINAL_OFF_PREMISES', 'PAYER_TERMINAL_ON_PREMISES'], 'Terminal location (verify request values).'),
    address: addressGroup('POS terminal'),
    lane: text(1, 8, 'Lane or till, 1 to 8.'),
    mobile: obj('POS terminal', {
      cardInputDevice: enumOf(['BUILT_IN', 'INTEGRATED_DONGLE', 'SEPARATE_DONGLE'], 'Card input device of a mobile terminal.'),
    }),
    onlineReasonCode: enumOf(['CHIP_APPLICATION_DATA_FILE_ERROR', 'CHIP_COMMON_DATA_FILE_ERROR', 'FORCED_BY_CHIP', 'FORCED_BY_ISSUER', 'FORCED_BY_MERCHANT', 'FORCED_BY_TERMINAL', 'MERCHANT_SUSPICIOUS', 'OVER_FLOOR_LIMIT', 'RANDOM_SELECTION_BY_TERMINAL', 'UNABLE_TO_PROCESS_CHIP'], 'Why the transaction went online.'),
    panEntryMode: enumOf(['BARCODE_READER', 'CHIP', 'CHIP_FALLBACK', 'CONTACTLESS', 'ECOMMERCE', 'KEYED', 'MOBILE_COMMERCE', 'OPTICAL_CHARACTER_READER', 'RFID_CHIP', 'RFID_STRIPE', 'SWIPE', 'SWIPE_WITH_SIGNATURE', 'UNKNOWN', 'VOICE_AUTHORIZATION', 'VOICE_RESPONSE'], 'How the card number was entered.', { label: 'PAN entry mode' }),
    pinEntryCapability: enumOf(['OFFLINE_PIN_ONLY', 'PIN_NOT_SUPPORTED', 'PIN_PAD_INOPERATIVE', 'PIN_SUPPORTED', 'SOFTWARE_ONLINE_PIN_ONLY', 'UNKNOWN'], 'PIN entry capability.', { label: 'PIN entry capability' }),
    pinLengthCapability: integer(4, 12, 'Maximum PIN length the terminal accepts, integer 4 to 12.', { label: 'PIN length capability' }),
    serialNumber: ascii(1, 16, 'Terminal serial number, ASCII 1 to 16.'),
    store: obj('POS terminal', { id: text(1, 255, 'Store id, 1 to 255.', { label: 'Store id' }) }),
  }, 'Point-of-sale terminal (verify request values).');
}
