/** (operation, version) → request body tree, built once and cached; the builders are in each operation's record (operationRecord.ts). */
import type { ObjectNode } from '../fieldTree';
import { bodyBuilder } from '../operationRecord';
import { getOperation, operations, type OperationDef, type OperationId } from '../operations';
import { describeRange, nearestDocumented, servesVersion } from '../versions';

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
    const build = bodyBuilder(r.op.id, r.rulesFrom);
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
