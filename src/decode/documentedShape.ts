import type * as z from 'zod/mini';
import {
  financingFailureSchema,
  financingSuccessSchema,
  gatewayErrorSchema,
  gatewayResponseSchema,
  retrieveOrderResponseSchema,
  paymentOptionsResponseSchema,
  tokenResponseSchema,
  updateSessionResponseSchema,
} from '../catalogue/responses';
import type { BodyView } from './bodyView';
import { isSavedCardAnswer } from './gateway/savedCard';
import { isPaymentOptionsAnswer } from './gateway/paymentOptions';

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
  const issues = parsed.error.issues;
  for (const issue of issues.slice(0, MAX_SHAPE_NOTES)) {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)';
    // Zod messages name the expected type, never the received value, so no secret leaks here.
    notes.push(`Differs from the documented model at ${where}: ${issue.message}`);
  }
  if (issues.length > MAX_SHAPE_NOTES) notes.push(`…and ${issues.length - MAX_SHAPE_NOTES} more differences from the documented model.`);
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
  if (view.record(['session']) !== undefined) return updateSessionResponseSchema;
  return gatewayResponseSchema;
}

function financingShape(operationId: string, httpStatus: number, view: BodyView): z.ZodMiniType | undefined {
  if (view.at(['success']) === false) return financingFailureSchema;
  if (httpStatus >= 400) return undefined;
  return financingSuccessSchema(operationId);
}
