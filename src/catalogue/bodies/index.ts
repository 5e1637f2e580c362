/** (operation, version) → request body tree, built once and cached. */
import { loginBody, offersBody } from './financing';
import {
  authenticatePayerV100, authorizeV11, captureV100, initiateAuthenticationV100, payV100, voidV100, initiateBrowserPaymentV100, initiateBrowserPaymentV16, refundV13, updateAuthorizationV18, updateSessionV100, verifyV100,
} from './gateway';
import { initiateCheckoutV100 } from './hostedCheckout';
import { createSessionV100, paymentOptionsInquiryV100, saveTokenV100, updateSessionAsPayerV100 } from './savedCards';
import type { ObjectNode } from '../fieldTree';
import { getOperation, operations, type OperationDef, type OperationId } from '../operations';
import { describeRange, nearestDocumented, servesVersion } from '../versions';

const builders: Record<string, () => ObjectNode> = {
  'financing.login': loginBody,
  'financing.offers': () => offersBody({ selectFirst: false }),
  'financing.offersSelectFirst': () => offersBody({ selectFirst: true }),
  'gateway.authorize@11': authorizeV11,
  'gateway.updateAuthorization@18': updateAuthorizationV18,
  'gateway.refund@13': refundV13,
  'gateway.verify@100': verifyV100,
  'gateway.initiateBrowserPayment@16': initiateBrowserPaymentV16,
  'gateway.initiateBrowserPayment@100': initiateBrowserPaymentV100,
  'gateway.updateSession@100': updateSessionV100,
  'gateway.capture@100': captureV100,
  'gateway.void@100': voidV100,
  'gateway.pay@100': payV100,
  'gateway.initiateAuthentication@100': initiateAuthenticationV100,
  'gateway.authenticatePayer@100': authenticatePayerV100,
  'gateway.createSession@100': createSessionV100,
  'gateway.updateSessionAsPayer@100': updateSessionAsPayerV100,
  'gateway.initiateCheckout@100': initiateCheckoutV100,
  'gateway.paymentOptionsInquiry@100': paymentOptionsInquiryV100,
  'gateway.createToken@100': saveTokenV100,
  'gateway.updateToken@100': saveTokenV100,
};

const cache = new Map<string, ObjectNode>();

export interface ResolvedOperation {
  op: OperationDef;
  /** The version the request uses. */
  version: number | undefined;
  /** The documented version whose body and rules apply (the form's version note names it). */
  rulesFrom: number | undefined;
  /** The documented body's key, 'id' or 'id@rulesFrom' (what bodies and cross-field rules are declared under). */
  key: string;
}

/**
 * Checks the operation and picks the version (the default when none is given): any version the
 * operation is served at, its rules from the nearest documented version. Throws on unknown ones.
 */
export function resolve(id: OperationId | string, version?: number): ResolvedOperation {
  const op = getOperation(id);
  if (!op) throw new RangeError(`unknown operation '${id}'`);
  if (op.documentedVersions.length === 0) return { op, version: undefined, rulesFrom: undefined, key: op.id };
  const v = version ?? op.defaultVersion;
  const rulesFrom = v === undefined ? undefined : nearestDocumented(op, v);
  if (v === undefined || rulesFrom === undefined || !servesVersion(op, v)) {
    throw new RangeError(`${op.id} has no version ${String(version)} (versions ${describeRange(op)})`);
  }
  return { op, version: v, rulesFrom, key: `${op.id}@${rulesFrom}` };
}

/** The body tree, or undefined for operations without a body. */
export function bodyTree(r: ResolvedOperation): ObjectNode | undefined {
  if (!r.op.hasBody) return undefined;
  let tree = cache.get(r.key);
  if (!tree) {
    const build = builders[r.key];
    if (!build) throw new Error(`no body declared for ${r.key}`);
    tree = build();
    cache.set(r.key, tree);
  }
  return tree;
}

/** Every (operation, documented version) pair, in catalogue order; derived from the operation list so a missing body is noticed. */
export function allOperationVersions(): ResolvedOperation[] {
  return operations.flatMap((op) =>
    op.documentedVersions.length === 0 ? [resolve(op.id)] : op.documentedVersions.map((v) => resolve(op.id, v)),
  );
}
