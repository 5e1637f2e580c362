import * as vscode from 'vscode';
import type { Services } from './services';
import { describeOccupant } from './simulatorControl';

export function registerSimulatorCommands(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('paymentWorkbench.startSimulator', async () => {
      try {
        const r = await services.simulator.start();
        void vscode.window.showInformationMessage(r.alreadyRunning ? `The local simulator is already running at ${r.baseUrl}.` : `Local simulator running at ${r.baseUrl}.`);
        return r;
      } catch (err) {
        void vscode.window.showErrorMessage(err instanceof Error ? err.message : String(err));
        return undefined;
      }
    }),
    vscode.commands.registerCommand('paymentWorkbench.stopSimulator', async () => {
      const stopped = await services.simulator.stop();
      const message = stopped ? 'Local simulator stopped.' : describeOccupant(services.simulator.port, await services.simulator.occupant());
      void vscode.window.showInformationMessage(message);
      return { stopped, message };
    }),
  );
}
