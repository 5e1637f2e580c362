/** Which FormState a form starts from, and the small rules every state obeys. */
import type { OperationDef } from '../../../catalogue/operations';
import { servesVersion } from '../../../catalogue/versions';
import { formStateSchema, type FormState } from '../protocol';

/**
 * What the webview kept (getState) wins over what the host sends with `init` for the same
 * operation: that is how the content survives hiding the panel and reloading the window.
 */
export function startingState(init: FormState, saved: unknown): FormState {
  const parsed = formStateSchema.safeParse(saved);
  if (parsed.success && parsed.data.operationId === init.operationId) {
    return { ...init, ...parsed.data, environmentId: parsed.data.environmentId ?? init.environmentId };
  }
  return init;
}

/** The version the form shows: the state's when the operation has it, else the operation's default. */
export function effectiveVersion(op: OperationDef, version: number | undefined): number | undefined {
  if (op.documentedVersions.length === 0) return undefined;
  return version !== undefined && servesVersion(op, version) ? version : op.defaultVersion;
}

/** The URL parameters the form asks for: merchantId comes from the environment. */
export function formPathParams(op: OperationDef): OperationDef['pathParams'] {
  return op.pathParams.filter((p) => p.name !== 'merchantId');
}
