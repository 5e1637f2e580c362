import { randomBytes, randomUUID } from 'node:crypto';
import { CHALLENGE_OUTCOME_LETTERS, type ThreeDSBehaviour } from '../../catalogue/testCards';
import { getString, type JsonOut } from '../jsonText';
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
  /** transaction.reference as Initiate Authentication sent it (glad-v78-initiate-authentication-session). */
  reference?: string;
  /** What Initiate Authentication asked for, which its answer echoes (acceptVersions, channel, purpose; answerFields.ts A78). */
  requested?: { acceptVersions?: string; channel?: string; purpose?: string };
  /** The payer's device as Authenticate Payer sent it: its answer echoes browser and IP address (P57, A78). */
  device?: JsonOut;
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

// Stable per record, so a Retrieve Transaction, and the payment made with it, show the same values as the answer did.
const uuids = new WeakMap<AuthenticationRecord, string>();
/** The directory server's transaction id (authentication.3ds2.dsTransactionId, also 3ds.transactionId in real answers). */
export function dsTransactionIdOf(record: AuthenticationRecord): string {
  let id = uuids.get(record);
  if (!id) { id = randomUUID(); uuids.set(record, id); }
  return id;
}
const tokens = new WeakMap<AuthenticationRecord, string>();
/** The issuer's cryptogram (authentication.3ds.authenticationToken), 28 base64 characters like the real ones. */
export function authenticationTokenOf(record: AuthenticationRecord): string {
  let t = tokens.get(record);
  if (!t) { t = randomBytes(21).toString('base64'); tokens.set(record, t); }
  return t;
}

/** Where an authentication stands, as its answers report it: result, gateway code, authenticationStatus, recommendation, ECI. */
export function stateOf(record: AuthenticationRecord): { result: string; gatewayCode: string; authenticationStatus: string; recommendation: string; eci?: string } {
  if (record.stage === 'initiated') {
    return record.behaviour === 'notEnrolled'
      ? { result: 'SUCCESS', gatewayCode: 'NOT_ENROLLED_3D_SECURE', authenticationStatus: 'AUTHENTICATION_NOT_SUPPORTED', recommendation: 'PROCEED' }
      : { result: 'SUCCESS', gatewayCode: 'AUTHENTICATION_IN_PROGRESS', authenticationStatus: 'AUTHENTICATION_AVAILABLE', recommendation: 'PROCEED' };
  }
  if (record.transStatus === undefined || record.transStatus === 'C') {
    return { result: 'PENDING', gatewayCode: 'PENDING', authenticationStatus: 'AUTHENTICATION_PENDING', recommendation: 'PROCEED' };
  }
  const o = STATUS_OUTCOME[record.transStatus];
  return { result: o.result, gatewayCode: o.gatewayCode, authenticationStatus: o.authenticationStatus, recommendation: o.recommendation, ...(o.eci ? { eci: o.eci } : {}) };
}

/**
 * The card scheme whose directory server authenticates, and that server's id (its registered application
 * provider id): VISA with A000000003 in every v78 authentication answer (glad-v78-initiate-authentication-card.json,
 * glad-v78-authenticate-payer-challenge.json); Mastercard's is A000000004, its registered RID.
 */
const DIRECTORY_SERVER_IDS: Readonly<Record<string, string>> = { MASTERCARD: 'A000000004', VISA: 'A000000003' };

export function authenticationSchemeOf(record: AuthenticationRecord): { authenticationScheme?: string; directoryServerId?: string } {
  const scheme = getString(record.sourceOfFunds, 'provided.card.scheme');
  if (scheme === undefined) return {};
  return { authenticationScheme: scheme, directoryServerId: DIRECTORY_SERVER_IDS[scheme] };
}
