import * as vscode from 'vscode';
import type { TransportOptions } from '../../http';
import { requireTrust } from '../../platform/workspaceTrust';
import type { Environment } from '../../environments/environment';
import { transportFor as engineTransportFor } from '../../transport/transport';

/** The engine's transport with VS Code's http.proxy / http.proxyStrictSSL as the host proxy. */
export function transportFor(env: Environment, passphrase: string | undefined): Promise<TransportOptions> {
  // Every connection of the window is made here (sends, sign-in, flows, payer pages, the tap's upstream): the last gate of Restricted Mode.
  requireTrust(vscode.l10n.t('sending'), { keepsInput: true });
  const http = vscode.workspace.getConfiguration('http');
  const url = http.get<string>('proxy') ?? '';
  return engineTransportFor(env, passphrase, url ? { url, strictSSL: http.get<boolean>('proxyStrictSSL', true) } : undefined);
}
