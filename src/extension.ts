// First: the display language's text for modules without `vscode` (see platform/localization.ts).
import './platform/localization';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { storedSessionState } from './auth/tokenSet';
import { registerEnvironmentCommands } from './commands/environmentCommands';
import type { CoreServices } from './host/services';
import { registerSimulatorCommands } from './commands/simulatorCommands';
import { SimulatorControl } from './host/simulatorControl';
import { EnvironmentStore } from './features/environments/environmentStore';
import { registerEnvironmentsView } from './features/environments/registerEnvironmentsView';
import type { EnvironmentsTree, EnvNode } from './features/environments/environmentsTree';
import type * as FeatureBundle from './features';
import { HistoryStore } from './history/historyStore';
import { registerHistoryView } from './features/history/registerHistoryView';
import { registerOrdersView } from './features/orders/registerOrdersView';
import { registerTapView } from './features/tap/registerTapView';
import { registerDeliveriesView } from './features/deliveries/registerDeliveriesView';
import { InboxControl } from './features/notifications/inboxControl';
import { registerNotificationsView } from './features/notifications/registerNotificationsView';
import { contributedCommandIds, DeferredFeatures } from './platform/deferredFeatures';
import { whenOwnFileOpens } from './platform/requestFiles';
import { registerFlowTests } from './features/flows/testController';
import { FORM_VIEW_TYPE, RESPONSE_VIEW_TYPE } from './platform/webviewTypes';
import { Credentials } from './credentials/credentials';
import { SecretStore } from './secrets/secretStore';
import { originQuestions } from './host/secretOriginQuestion';
import { walkthroughOnStart } from './platform/walkthroughProgress';

/** Set by the bundle's first and last lines (esbuild banner and footer); absent when the sources run unbundled. */
declare const __pwBundleStart: number | undefined;
declare const __pwBundleEnd: number | undefined;

/**
 * dist/features.js, evaluated on first call (esbuild keeps this require out of dist/extension.js).
 * A plain require, not import(): the extension host runs CommonJS bundles.
 */
function featureBundle(): typeof FeatureBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the one deliberate lazy load (see esbuild.js)
  return require('./features') as typeof FeatureBundle;
}

/** Wiring only: the light services, the views and the commands that need nothing more; the rest loads on first use. */
export function activate(context: vscode.ExtensionContext) {
  const activateStart = performance.now();
  const log = vscode.window.createOutputChannel('Payment Workbench', { log: true });
  const secrets = new SecretStore(context.secrets);
  // The simulator runs in a worker thread of its own (dist/simulatorWorker.js), not on this one.
  const simulatorWorker = path.join(context.extensionPath, 'dist', 'simulatorWorker.js');
  const simulator = new SimulatorControl(log, async () => (options) => featureBundle().startSimulatorThread(simulatorWorker, options));
  const environments = new EnvironmentStore(context.globalState, () => simulator.port);
  const inbox = new InboxControl(context.secrets, log, async () => featureBundle().startReceiver);
  const core: CoreServices = { log, secrets, credentials: new Credentials(secrets, { askOrigin: (q) => originQuestions.ask(q) }), simulator, environments, inbox };
  // Disposed in this order: the log last, so the others can still write to it.
  context.subscriptions.push(inbox, simulator, environments, secrets, log);
  const store = new HistoryStore(path.join(context.globalStorageUri.fsPath, 'history.json'), { onError: (m) => log.warn(m) });

  const tree = registerEnvironmentsView(context, { environments, secrets, simulator, sessionState: (env) => storedSessionState(secrets.tokenStore(env)) });
  // The Tap view holds no tap: the Gateway Tap loads with the feature bundle when it is started.
  const tapView = registerTapView(context, async (e) => (await features.get()).historyActions.open(e));
  const features = new DeferredFeatures(() => featureBundle().activateFeatures({ context, core, history: store, refreshEnvironments: () => tree.refresh(), tapView }), log);
  registerDeliveriesView(context, async () => (await features.get()).deliveries, { worthLoading: () => simulator.running || features.loaded, onDidChange: [simulator.onDidChange, features.onDidLoad] });
  context.subscriptions.push(features);
  registerEnvironmentCommands(context, core);
  registerSimulatorCommands(context, simulator);
  const history = registerHistoryView(context, store, {
    open: async (e) => (await features.get()).historyActions.open(e),
    openAsText: async (e) => (await features.get()).historyActions.openAsText(e),
    openInForm: async (e) => (await features.get()).historyActions.openInForm(e),
    resend: async (e) => (await features.get()).historyActions.resend(e),
  });
  const ordersView = registerOrdersView(context, { store, inbox, activeEnvironmentId: () => environments.active()?.id, onEnvironmentChange: environments.onDidChange, showInHistory: (orderId) => history.filterByOrder(orderId) });
  const notificationsView = registerNotificationsView(context, inbox, (orderId) => history.filterByOrder(orderId));
  const flowTests = registerFlowTests(context, async () => (await features.get()).flowTests);
  features.standInFor(contributedCommandIds(context.extension));
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(FORM_VIEW_TYPE, { deserializeWebviewPanel: async (panel, state) => (await features.get()).panels.forms.restore(panel, state) }),
    vscode.window.registerWebviewPanelSerializer(RESPONSE_VIEW_TYPE, { deserializeWebviewPanel: async (panel, state) => (await features.get()).panels.responses.restore(panel, state) }),
    // An open flow file shows its run buttons at once: the Test Explorer need not have been opened.
    whenOwnFileOpens(() => void features.get().then((f) => f.flowTests.discover(flowTests))),
  );

  // After activation, not in it: nothing activate() does waits for the walkthrough.
  setTimeout(() => void walkthroughOnStart(context, () => environments.list().length).catch((err: unknown) => log.warn(`walkthrough: ${String(err)}`)), 0);

  const activateEnd = performance.now();
  return {
    history,
    /** For `npm run bench`: bundle evaluation and activate(), measured in the host that ran them. */
    timing: {
      activateMs: activateEnd - activateStart,
      loadAndActivateMs: typeof __pwBundleStart === 'number' ? activateEnd - __pwBundleStart : undefined,
      /** Evaluating dist/extension.js alone: the rest of loadAndActivateMs is VS Code preparing the context meanwhile, and activate(). */
      evaluateMs: typeof __pwBundleStart === 'number' && typeof __pwBundleEnd === 'number' ? __pwBundleEnd - __pwBundleStart : undefined,
    },
    // Read-only views for the integration tests (no secret reached disk or logs; the open forms),
    // handed out only to a test run: a user's other extensions never see them.
    ...(context.extensionMode === vscode.ExtensionMode.Test ? { inspect: { ...testInspection(context, features, flowTests), originQuestions, environment: (id: string) => environments.get(id), restricted: () => ({ workspaceFileWaits: environments.workspaceFileWaitsForTrust, simulatorRunning: simulator.running, inboxRunning: inbox.running }), notificationRows: () => notificationsView.rows(), environmentRows: (environmentId: string) => treeRows(tree, environmentId), tapRows: () => tapView.rows(), terminalsThroughTap: () => context.environmentVariableCollection.get('HTTPS_PROXY')?.value, tapCalls: () => tapView.calls(), orderRows: () => ordersView.orders() } } : {}),
  };
}

