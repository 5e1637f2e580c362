import * as vscode from 'vscode';
import type { SendPort, SendQuestion } from '../send/guardedSend';
import { confirmDangerousAction } from './dangerousAction';
import { sentenceStart } from '../format/sentence';

const SET_PASSWORD = 'Set Password…';

/**
 * The questions of the send path as VS Code modals, the safe answer first (the one Enter presses). A
 * missing password is asked for and kept in SecretStorage, then the send goes on.
 */
export const vscodeSendPort: SendPort = {
  ask: async (q: SendQuestion): Promise<boolean> => {
    switch (q.kind) {
      case 'live':
        return confirmDangerousAction({ message: q.message, detail: q.detail, safe: "Don't Send", action: 'Send to LIVE' });
      case 'rules':
        return confirmDangerousAction({ message: q.message, detail: q.detail, safe: 'Review', action: 'Send Anyway' });
      case 'credentials': {
        const choice = await vscode.window.showWarningMessage(sentenceStart(q.message), { modal: true, detail: `${q.detail}\nIt is kept in VS Code's secret storage only.` }, SET_PASSWORD);
        if (choice !== SET_PASSWORD) return false;
        await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: q.environment.id });
        return true;
      }
    }
  },
  hint: (q) => (q.kind === 'credentials' ? 'Run "Payment Workbench: Set Gateway API Password".' : undefined),
};
