import * as vscode from 'vscode';
import type { SimulatorControl } from '../host/simulatorControl';
import { describeOccupant } from '../host/simulatorControl';
import { sentenceStart } from '../format/sentence';
import { showFailure } from '../platform/workspaceTrust';

export function registerSimulatorCommands(context: vscode.ExtensionContext, simulator: SimulatorControl): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('paymentWorkbench.startSimulator', async () => {
      try {
        const r = await simulator.start();
        void vscode.window.showInformationMessage(r.alreadyRunning ? vscode.l10n.t('The local simulator is already running at {0}.', r.baseUrl) : vscode.l10n.t('Local simulator running at {0}.', r.baseUrl));
        return r;
      } catch (err) {
        showFailure(err);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('paymentWorkbench.stopSimulator', async () => {
      const stopped = await simulator.stop();
      const message = stopped ? vscode.l10n.t('Local simulator stopped.') : describeOccupant(simulator.port, await simulator.occupant());
      void vscode.window.showInformationMessage(sentenceStart(message));
      return { stopped, message };
    }),
  );
}
