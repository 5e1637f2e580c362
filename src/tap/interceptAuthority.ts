/**
 * The CA the tap signs intercepted hosts' certificates with, when a client uses it as its HTTPS proxy.
 * Made anew for each run and held in memory only (its key and the leaves it issues are never written):
 * a client trusts it through the variables `tap -- COMMAND` and `tap env` set, for that process, and
 * the trust ends with the run. It vouches for nothing but the hosts this run intercepts (name
 * constraints), for TLS servers only (extendedKeyUsage serverAuth), and issues no sub-CA.
 */
import { isIP } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { issueServerCertificate, makeCa, type CaScope } from './certificate';

export const INTERCEPT_CA_COMMON_NAME = 'Payment Workbench Gateway Tap interception CA (one run)';
/** Long enough for a long-running tap; the CA dies with the process anyway. */
const INTERCEPT_CA_DAYS = 30;

export interface InterceptAuthority {
  /** The CA certificate (PEM) a client is told to trust. */
  readonly caPem: string;
  /** The TLS context that serves `host`'s certificate: issued on first use, then kept for the run. */
  contextFor(host: string): SecureContext;
}

export function interceptAuthority(hosts: readonly string[], now: Date = new Date()): InterceptAuthority {
  const names = [...new Set(hosts.map((h) => h.toLowerCase()))];
  const scope: CaScope = { dns: names.filter((h) => isIP(h) === 0), ips: names.filter((h) => isIP(h) !== 0), subjects: names };
  const ca = makeCa({ commonName: INTERCEPT_CA_COMMON_NAME, scope, days: INTERCEPT_CA_DAYS }, now);
  const contexts = new Map<string, SecureContext>();
  return {
    caPem: ca.pem,
    contextFor(host) {
      const name = host.toLowerCase();
      const known = contexts.get(name);
      if (known) return known;
      if (!names.includes(name)) throw new RangeError(`the tap does not intercept ${host}`);
      const leaf = issueServerCertificate(ca, isIP(name) ? { dns: [], ips: [name] } : { dns: [name], ips: [] }, now);
      const context = createSecureContext({ cert: leaf.cert, key: leaf.key });
      contexts.set(name, context);
      return context;
    },
  };
}
