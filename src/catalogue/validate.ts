/** validateBody (field rules + cross-field rules) and validateField (one field, for every keystroke). */
import { compile, type CompiledOperation } from './compiled';
import { catalogueMatch } from './fieldIndex';
import { fromZodIssue, issue, shown, type ValidationIssue } from './issues';
import { getOperation, type OperationId } from './operations';
import { isRecord } from './rules/access';
import { innerSchema, nodeSchema } from './toZod';

/** Resolves the operation, or reports why it cannot be (unknown operation, unsupported version): callers may pass text from files. */
function compileOrIssue(id: string, version: number | undefined): CompiledOperation | ValidationIssue {
  const op = getOperation(id);
  if (!op) return issue('operation', 'enum', `unknown operation, got ${shown(id)}`, id);
  if (op.versions.length === 0 && version !== undefined) {
    return issue('version', 'unexpected', `${op.id} has no version, got ${version}`, version);
  }
  if (version !== undefined && op.versions.length > 0 && !op.versions.includes(version)) {
    return issue('version', 'enum', `must be one of ${op.versions.join(', ')} for ${op.id}, got ${version}`, version);
  }
  return compile(id, version);
}

export function validateBody(id: OperationId, version: number | undefined, body: unknown, now: Date = new Date()): ValidationIssue[] {
  const compiled = compileOrIssue(id, version);
  if (!('resolved' in compiled)) return [compiled];
  const { fieldSchema, index, rules, resolved } = compiled;
  if (!fieldSchema || !index) {
    const empty = body === undefined || body === null || (isRecord(body) && Object.keys(body).length === 0);
    return empty ? [] : [issue('', 'unexpected', `${resolved.op.id} takes no body`, body)];
  }
  if (!isRecord(body)) return [issue('', 'type', `must be a JSON object, got ${shown(body)}`, body)];
  const result = fieldSchema.safeParse(body, { reportInput: true });
  const out = result.success ? [] : result.error.issues.map((i) => fromZodIssue(i));
  const ctx = { operationKey: resolved.key, hasPath: (p: string) => index.byPath.has(p), now };
  for (const rule of rules) out.push(...rule.check(body, ctx));
  return out;
}

/** Splits 'item[2].name' into ['item', 2, 'name'] (zod path segments). */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) { out.push(part); continue; }
    if (m[1]) out.push(m[1]);
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

export function validateField(id: OperationId, version: number | undefined, path: string, value: unknown): ValidationIssue[] {
  const compiled = compileOrIssue(id, version);
  if (!('resolved' in compiled)) return [compiled];
  if (!compiled.index) return [];
  const match = catalogueMatch(compiled.index, path);
  if (!match) return []; // not in the catalogue: the spec leaves the rest "not shown", so unknown fields pass
  const { entry, mapKey } = match;
  const out: ValidationIssue[] = [];
  if (mapKey !== undefined) {
    const parent = compiled.index.byPath.get(entry.meta.path.slice(0, -'.{key}'.length));
    if (parent?.node.type === 'map' && !(parent.node.keyPattern.test(mapKey) && mapKey.length <= parent.node.keyMaxLength)) {
      out.push(issue(path, 'pattern', `key must be ${parent.node.keyHint}, got ${shown(mapKey)}`, mapKey));
    }
  }
  const key = entry.meta.path.split('.').pop() ?? '';
  const schema = entry.node.required ? innerSchema(entry.node, key) : nodeSchema(entry.node, key);
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) out.push(...result.error.issues.map((i) => fromZodIssue(i, pathSegments(path))));
  return out;
}
