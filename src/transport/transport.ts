import { readBytesBounded, UnreadableFile } from '../files/boundedFile';
import type { TransportOptions } from '../http/types';
import type { Environment } from '../environments/environment';

/** A proxy the host configures for every environment (VS Code's http.proxy, HTTPS_PROXY for the CLI). */
export interface HostProxy {
  url: string;
  strictSSL: boolean;
}

/** A PEM certificate, key or CA bundle: a company's whole CA bundle is a few hundred KiB. */
export const MAX_TLS_FILE_BYTES = 1024 * 1024;

/**
 * TLS and proxy options for one environment: client certificate files, extra CA, and the host's
 * proxy unless the environment sets its own. The files are named by an environments file, which a
 * cloned repository may hold: regular files only, read to a bound.
 */
export async function transportFor(env: Environment, passphrase: string | undefined, hostProxy?: HostProxy): Promise<TransportOptions> {
  const t: TransportOptions = {};
  const read = (what: string, field: string, file: string) => {
    try {
      return readBytesBounded(file, MAX_TLS_FILE_BYTES, { regularOnly: true });
    } catch (err) {
      const why = err instanceof UnreadableFile ? err.message : String(err);
      throw new Error(`Cannot read the ${what} of "${env.name}": ${field} ${file} ${why}`);
    }
  };
  if (env.gatewayAuth === 'certificate' && env.certificate) {
    t.tls = {
      cert: read('client certificate', 'certificate.certPath', env.certificate.certPath),
      key: read('client key', 'certificate.keyPath', env.certificate.keyPath),
      ...(passphrase ? { passphrase } : {}),
      ...(env.certificate.caPath ? { ca: read('CA', 'certificate.caPath', env.certificate.caPath) } : {}),
    };
  }
  if (env.caPath) t.tls = { ...t.tls, ca: read('CA', 'caPath', env.caPath) };
  const proxy = env.proxy ? { url: env.proxy.url, strictSSL: env.proxy.strictSSL } : hostProxy;
  if (proxy?.url) t.proxy = proxy;
  return t;
}
