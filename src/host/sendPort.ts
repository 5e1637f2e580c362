import * as vscode from 'vscode';
import type { SendPort, SendQuestion } from '../send/guardedSend';
import { confirmDangerousAction } from './dangerousAction';
import { sentenceStart } from '../format/sentence';

const SET_PASSWORD = vscode.l10n.t('Set Password…');

/**
 * The questions of the send path as VS Code modals, the safe answer first (the one Enter presses). A
 * missing password is asked for and kept in SecretStorage, then the send goes on.
 */
export const vscodeSendPort: SendPort = {
  ask: async (q: SendQuestion): Promise<boolean> => {
    switch (q.kind) {
      case 'live':
        return confirmDangerousAction({ message: q.message, detail: q.detail, safe: vscode.l10n.t('Don\'t Send'), action: vscode.l10n.t('Send to LIVE') });
      case 'rules':
        return confirmDangerousAction({ message: q.message, detail: q.detail, safe: vscode.l10n.t('Review'), action: vscode.l10n.t('Send Anyway') });
      case 'credentials': {
        const choice = await vscode.window.showWarningMessage(sentenceStart(q.message), { modal: true, detail: vscode.l10n.t('{0}\nIt is kept in VS Code\'s secret storage only.', q.detail) }, SET_PASSWORD);
        if (choice !== SET_PASSWORD) return false;
        await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: q.environment.id });
        return true;
      }
    }
  },
  hint: (q) => (q.kind === 'credentials' ? vscode.l10n.t('Run "Payment Workbench: Set Gateway API Password".') : undefined),
};
