/** requestSchema: the zod schema of a body including the cross-field rules, for consumers such as the simulator. */
import * as z from 'zod/mini';
import { compile } from './compiled';
import type { OperationId } from './operations';
import { pathSegments } from './validate';

export function requestSchema(id: OperationId, version?: number): z.ZodMiniType {
  const { fieldSchema, index, rules, resolved } = compile(id, version);
  if (!fieldSchema || !index) return z.undefined();
  return fieldSchema.check(z.superRefine((body, ctx) => {
    if (typeof body !== 'object' || body === null) return;
    const ruleCtx = { operationKey: resolved.key, hasPath: (p: string) => index.byPath.has(p), now: new Date() };
    for (const rule of rules) {
      for (const found of rule.check(body as Record<string, unknown>, ruleCtx)) {
        // The issue message already names the path; zod consumers get the bare text after it.
        const text = found.message.startsWith(`${found.path}: `) ? found.message.slice(found.path.length + 2) : found.message;
        ctx.addIssue({ code: 'custom', path: pathSegments(found.path), message: text, params: { rule: found.rule }, input: found.value });
      }
    }
  }));
}
