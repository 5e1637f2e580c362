/**
 * Which fields a request can never go without. FieldMeta.required means "required whenever the
 * parent is sent" (3-D Secure's enrollment status is required only when 3DSecure is sent), so the
 * fields that are always required are found by asking the catalogue's own validation: validate an
 * empty body, add each object it says is required, and repeat until only fields remain.
 */
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import type { OperationId } from '../../../catalogue/operations';
import { validateBody } from '../../../catalogue/validate';
import { getAt, setAt } from './bodyPath';
import type { JsonObject } from './json';

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
