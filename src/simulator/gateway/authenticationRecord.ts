import { CHALLENGE_OUTCOME_LETTERS, type ThreeDSBehaviour } from '../../catalogue/testCards';
import type { JsonOut } from '../jsonText';
import type { Milli } from '../money';

/**
 * An EMV 3-D Secure authentication transaction (Initiate Authentication, then Authenticate Payer on
 * the same order and transaction id). Kept beside the order's payments, not among them: it moves no
 * money, and its codes (AUTHENTICATION_IN_PROGRESS, transaction type AUTHENTICATION) are the
 * authentication's own.
 */

/** EMV transStatus as authentication.3ds2.transactionStatus carries it. */
export type TransStatus = 'Y' | 'A' | 'N' | 'R' | 'U' | 'C';

export interface AuthenticationRecord {
  id: string;
  behaviour: ThreeDSBehaviour;
  currency: string;
  /** Set by Authenticate Payer: the most a payment with this authentication may take. */
  amount?: Milli;
  /** initiated → (challenge →) done. */
  stage: 'initiated' | 'challenge' | 'done';
  transStatus?: TransStatus;
  redirectResponseUrl?: string;
  /** The challenge page's token (unguessable: the page URL is all the payer's browser holds). */
  challengeToken?: string;
  sourceOfFunds: JsonOut;
  timeOfRecord: string;
  correlationId?: string;
  /** The version of the call that created it, echoed by the page's webhooks. */
  version: string;
}

/** What the simulator answers for each final status letter (reference notes §1.4; codes beyond them inferred). */
export const STATUS_OUTCOME: Readonly<Record<Exclude<TransStatus, 'C'>, { authenticationStatus: string; result: 'SUCCESS' | 'FAILURE'; gatewayCode: string; recommendation: string; eci: string | undefined }>> = {
  Y: { authenticationStatus: 'AUTHENTICATION_SUCCESSFUL', result: 'SUCCESS', gatewayCode: 'APPROVED', recommendation: 'PROCEED', eci: '02' },
  A: { authenticationStatus: 'AUTHENTICATION_ATTEMPTED', result: 'SUCCESS', gatewayCode: 'APPROVED', recommendation: 'PROCEED', eci: '01' },
  N: { authenticationStatus: 'AUTHENTICATION_FAILED', result: 'FAILURE', gatewayCode: 'AUTHENTICATION_FAILED', recommendation: 'RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS', eci: '00' },
  R: { authenticationStatus: 'AUTHENTICATION_REJECTED', result: 'FAILURE', gatewayCode: 'AUTHENTICATION_FAILED', recommendation: 'DO_NOT_PROCEED', eci: undefined },
  U: { authenticationStatus: 'AUTHENTICATION_UNAVAILABLE', result: 'FAILURE', gatewayCode: 'AUTHENTICATION_FAILED', recommendation: 'PROCEED', eci: undefined },
};

/** Frictionless behaviours answer Authenticate Payer with their letter at once; challenge waits for the payer. */
export const FRICTIONLESS_STATUS: Partial<Record<ThreeDSBehaviour, Exclude<TransStatus, 'C'>>> = {
  frictionless: 'Y', attempted: 'A', failed: 'N', rejected: 'R', unavailable: 'U',
};

/** The challenge page's choices, like the public 3DS emulator's drop-down. */
export const CHALLENGE_CHOICES: Readonly<Record<string, Exclude<TransStatus, 'C'>>> = CHALLENGE_OUTCOME_LETTERS;
