/**
 * A notification URL the service must reach: the catalogue accepts http on 127.0.0.1 (the local inbox,
 * which the simulator on this machine reaches), but a gateway or lender elsewhere cannot reach this
 * machine. Decided per environment, so it is a send-time rule, not a field rule; it joins the catalogue's
 * errors in the "rules fail" question (Review / Send Anyway).
 */
import { issue } from '../catalogue/issues';
import type { ValidationIssue } from '../catalogue';
import { isLoopbackUrl, type Environment } from './environment';

/** The fields a service posts to, and which base URL of the environment is that service. */
const RECEIVING_FIELDS: readonly { path: readonly string[]; service: 'gatewayUrl' | 'financingBaseUrl' }[] = [
  { path: ['order', 'notificationUrl'], service: 'gatewayUrl' },
  { path: ['callback_url'], service: 'financingBaseUrl' },
];

function valueAt(body: unknown, path: readonly string[]): unknown {
  let node = body;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export function unreachableUrlIssues(env: Environment, body: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const { path, service } of RECEIVING_FIELDS) {
    const url = valueAt(body, path);
    const serviceUrl = env[service];
    if (typeof url !== 'string' || !isLoopbackUrl(url) || serviceUrl === undefined || isLoopbackUrl(serviceUrl)) continue;
    issues.push(issue(path.join('.'), 'reachable', `${url} is this machine: ${env.name} cannot reach it. Put a tunnel of your choice (HTTPS) in front of the local inbox and give the tunnel's address`));
  }
  return issues;
}
