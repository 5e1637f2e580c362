import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Exchange } from '../../src/send/exchange';
import type { SendArgs } from '../../src/commands/sendCommands';

export const EXTENSION_ID = 'payment-workbench.payment-workbench';

export interface WorkbenchTestApi {
  inspect: { globalStateDump(): string; logFolder: string; globalStorageFolder: string };
}

export async function extensionApi(): Promise<WorkbenchTestApi> {
  const ext = vscode.extensions.getExtension<WorkbenchTestApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  return ext.activate();
}

export function send(args: SendArgs): Thenable<Exchange | undefined> {
  return vscode.commands.executeCommand<Exchange | undefined>('paymentWorkbench.sendRequest', { quiet: true, ...args });
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate signed by the CA, made with openssl. */
export function makeCertificates(): { dir: string; caCert: string; serverKey: string; serverCert: string; clientKey: string; clientCert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-certs-'));
  const f = (n: string) => path.join(dir, n);
  const ossl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ossl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '2', '-subj', '/CN=Payment Workbench Test CA');
  fs.writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  for (const who of ['server', 'client']) {
    ossl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f(`${who}.key`), '-out', f(`${who}.csr`), '-subj', `/CN=${who === 'server' ? '127.0.0.1' : 'merchant.TESTSIMULATOR01'}`);
    ossl('x509', '-req', '-in', f(`${who}.csr`), '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f(`${who}.crt`), '-days', '2', ...(who === 'server' ? ['-extfile', f('server.ext')] : []));
  }
  return { dir, caCert: f('ca.crt'), serverKey: f('server.key'), serverCert: f('server.crt'), clientKey: f('client.key'), clientCert: f('client.crt') };
}
