/**
 * Loaded into a Node program started through the tap (NODE_OPTIONS=--require): Node 20 and 22 read
 * NODE_EXTRA_CA_CERTS but no proxy variable, so this makes their HTTPS clients honour HTTPS_PROXY and
 * NO_PROXY as curl does. `https.request` and `https.get` without an agent of their own get an agent
 * that opens each connection through a CONNECT tunnel; `fetch` gets undici's EnvHttpProxyAgent from
 * tapNodeFetchProxy.js beside this file, which the CLI package ships and the VSIX (size-bound) does
 * not. Node 24+ with NODE_USE_ENV_PROXY does both itself. Written for the child's process: no import
 * of the workbench's own modules, nothing printed.
 */
import * as http from 'node:http';
// A require, not an import: the preload replaces the module's globalAgent, which an import binding cannot.
import https = require('node:https');
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import * as path from 'node:path';

function proxyUrl(): URL | undefined {
  const value = process.env.HTTPS_PROXY ?? process.env.https_proxy;
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

/** NO_PROXY as curl reads it: names (a leading dot or none: the name and its subdomains), `*` for all. */
function bypassed(host: string): boolean {
  const list = (process.env.NO_PROXY ?? process.env.no_proxy ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return list.some((entry) => entry === '*' || name === entry.replace(/^\./, '').replace(/^\[|\]$/g, '') || name.endsWith(entry.startsWith('.') ? entry : `.${entry}`));
}

class TunnellingAgent extends https.Agent {
  constructor(private readonly proxy: URL) {
    super({ keepAlive: true });
  }

  override createConnection(request: http.ClientRequestArgs, done?: (err: Error | null, stream: Duplex) => void): Duplex | undefined {
    const options = request as tls.ConnectionOptions;
    const host = request.host ?? 'localhost';
    const port = Number(request.port ?? 443);
    const failed = (err: Error) => done?.(err, undefined as unknown as Duplex); // Node reads no stream when there is an error
    if (bypassed(host)) return tls.connect(options);
    const connect = http.request({ host: this.proxy.hostname, port: Number(this.proxy.port || 80), method: 'CONNECT', path: `${host.includes(':') ? `[${host}]` : host}:${port}`, headers: { host: `${host}:${port}` } });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        failed(new Error(`the proxy ${this.proxy.host} answered ${res.statusCode} to CONNECT ${host}:${port}`));
        return;
      }
      done?.(null, tls.connect({ ...options, socket, servername: options.servername ?? host }));
    });
    connect.once('error', failed);
    connect.end();
    return undefined;
  }
}

const proxy = proxyUrl();
if (proxy) {
  https.globalAgent = new TunnellingAgent(proxy);
  const fetchProxy = path.join(__dirname, 'tapNodeFetchProxy.js');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional: absent from the VSIX
    require(fetchProxy);
  } catch {
    // Without it fetch goes direct (Node 24+ with NODE_USE_ENV_PROXY still uses the proxy).
  }
}
