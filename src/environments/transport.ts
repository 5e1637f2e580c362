import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import type { TransportOptions } from '../http';
import type { Environment } from '../send/environment';

/**
 * TLS and proxy options for one environment: client certificate files, extra CA, and VS Code's
 * http.proxy / http.proxyStrictSSL unless the environment sets its own proxy.
 */
export async function transportFor(env: Environment, passphrase: string | undefined): Promise<TransportOptions> {
  const t: TransportOptions = {};
  const read = async (what: string, file: string) => {
    try {
      return await fs.readFile(file);
    } catch (err) {
      throw new Error(`Cannot read the ${what} of "${env.name}" at ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  };
  if (env.gatewayAuth === 'certificate' && env.certificate) {
    t.tls = {
      cert: await read('client certificate', env.certificate.certPath),
      key: await read('client key', env.certificate.keyPath),
      ...(passphrase ? { passphrase } : {}),
      ...(env.certificate.caPath ? { ca: await read('CA', env.certificate.caPath) } : {}),
    };
  }
  if (env.caPath) t.tls = { ...t.tls, ca: await read('CA', env.caPath) };
  const http = vscode.workspace.getConfiguration('http');
  const proxyUrl = env.proxy?.url ?? http.get<string>('proxy') ?? '';
  if (proxyUrl) t.proxy = { url: proxyUrl, strictSSL: env.proxy?.strictSSL ?? http.get<boolean>('proxyStrictSSL', true) };
  return t;
}
