/**
 * requestSchema: a zod schema that accepts the bodies the catalogue accepts (field and cross-field
 * rules; warnings pass, as the real gateway accepts them), for consumers that take a zod schema.
 * Its issues are the catalogue's own, in its words, at their paths.
 */
import * as z from 'zod/mini';
import { compile } from './compiled';
import { isError } from './issues';
import type { OperationId } from './operations';
import { pathSegments, validateBody } from './validate';

export function requestSchema(id: OperationId, version?: number): z.ZodMiniType {
  const { tree, resolved } = compile(id, version);
  if (!tree) return z.undefined();
  return z.unknown().check(z.superRefine((body, ctx) => {
    for (const found of validateBody(id, resolved.version, body)) {
      if (!isError(found)) continue;
      // The issue message already names the path; zod consumers get the bare text after it.
      const text = found.message.startsWith(`${found.path}: `) ? found.message.slice(found.path.length + 2) : found.message;
      ctx.addIssue({ code: 'custom', path: pathSegments(found.path), message: text, params: { rule: found.rule }, input: found.value });
    }
  }));
}
