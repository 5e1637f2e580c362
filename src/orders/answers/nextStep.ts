/**
 * One step a response offers (a button in the response panel or the Orders view): which operation, the
 * ids and body it starts from, and a note beside each filled field saying where its value came from.
 * Its own module so that the order steps (nextSteps.ts) and the session and token steps
 * (savedCardSteps.ts) both build it without importing each other. No vscode here.
 */
import type { OperationId } from '../../catalogue/operations';

export interface NextStep {
  operationId: OperationId;
  /** Button text: "Capture 40.00 EUR…" */
  label: string;
  params: Record<string, string>;
  body?: Record<string, unknown>;
  /** Beside each filled field: where its value came from. */
  fieldNotes: Record<string, string>;
}
