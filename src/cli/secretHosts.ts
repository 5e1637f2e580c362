/**
 * Where the variables' secrets will go, said before anything is sent, and pinned when CI says so:
 * an environments file of the working folder (a cloned repository's, a pull request's) names the hosts,
 * so `--secret-hosts` or PAYMENT_WORKBENCH_SECRET_HOSTS lists the only ones a secret may reach.
 */
import { getOperation } from '../catalogue/operations';
import { SECRET_LABELS, type SecretName } from '../credentials/secretNames';
import { describeRoute, secretRoute, type SecretRoute } from '../credentials/secretOrigin';
import type { Environment } from '../environments/environment';
import type { Flow } from '../flows';
import { secretVariables } from './envSecrets';
import { RUN_EXIT } from './report';
import { SECRET_HOSTS_FLAG, SECRET_HOSTS_VARIABLE } from './secretFlags';
import { UsageError } from './usage';

/** `run`, `trigger`, `reconcile`, `tap`: a secret would reach a host the allow-list does not name; nothing was sent. */
export const SECRET_HOST_REFUSED_EXIT = RUN_EXIT.secretHostRefused;

export class SecretHostRefused extends Error {}

interface AllowedHost {
  host: string;
  port?: string;
}

/** The lists given (the flag's, the variable's): a host must be in each. Empty: nothing is pinned. */
export interface SecretHostPins {
  lists: { source: string; hosts: AllowedHost[] }[];
}

const MAX_HOSTS = 100;
const HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d{1,5}))?$/i;

function parseHostList(text: string, source: string): AllowedHost[] {
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (entries.length === 0) throw new UsageError(`${source}: name at least one host (HOST or HOST:PORT, comma-separated)`);
  if (entries.length > MAX_HOSTS) throw new UsageError(`${source}: at most ${MAX_HOSTS} hosts`);
  return entries.map((entry) => {
    const m = HOST_ENTRY.exec(entry);
    const port = m?.[3];
    if (!m?.[1] || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
      throw new UsageError(`${source}: ${JSON.stringify(entry.slice(0, 100))} is not HOST or HOST:PORT (no scheme, no path: test-gateway.mastercard.com or 10.0.0.1:3128)`);
    }
    return { host: m[1].toLowerCase(), ...(port !== undefined ? { port } : {}) };
  });
}

/** The pins of the --secret-hosts flag and the PAYMENT_WORKBENCH_SECRET_HOSTS variable; bad syntax is a UsageError. */
export function secretHostPins(flag: string | undefined, variables: NodeJS.ProcessEnv): SecretHostPins {
  const lists: SecretHostPins['lists'] = [];
  if (flag !== undefined) lists.push({ source: SECRET_HOSTS_FLAG.name, hosts: parseHostList(flag, SECRET_HOSTS_FLAG.name) });
  const variable = variables[SECRET_HOSTS_VARIABLE];
  if (variable !== undefined && variable !== '') lists.push({ source: SECRET_HOSTS_VARIABLE, hosts: parseHostList(variable, SECRET_HOSTS_VARIABLE) });
  return { lists };
}

/** "host:port" as secretRoute writes it; an IPv6 host keeps its brackets. */
function allows(hosts: readonly AllowedHost[], hostPort: string): boolean {
  const colon = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, colon).toLowerCase();
  const port = hostPort.slice(colon + 1);
  return hosts.some((h) => h.host === host && (h.port === undefined || h.port === port));
}

/** A secret of the variables that a command is about to send: which, of which environment, and its route. */
export interface PlannedSecret {
  environment: string;
  name: SecretName;
  route: SecretRoute;
}

type Api = 'gateway' | 'financing';

/** The APIs a flow's steps call (a payer page or a wait for a webhook carries no secret of the variables). */
export function apisOf(flow: Pick<Flow, 'steps'>): Set<Api> {
  const apis = new Set<Api>();
  for (const step of flow.steps) {
    const api = 'operation' in step && typeof step.operation === 'string' ? getOperation(step.operation)?.api : undefined;
    if (api) apis.add(api);
  }
  return apis;
}

/** The secrets an environment draws for these APIs: the gateway's password or certificate, the financing API's partner account. */
function secretsFor(env: Environment, apis: ReadonlySet<Api>): SecretName[] {
  const names = new Set<SecretName>();
  const certificate = env.gatewayAuth === 'certificate';
  if (apis.has('gateway')) names.add(certificate ? 'certificatePassphrase' : 'gatewayApiPassword');
  if (apis.has('financing')) {
    names.add('partnerEmail');
    names.add('partnerPassword');
    if (certificate) names.add('certificatePassphrase');
  }
  return [...names];
}

/** Each secret of the variables these environments would send for these APIs, with its route (HTTPS_PROXY as `hostProxy`). */
export function plannedSecrets(uses: readonly { env: Environment; apis: ReadonlySet<Api> }[], variables: NodeJS.ProcessEnv, hostProxy: Environment['proxy']): PlannedSecret[] {
  const planned = new Map<string, PlannedSecret>();
  for (const { env, apis } of uses) {
    for (const name of secretsFor(env, apis)) {
      if (!secretVariables(env.id, name).some((v) => variables[v])) continue;
      const route = secretRoute(env, name, hostProxy);
      if (route) planned.set(`${env.id}\n${name}`, { environment: env.id, name, route });
    }
  }
  return [...planned.values()];
}

/** One line per secret, printed before the first request: "gateway API password of acme → host:443 via proxy …; read in clear by …". */
export function destinationLines(planned: readonly PlannedSecret[]): string[] {
  return planned.map((p) => `Secret ${SECRET_LABELS[p.name]} of environment ${p.environment} will go to ${describeRoute(p.route)}`);
}

/** The first host a planned secret would reach that a pin does not allow, with the list that refuses it. */
function refusedHost(route: SecretRoute, pins: SecretHostPins): { host: string; source: string; allowed: string } | undefined {
  for (const list of pins.lists) {
    const host = route.hostsInClear.find((h) => !allows(list.hosts, h));
    if (host !== undefined) return { host, source: list.source, allowed: list.hosts.map((h) => (h.port ? `${h.host}:${h.port}` : h.host)).join(',') };
  }
  return undefined;
}

/** Throws SecretHostRefused, naming the environment and the secret, when `route` reaches a host the pins do not name. */
export function requireAllowedRoute(route: SecretRoute, pins: SecretHostPins, environment: string, secret: string): void {
  const refused = refusedHost(route, pins);
  if (refused) throw new SecretHostRefused(refusedMessage(environment, secret, refused));
}

/** Throws SecretHostRefused for the first planned secret that would reach a host the pins do not name. */
export function checkSecretHosts(planned: readonly PlannedSecret[], pins: SecretHostPins): void {
  for (const p of planned) requireAllowedRoute(p.route, pins, p.environment, SECRET_LABELS[p.name]);
}

function refusedMessage(environment: string, secret: string, refused: { host: string; source: string; allowed: string }): string {
  return `not sent: the ${secret} of environment ${environment} would reach ${refused.host}, which ${refused.source} (${refused.allowed}) does not allow; nothing was sent. Check the environments file, or add the host to ${refused.source} if it is yours`;
}
