/**
 * The feature bundle (dist/features.js), loaded by extension.ts on first use: sending, the forms and
 * the response panel, request-file editing, financing sign-in, and what starts the simulator's thread. Everything
 * that needs the catalogue, zod or the HTTP client is reached from here and nowhere else.
 */
// First: the display language's text for modules without `vscode` (see platform/localization.ts).
import './platform/localization';
import { markWalkthroughStep } from './platform/walkthroughProgress';
import type * as vscode from 'vscode';
import { registerAuthCommands } from './commands/authCommands';
import { extensionConnections } from './host/connections';
import { registerInsertTestCard } from './commands/insertTestCard';
import { SendCommands } from './commands/sendCommands';
import { vscodeSendPort } from './host/sendPort';
import type { CoreServices, SendingServices } from './host/services';
import { registerRequestFiles } from './editor/registerRequestFiles';
import type { HistoryStore } from './history/historyStore';
import { resendFromHistory } from './features/history/resend';
import { registerSaveAsFlow } from './features/history/saveAsFlowCommand';
import { registerOrderNextStep } from './features/orders/orderNextStep';
import { registerPanels } from './features/registerPanels';
import { registerFlowDiagnostics } from './features/flows/flowDiagnostics';
import { copyExchangeAsCode, registerInterop } from './features/interop/registerInterop';
import type { Language } from './interop';
import { TapController } from './features/tap/tapController';
import { DeliveriesController } from './features/deliveries/deliveriesController';
import type { TapView } from './features/tap/registerTapView';
import { FlowTests } from './features/flows/flowTests';
import { registerResponseView } from './features/response/host/registerResponseView';
import type { Exchange } from './send/exchange';
import { LastSent } from './send/lastSent';
import { OrderLedger } from './orders/answers/ledger';
import { SentTransactions } from './send/idPolicy';

export { startSimulatorThread } from './simulator/thread';
export { startReceiver } from './notifications/receiver';

export interface FeatureHost {
  context: vscode.ExtensionContext;
  core: CoreServices;
  history: HistoryStore;
  refreshEnvironments(): void;
  /** The Tap view (registered at activation): the Gateway Tap shows its calls there. */
  tapView: TapView;
}

export function activateFeatures({ context, core, history, refreshEnvironments, tapView }: FeatureHost) {
  const { connections, subscription } = extensionConnections(core.environments, core.secrets, core.credentials);
  context.subscriptions.push(subscription);
  const services: SendingServices = { ...core, connections, orders: new OrderLedger(), transactions: new SentTransactions(), lastSent: new LastSent(), questions: { port: vscodeSendPort } };
  registerAuthCommands(context, services, refreshEnvironments);
  const textResponses = registerResponseView(context, { lookup: (id) => history.get(id) });
  const sendCommands = new SendCommands(services);
  sendCommands.register(context);
  const panels = registerPanels(context, services, (args, port) => sendCommands.send(args, port), (id) => history.get(id));
  const sentNotes = registerRequestFiles(context);
  registerFlowDiagnostics(context);
  registerSaveAsFlow(context, history);
  registerInterop(context, core);
  registerInsertTestCard(context);
  registerOrderNextStep(context, history, () => core.environments.active()?.id, panels.openNextStep);
  const tap = new TapController({ context, core, connections, questions: services.questions, history, view: tapView, openInForm: panels.openInForm, copyAsCode: (e, language) => copyExchangeAsCode(core, e, language as Language | undefined) });
  tap.register();
  const deliveries = new DeliveriesController(context, services);
  deliveries.register();
  const flowTests = new FlowTests({ services, record: (e) => history.add(e), showResponse: async (e) => panels.responses.show(e, { preserveFocus: false }), onFlowRun: () => void markWalkthroughStep(context.globalState, 'flowRun') });
  context.subscriptions.push(flowTests);
  // History first: a send resolves once the exchange is stored, then the panel shows it.
  context.subscriptions.push(
    sendCommands.onDidSendExchange(({ exchange }) => history.add(exchange)),
    sendCommands.onDidSendExchange(() => void markWalkthroughStep(context.globalState, 'requestSent')),
    sendCommands.onDidSendExchange(({ exchange, quiet }) => {
      if (!quiet) panels.responses.show(exchange);
    }),
    sendCommands.onDidSendRequestFile(({ uri, ids }) => void sentNotes.noteSent(uri, ids)),
  );
  return {
    panels,
    flowTests,
    /** The Gateway Tap (its status bar item, the integration tests). */
    tap,
    /** The Deliveries view's rows and Trigger Scenario…. */
    deliveries,
    /** Where the send path's questions go (the integration tests record them here). */
    questions: services.questions,
    /** The window's send session (its onExchange hook tells what each door sent). */
    sendSession: sendCommands.session,
    /** What History's entries open. */
    historyActions: {
      open: async (e: Exchange) => panels.responses.show(e, { preserveFocus: false }),
      openAsText: (e: Exchange) => textResponses.showExchange(e),
      openInForm: panels.openInForm,
      resend: (e: Exchange) => resendFromHistory(e, panels.openInForm),
    },
  };
}

export type Features = ReturnType<typeof activateFeatures>;
