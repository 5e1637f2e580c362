import * as fs from 'node:fs/promises';
import type { TransportOptions } from '../http/types';
import type { Environment } from '../environments/environment';

/** A proxy the host configures for every environment (VS Code's http.proxy, HTTPS_PROXY for the CLI). */
export interface HostProxy {
  url: string;
  strictSSL: boolean;
}

/**
 * TLS and proxy options for one environment: client certificate files, extra CA, and the host's
 * proxy unless the environment sets its own.
 */
export async function transportFor(env: Environment, passphrase: string | undefined, hostProxy?: HostProxy): Promise<TransportOptions> {
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
  const proxy = env.proxy ? { url: env.proxy.url, strictSSL: env.proxy.strictSSL } : hostProxy;
  if (proxy?.url) t.proxy = proxy;
  return t;
}
