/** The form and response webviews, wired to each other: a response's "jump to field" and "open in form" land in the forms. */
import type * as vscode from 'vscode';
import type { SendArgs } from '../commands/sendCommands';
import type { Services } from '../commands/services';
import type { Exchange } from '../send/exchange';
import { FormPanels, type OpenFormArgs } from './formPanels';
import { ResponsePanel } from './responsePanel';

export interface Panels {
  forms: FormPanels;
  responses: ResponsePanel;
  /** Opens the request of a sent exchange in its form (history, response panel). */
  openInForm(e: Exchange): Promise<void>;
}

/** A sent request back in a form: same environment, version and body, and a fresh transaction id. */
export function formArgsOf(e: Exchange): OpenFormArgs {
  const { transactionId: _sent, merchantId: _fromEnvironment, ...params } = e.params;
  return { operationId: e.operationId, environmentId: e.environment.id, ...(e.version !== undefined ? { version: e.version } : {}), body: e.request.body, params };
}

export function registerPanels(
  context: vscode.ExtensionContext,
  services: Services,
  send: (args: SendArgs) => Promise<Exchange | undefined>,
  lookup: (id: string) => Exchange | undefined,
): Panels {
  const forms = new FormPanels({ services, extensionUri: context.extensionUri, send });
  forms.register(context);
  const openInForm = async (e: Exchange) => void (await forms.openForm(formArgsOf(e)));
  const responses = new ResponsePanel({
    extensionUri: context.extensionUri,
    log: services.log,
    lookup,
    openInForm,
    jumpToField: async (operationId, fieldPath, e) => (forms.get(operationId, e.environment.id) ?? (await forms.openForm(formArgsOf(e))))?.focusField(fieldPath),
  });
  responses.register(context);
  return { forms, responses, openInForm };
}
