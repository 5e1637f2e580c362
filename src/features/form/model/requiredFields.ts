/**
 * Which fields a request can never go without. FieldMeta.required means "required whenever the
 * parent is sent" (3-D Secure's enrollment status is required only when 3DSecure is sent), so the
 * fields that are always required are found by asking the catalogue's own validation: validate an
 * empty body, add each object it says is required, and repeat until only fields remain.
 */
import { fieldsOf } from '../../../catalogue/fields';
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { operations, type OperationId } from '../../../catalogue/operations';
import { validateBody } from '../../../catalogue/validate';
import { getAt, setAt } from './bodyPath';
import type { JsonObject } from './json';
import { inVersion } from './layout';

/** Deep enough for any body in the catalogue (objects nest five levels at most). */
const MAX_ROUNDS = 12;

export function alwaysRequiredPaths(operationId: OperationId, version: number | undefined, fields: readonly FieldMeta[]): Set<string> {
  const known = new Set(fields.map((f) => f.path));
  const isObjectPath = (p: string) => !known.has(p) && fields.some((f) => f.path.startsWith(`${p}.`));
  const out = new Set<string>();
  let skeleton: JsonObject = {};
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let grew = false;
    for (const issue of validateBody(operationId, version, skeleton)) {
      if (issue.rule !== 'required' || issue.path === '') continue;
      if (known.has(issue.path)) out.add(issue.path);
      else if (isObjectPath(issue.path) && getAt(skeleton, issue.path) === undefined) {
        skeleton = setAt(skeleton, issue.path, {});
        grew = true;
      }
    }
    if (!grew) break;
  }
  return out;
}

/** Operation and version → its always-required paths, in the order alwaysRequiredPaths finds them. */
export type RequiredPathsTable = Readonly<Record<string, readonly string[]>>;

declare global {
  /** Put in the webview bundle by esbuild.js (define); absent under plain mocha and in watch builds. */
  var pwFormRequiredPaths: RequiredPathsTable | undefined;
}

export const REQUIRED_TABLE_GLOBAL = 'pwFormRequiredPaths';

const tableKey = (operationId: string, version: number | undefined) => `${operationId}@${version ?? ''}`;

/** Every operation and version: what esbuild.js puts in the webview bundle. */
export function requiredPathsTable(): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const op of operations) {
    for (const version of op.documentedVersions.length ? op.documentedVersions : [undefined]) {
      const fields = fieldsOf(op.id, version).filter((f) => inVersion(f, version));
      table[tableKey(op.id, version)] = [...alwaysRequiredPaths(op.id, version, fields)];
    }
  }
  return table;
}

/**
 * From the bundle's table when it has one (the first render then validates nothing for its
 * Required section, about a third of deriving the form), else asked of the validation.
 */
export function requiredPathsOf(operationId: OperationId, version: number | undefined, fields: readonly FieldMeta[]): Set<string> {
  const built = globalThis.pwFormRequiredPaths?.[tableKey(operationId, version)];
  return built ? new Set(built) : alwaysRequiredPaths(operationId, version, fields);
}
