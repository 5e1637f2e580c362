import type { FormModel } from '../model/formModel';
import type { JsonObject } from '../model/json';
import type { FormHostMessage, FormState, FormWebviewMessage } from '../protocol';
import type { HostBridge } from '../../shared/app/hostBridge';
import type { Tone } from './sendBar';

/** What the form's parts share: the one FormState, its model, the ways to change the body, the status line and the wire. */
export interface FormCore {
  readonly bridge: HostBridge<FormHostMessage, FormWebviewMessage>;
  currentState(): FormState | undefined;
  currentModel(): FormModel | undefined;
  /** A helper filled some fields: show them, opening their groups. */
  fill(mutate: (body: JsonObject) => JsonObject, paths: readonly string[]): void;
  replaceBody(body: JsonObject, params?: Record<string, string>): void;
  /** False (and says why) for a body over the protocol's caps. */
  withinSizeLimits(state: FormState): boolean;
  status(text: string, tone: Tone): void;
}
