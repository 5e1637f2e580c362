import * as path from 'node:path';
import * as vscode from 'vscode';
import { registerAuthCommands } from './commands/authCommands';
import { registerEnvironmentCommands } from './commands/environmentCommands';
import { SendCommands } from './commands/sendCommands';
import { Services } from './commands/services';
import { registerSimulatorCommands } from './commands/simulatorCommands';
import { registerRequestFiles } from './editor/registerRequestFiles';
import { registerEnvironmentsView } from './environments/registerEnvironmentsView';
import { HistoryStore } from './history/historyStore';
import { registerHistoryView } from './history/registerHistoryView';
import { resendFromHistory } from './history/resend';
import { registerPanels } from './panels/registerPanels';
import { registerResponseView } from './responseView/registerResponseView';

/** Set by the bundle's first line (esbuild banner); absent when the sources run unbundled. */
declare const __pwBundleStart: number | undefined;

/** Wiring only: every feature registers itself and hands its disposables to the context. */
export function activate(context: vscode.ExtensionContext) {
  const activateStart = performance.now();
  const services = new Services(context);
  context.subscriptions.push(services);
  const tree = registerEnvironmentsView(context, services);
  registerEnvironmentCommands(context, services);
  registerAuthCommands(context, services, () => tree.refresh());
  registerSimulatorCommands(context, services);

  const store = new HistoryStore(path.join(context.globalStorageUri.fsPath, 'history.json'), { onError: (m) => services.log.warn(m) });
  const textResponses = registerResponseView(context, { lookup: (id) => store.get(id) });
  const sendCommands = new SendCommands(services);
  sendCommands.register(context);
  const panels = registerPanels(context, services, (args) => sendCommands.send(args), (id) => store.get(id));
  const history = registerHistoryView(context, store, {
    open: async (e) => panels.responses.show(e, { preserveFocus: false }),
    openAsText: (e) => textResponses.showExchange(e),
    openInForm: panels.openInForm,
    resend: (e) => resendFromHistory(e, panels.openInForm),
  });
  const sentNotes = registerRequestFiles(context);
  // History first: a send resolves once the exchange is stored, then the panel shows it.
  context.subscriptions.push(
    sendCommands.onDidSendExchange(({ exchange }) => history.add(exchange)),
    sendCommands.onDidSendExchange(({ exchange, quiet }) => {
      if (!quiet) panels.responses.show(exchange);
    }),
    sendCommands.onDidSendRequestFile(({ uri, ids }) => void sentNotes.noteSent(uri, ids)),
  );

  const activateEnd = performance.now();
  return {
    history,
    /** For `npm run bench`: bundle evaluation and activate(), measured in the host that ran them. */
    timing: {
      activateMs: activateEnd - activateStart,
      loadAndActivateMs: typeof __pwBundleStart === 'number' ? activateEnd - __pwBundleStart : undefined,
    },
    // Read-only views for the integration tests (no secret reached disk or logs; the open forms),
    // handed out only to a test run: a user's other extensions never see them.
    ...(context.extensionMode === vscode.ExtensionMode.Test ? { inspect: testInspection(context, panels) } : {}),
  };
}

function testInspection(context: vscode.ExtensionContext, panels: ReturnType<typeof registerPanels>) {
  return {
    globalStateDump: () => JSON.stringify(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
    logFolder: context.logUri.fsPath,
    globalStorageFolder: context.globalStorageUri.fsPath,
    /** The open forms: the integration tests post page messages to a form's host side and read its state. */
    forms: panels.forms,
    openForms: () => panels.forms.snapshot(),
  };
}

export function deactivate(): void {
  // Disposables in context.subscriptions (the simulator included) are released by VS Code.
}
