/**
 * Which hosts the tap intercepts as a proxy and where their calls go, for both adapters (CLI and VS Code).
 */
import { isLive, type Environment } from '../environments/environment';
import { isLoopbackName } from '../http/loopbackRequests';
import type { InterceptOptions, InterceptRoute } from './types';

/**
 * The gateway's public host names, intercepted whatever the environments say: the TEST gateway and the
 * regional ones (ap-gateway serves TEST merchant ids too: docs.gr4vy.com/connections/payments/mastercard-card),
 * and the hosts the public API reference itself is served from (na.gateway…, *.mtf.gateway…).
 */
export const PUBLIC_GATEWAY_HOSTS = ['test-gateway.mastercard.com', 'ap-gateway.mastercard.com', 'eu-gateway.mastercard.com', 'na-gateway.mastercard.com', 'na.gateway.mastercard.com', 'mtf.gateway.mastercard.com'];

/** The host of an environment's URL, lower-cased; undefined for loopback, which is never intercepted. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return isLoopbackName(host) ? undefined : host;
  } catch {
    return undefined;
  }
}

/**
 * The routes: every public gateway host, each environment's gateway and financing host, and those
 * named with --intercept. With an upstream environment (or the simulator) each maps to it, the
 * financing API's paths to its financing URL; without one each call goes where it was sent.
 */
export function interceptRoutes(environments: readonly Environment[], extra: readonly string[], upstream: Environment | undefined): Map<string, InterceptRoute> {
  const hosts = [...PUBLIC_GATEWAY_HOSTS, ...environments.flatMap((e) => [hostOf(e.gatewayUrl), hostOf(e.financingBaseUrl)]), ...extra.map((h) => h.toLowerCase())];
  const route: InterceptRoute = upstream?.gatewayUrl ? { kind: 'mapped', url: upstream.gatewayUrl, ...(upstream.financingBaseUrl ? { financingUrl: upstream.financingBaseUrl } : {}) } : { kind: 'asked' };
  return new Map(hosts.filter((h): h is string => h !== undefined).map((h) => [h, route]));
}

/** A call sent to the host the client asked for moves real money unless it is a TEST merchant on a test host: refused without --yes-live, as every door refuses. */
export function liveRefusal(yesLive: boolean): InterceptOptions['refuseAsked'] {
  if (yesLive) return undefined;
  return (url) => {
    const merchantId = /\/merchant\/([^/]+)/.exec(url.pathname)?.[1];
    const env = { id: 'asked', name: url.host, gatewayUrl: url.origin, ...(merchantId ? { merchantId: decodeURIComponent(merchantId) } : {}) } as Environment;
    return isLive(env) ? `${url.host}${merchantId ? ` for merchant ${merchantId}` : ''} may be LIVE (real money moves): start the tap with --yes-live to let your program's calls reach it, or --upstream simulator to run them offline` : undefined;
  };
}

