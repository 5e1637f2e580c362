/** The form and response webviews, wired to each other: a response's "jump to field" and "open in form" land in the forms. */
import type * as vscode from 'vscode';
import type { FormPanelHost } from './form/host/formPanel';
import type { SendingServices } from '../host/services';
import { idPattern } from '../commands/idSuggestions';
import { replayOf } from '../history/replay';
import type { Exchange } from '../send/exchange';
import type { NextStep } from '../orders/answers/nextStep';
import { generateId } from '../send/ids';
import { FormPanels, type OpenFormArgs } from './form/host/formPanels';
import { ResponsePanel } from './response/host/responsePanel';

interface Panels {
  forms: FormPanels;
  responses: ResponsePanel;
  /** Opens the request of a sent exchange in its form (history, response panel). */
  openInForm(e: Exchange): Promise<void>;
  /** Opens a next step of `e` (orders/answers/nextSteps.ts) in its form, in `e`'s environment (response panel, Orders view). */
  openNextStep(step: NextStep, e: Exchange): Promise<void>;
}

/**
 * A sent request back in a form: same environment and version, the body without any value history
 * did not keep (a note beside each such field), a fresh transaction id, and a fresh order id for an
 * initial operation (see history/replay.ts).
 */
function formArgsOf(e: Exchange): OpenFormArgs {
  const replay = replayOf(e, () => generateId(idPattern('order')));
  return { operationId: e.operationId, environmentId: e.environment.id, ...(e.version !== undefined ? { version: e.version } : {}), body: replay.body, params: replay.params, fieldNotes: replay.fieldNotes };
}

export function registerPanels(
  context: vscode.ExtensionContext,
  services: SendingServices,
  send: FormPanelHost['send'],
  lookup: (id: string) => Exchange | undefined,
): Panels {
  const forms = new FormPanels({ services, extensionUri: context.extensionUri, send });
  forms.register(context);
  const openInForm = async (e: Exchange) => void (await forms.openForm(formArgsOf(e)));
  const openNextStep = async (step: NextStep, e: Exchange) => void (await forms.openForm({ operationId: step.operationId, environmentId: e.environment.id, params: step.params, ...(step.body ? { body: step.body } : {}), fieldNotes: step.fieldNotes }));
  const responses = new ResponsePanel({
    extensionUri: context.extensionUri,
    log: services.log,
    lookup,
    openInForm,
    openNextStep,
    jumpToField: async (operationId, fieldPath, e) => (forms.get(operationId, e.environment.id) ?? (await forms.openForm(formArgsOf(e))))?.focusField(fieldPath),
  });
  context.subscriptions.push(responses);
  return { forms, responses, openInForm, openNextStep };
}
