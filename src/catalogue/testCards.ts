/**
 * Every test card the simulator knows, declared once: the CLI's `test-cards`, the form's and the
 * request files' "Insert Test Card", and the simulator's 3-D Secure outcomes read this list. No vscode,
 * no DOM, no Node built-ins (the form's webview bundle imports it).
 *
 * The approve/decline cards are the gateway's public test cards (developer.mastercard.com "Test Card
 * Numbers by Brand"); with them the expiry picks the outcome (testData.ts EXPIRY_OUTCOMES). The 3DS
 * cards: challenge and frictionless numbers as public integrations report them for the gateway's 3DS
 * emulator (5123450000000008, 2223000000000007, 4440000009900010 challenge; 5123456789012346,
 * 4440000042200014 frictionless); the public table's rows for attempted, failed, rejected, unavailable
 * and not enrolled were not found, so those numbers are the simulator's own (Luhn-valid 51234500000N…).
 */

/**
 * What the payer may answer on a 3-D Secure challenge page (the public 3DS emulator's drop-down) and the
 * status letter each gives: the simulator's page offers these, flow payer steps pick one of them.
 */
export const CHALLENGE_OUTCOME_LETTERS = Object.freeze({ authenticated: 'Y', attempted: 'A', failed: 'N', rejected: 'R', unavailable: 'U' } as const);
export type ChallengeOutcome = keyof typeof CHALLENGE_OUTCOME_LETTERS;
export const CHALLENGE_OUTCOMES: readonly ChallengeOutcome[] = Object.freeze(Object.keys(CHALLENGE_OUTCOME_LETTERS) as ChallengeOutcome[]);

export type ThreeDSBehaviour = 'frictionless' | 'attempted' | 'failed' | 'rejected' | 'challenge' | 'notEnrolled' | 'unavailable';

export interface TestCard {
  number: string;
  expiry: { month: string; year: string };
  securityCode?: string;
  /** One line: what the card is for. */
  purpose: string;
  threeDS?: ThreeDSBehaviour;
}

/** "Use the expiry code 01/39 to get a successful authorization/payment" (3DS "Test Your Integration"). */
const APPROVING_EXPIRY = { month: '1', year: '39' } as const;

const card = (number: string, purpose: string, threeDS?: ThreeDSBehaviour): TestCard => ({
  number, expiry: { ...APPROVING_EXPIRY }, securityCode: '100', purpose, ...(threeDS ? { threeDS } : {}),
});

export const TEST_CARD_LIST: readonly TestCard[] = Object.freeze([
  card('5123450000000008', 'Mastercard: approved with expiry 01/39 (other expiries pick other outcomes); 3-D Secure challenge', 'challenge'),
  card('2223000000000007', 'Mastercard (2-series): approved with expiry 01/39; 3-D Secure challenge', 'challenge'),
  card('5111111111111118', 'Mastercard: approved with expiry 01/39, declined with 05/39'),
  card('4508750015741019', 'Visa: approved with expiry 01/39, declined with 05/39'),
  card('4012000033330026', 'Visa: approved with expiry 01/39, declined with 05/39'),
  card('3528000000000007', 'JCB: approved with expiry 01/39'),
  card('6011003179988686', 'Discover: approved with expiry 01/39'),
  card('5123456789012346', 'Mastercard 3DS2 frictionless: authenticated without a challenge (Y), liability shifts', 'frictionless'),
  card('4440000042200014', 'Visa 3DS2 frictionless: authenticated without a challenge (Y), liability shifts', 'frictionless'),
  card('4440000009900010', 'Visa 3DS2 challenge: the payer picks the outcome on the challenge page', 'challenge'),
  card('5123450000001006', 'Mastercard 3DS2 attempted (A): the issuer did not take part, liability shifts, proceed (simulator card)', 'attempted'),
  card('5123450000002004', 'Mastercard 3DS2 failed (N): the payer was not authenticated, do not proceed (simulator card)', 'failed'),
  card('5123450000003002', 'Mastercard 3DS2 rejected (R): the issuer rejects authentication and payment (simulator card)', 'rejected'),
  card('5123450000004000', 'Mastercard 3DS not enrolled: authentication.version NONE, pay without 3-D Secure (simulator card)', 'notEnrolled'),
  card('5123450000005007', 'Mastercard 3DS2 unavailable (U): the directory or issuer could not authenticate (simulator card)', 'unavailable'),
]);

const byNumber = new Map(TEST_CARD_LIST.map((c) => [c.number, c]));

export function testCardByNumber(number: string): TestCard | undefined {
  return byNumber.get(number);
}
