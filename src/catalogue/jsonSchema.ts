/** JSON Schema export with zod's own toJSONSchema (draft-07: what VS Code's JSON editor understands best). */
import { toJSONSchema } from 'zod/mini';
import { compile } from './compiled';
import { innerSchema } from './toZod';

type JsonSchemaObject = Record<string, unknown>;

const cache = new Map<string, JsonSchemaObject | undefined>();

/**
 * Body schema of one operation/version, without the top-level $schema keyword; undefined when there
 * is no body. Callers get a fresh copy: the export is cached, and JSON Schema objects invite mutation.
 */
export function bodyJsonSchema(id: string, version?: number): JsonSchemaObject | undefined {
  const key = compile(id, version).resolved.key;
  if (!cache.has(key)) cache.set(key, buildBodyJsonSchema(id, version));
  const hit = cache.get(key);
  return hit ? (JSON.parse(JSON.stringify(hit)) as JsonSchemaObject) : undefined;
}

function buildBodyJsonSchema(id: string, version?: number): JsonSchemaObject | undefined {
  const { tree, resolved } = compile(id, version);
  if (!tree) return undefined;
  const out = toJSONSchema(innerSchema(tree, resolved.op.id), { target: 'draft-07', unrepresentable: 'any' }) as JsonSchemaObject;
  delete out['$schema'];
  out['title'] = `${resolved.op.title}${resolved.version !== undefined ? ` (version ${resolved.version})` : ''} request body`;
  out['description'] = `${resolved.op.purpose} Cross-field rules (sums of amounts, conditional fields, dates) are checked by Payment Workbench, not by this schema.`;
  return out;
}

/**
 * The paths the operation's cross-field rules require at this version whatever the body holds
 * (rules/payment.ts: an Authorize's order.amount and order.currency), which the field tree keeps optional.
 */
export function ruleRequiredPaths(id: string, version?: number): string[] {
  return compile(id, version).rules.flatMap((rule) => rule.alwaysRequires ?? []);
}

export function bodySchemaFileName(id: string, version: number | undefined): string {
  return version === undefined ? `${id}.schema.json` : `${id}.v${version}.schema.json`;
}
