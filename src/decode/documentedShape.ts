import type * as z from 'zod/mini';
import {
  financingFailureSchema,
  financingSuccessSchema,
  gatewayErrorSchema,
  gatewayInformationResponseSchema,
  gatewayResponseSchema,
  retrieveOrderResponseSchema,
  paymentOptionsResponseSchema,
  tokenResponseSchema,
  updateSessionResponseSchema,
} from '../catalogue/responses';
import { setOwnValue } from '../json/ownKey';
import type { BodyView } from './bodyView';
import { isSavedCardAnswer } from './gateway/savedCard';
import { isPaymentOptionsAnswer } from './gateway/paymentOptions';
import { isGatewayInformationAnswer } from './gateway/gatewayInformation';

const MAX_SHAPE_NOTES = 5;

/**
 * Compares the body with the documented model and says where it differs. The decoder never
 * depends on this (it reads field by field); the notes tell a developer why a field is missing or
 * odd. Only the chosen variant is checked, so the notes name fields instead of "no union matched".
 */
export function noteShapeDifferences(api: 'gateway' | 'financing', operationId: string, httpStatus: number, view: BodyView, notes: string[]): void {
  const schema = api === 'gateway' ? gatewayShape(operationId, view, httpStatus) : financingShape(operationId, httpStatus, view);
  if (!schema) return;
  const parsed = schema.safeParse(view.root);
  if (parsed.success) return;
  // A null where the model has an optional field is how some servers and proxies write "absent" (the
  // gateway reads a null that way in a request too): a difference only when the body read with its
  // nulls left out differs there too (a field the model declares nullable stays fine as null).
  const withoutNulls = schema.safeParse(withoutNullFields(view.root, 0));
  if (withoutNulls.success) return;
  const alsoWithoutNulls = new Set(withoutNulls.error.issues.map(pathKeyOf));
  const issues = parsed.error.issues.filter((i) => alsoWithoutNulls.has(pathKeyOf(i)));
  for (const issue of issues.slice(0, MAX_SHAPE_NOTES)) {
    const where = issue.path.length > 0 ? pathKeyOf(issue) : '(body)';
    // Zod messages name the expected type, never the received value, so no secret leaks here.
    notes.push(`Differs from the documented model at ${where}: ${issue.message}`);
  }
  if (issues.length > MAX_SHAPE_NOTES) notes.push(`…and ${issues.length - MAX_SHAPE_NOTES} more differences from the documented model.`);
}

const pathKeyOf = (issue: { path: readonly PropertyKey[] }): string => issue.path.map(String).join('.');

/** Nesting the null-stripping copy follows; deeper content is compared as it is. */
const MAX_STRIP_DEPTH = 64;

function withoutNullFields(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth >= MAX_STRIP_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => withoutNullFields(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) setOwnValue(out, k, withoutNullFields(v, depth + 1));
  return out;
}

// An error status with a body that is no documented error shape (a proxy page) is already noted
// by the decoder; comparing it with the success model would only add noise.
// Retrieve Order answers with the order's own fields at the top and transaction[] (each a whole
// transaction answer), not the {response, order, transaction} of an operation on the order.
function gatewayShape(operationId: string, view: BodyView, httpStatus: number): z.ZodMiniType | undefined {
  if (view.at(['result']) === 'ERROR' || view.record(['error']) !== undefined) return gatewayErrorSchema;
  if (httpStatus >= 400) return undefined;
  if (operationId === 'gateway.retrieveOrder') return retrieveOrderResponseSchema;
  if (isSavedCardAnswer(operationId)) return tokenResponseSchema;
  if (isPaymentOptionsAnswer(operationId)) return paymentOptionsResponseSchema;
  if (isGatewayInformationAnswer(operationId)) return gatewayInformationResponseSchema;
  if (view.record(['session']) !== undefined) return updateSessionResponseSchema;
  return gatewayResponseSchema;
}

function financingShape(operationId: string, httpStatus: number, view: BodyView): z.ZodMiniType | undefined {
  if (view.at(['success']) === false) return financingFailureSchema;
  if (httpStatus >= 400) return undefined;
  return financingSuccessSchema(operationId);
}
