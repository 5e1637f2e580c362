import { Agent, buildConnector, Pool, ProxyAgent, type Dispatcher } from './undiciParts';
import type { Pool as PoolTypes } from 'undici';
import type { ConnectionOptions } from 'node:tls';
import type { ConnectionBudget } from './connectionBudget';
import type { TransportOptions } from './types';

/**
 * One dispatcher per client, never the global one: the extension host is shared with other extensions,
 * and client certificates or a relaxed CA check must apply to this extension's requests only.
 * `budget` must be told of each send (sendStarted, answered, sendEnded): it allows connections per send
 * in flight, so a dispatcher whose sends are not counted would get three connections in all.
 */
export function createDispatcher(options: TransportOptions, budget: ConnectionBudget): Dispatcher {
  const tls = targetTls(options);
  if (!options.proxy) return new Agent({ connect: budget.guard(buildConnector({ ...tls })) });

  const relaxed = options.proxy.strictSSL === false;
  return new ProxyAgent({
    uri: options.proxy.url,
    // requestTls applies inside the CONNECT tunnel (the gateway); proxyTls to an https:// proxy itself.
    requestTls: relaxed ? { ...tls, rejectUnauthorized: false } : tls,
    proxyTls: relaxed ? { rejectUnauthorized: false } : {},
    // Each origin's pool opens its tunnels through the proxy with ProxyAgent's connect: counted here.
    factory: (origin, pool: PoolTypes.Options) => new Pool(origin, { ...pool, ...(typeof pool.connect === 'function' ? { connect: budget.guard(pool.connect) } : {}) }),
  });
}

function targetTls(options: TransportOptions): ConnectionOptions {
  const tls = options.tls ?? {};
  const result: ConnectionOptions = {};
  if (tls.cert !== undefined) result.cert = tls.cert;
  if (tls.key !== undefined) result.key = tls.key;
  if (tls.passphrase !== undefined) result.passphrase = tls.passphrase;
  if (tls.ca !== undefined) result.ca = tls.ca;
  if (tls.rejectUnauthorized !== undefined) result.rejectUnauthorized = tls.rejectUnauthorized;
  return result;
}

/** host:port of the configured proxy, for messages; credentials in the proxy URL are left out. */
export function proxyHostOf(options: TransportOptions): string | undefined {
  if (!options.proxy) return undefined;
  try {
    return hostPort(new URL(options.proxy.url));
  } catch {
    return 'the configured proxy';
  }
}

export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}