function testInspection(context: vscode.ExtensionContext, features: DeferredFeatures<FeatureBundle.Features>, flowTests: vscode.TestController) {
  return {
    globalStateDump: () => JSON.stringify(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
    logFolder: context.logUri.fsPath,
    globalStorageFolder: context.globalStorageUri.fsPath,
    /** The feature bundle, loaded if it is not yet: the integration tests drive the open forms through it. */
    features: () => features.get(),
    featuresLoaded: () => features.loaded,
    /** The last result of each flow file run in the Test Explorer, by file URI. */
    flowResults: async () => Object.fromEntries((await features.get()).flowTests.results),
    /** What the last run showed in Test Results for each flow and step item (output lines, failure messages and their lines), by item id. */
    flowShown: async () => Object.fromEntries((await features.get()).flowTests.shown),
    /**
     * Runs flow files through the Test Explorer's run handler (what its Run button calls) at once: a
     * file written a moment ago may not be listed in VS Code's Testing view yet, so testing.runAll would skip it.
     */
    runFlows: async (fileUris: readonly string[]) => {
      const items = fileUris.map((u) => flowTests.items.get(u)).filter((i): i is vscode.TestItem => i !== undefined);
      const cancel = new vscode.CancellationTokenSource();
      try {
        await (await features.get()).flowTests.run(flowTests, new vscode.TestRunRequest(items), cancel.token);
      } finally {
        cancel.dispose();
      }
    },
    /** The Test Explorer's flow items: file item id → step ids. */
    flowItems: () => Object.fromEntries([...flowTests.items].map(([id, item]) => [id, [...item.children].map(([, step]) => step.label)])),
    /** The error each flow file item shows in the Test Explorer (an invalid file), by file URI. */
    flowErrors: () => Object.fromEntries([...flowTests.items].flatMap(([id, item]) => (item.error ? [[id, typeof item.error === 'string' ? item.error : item.error.value]] : []))),
  };
}

/** One environment's rows in the Environments view as it shows them, labels nested as the tree nests them (integration tests). */
async function treeRows(tree: EnvironmentsTree, environmentId: string): Promise<TreeRow[]> {
  const rowsUnder = async (node: EnvNode): Promise<TreeRow[]> => Promise.all((await tree.getChildren(node)).map(async (child) => {
    const label = tree.getTreeItem(child).label;
    return { label: typeof label === 'string' ? label : label?.label ?? '', children: await rowsUnder(child) };
  }));
  const env = (await tree.getChildren()).find((n) => n.kind === 'environment' && n.env.id === environmentId);
  return env ? rowsUnder(env) : [];
}

interface TreeRow {
  label: string;
  children: TreeRow[];
}

export function deactivate(): void {
  // Disposables in context.subscriptions (the simulator included) are released by VS Code.
}
