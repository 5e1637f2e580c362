/**
 * What a flow may need of the merchant behind its environment (`"needs": ["authorizeOnly"]`), and
 * what an environment is known to do. Only the simulator's merchants are known (their capture mode
 * is the simulator's own setting); of any other environment nothing is assumed, and the flow runs
 * and is judged by its expectations.
 */
import { excerpt, quote } from '../format/quote';
import type { Environment } from '../environments/environment';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS } from '../simulator/defaults';

export const CAPABILITIES = {
  authorizeOnly: 'an approved Authorize is not captured, so the flow can capture, update or void the authorization',
  autoCapture: 'an approved Authorize is captured at once, so the flow can refund right after it',
} as const;

export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

export const isCapability = (name: unknown): name is Capability => typeof name === 'string' && Object.hasOwn(CAPABILITIES, name);

/** The capabilities of the environment's merchant, or undefined when they are not known. */
export function knownCapabilities(env: Environment): ReadonlySet<Capability> | undefined {
  if (!env.simulator) return undefined;
  if (env.merchantId === SIMULATOR_DEFAULTS.merchantId) return new Set(['autoCapture']);
  if (env.merchantId === SIMULATOR_AUTH_ONLY_MERCHANT_ID) return new Set(['authorizeOnly']);
  return undefined;
}

/** Why the flow cannot run on `env` (the first capability it needs that the environment is known to lack), or undefined. */
export function missingCapability(flow: { needs?: readonly Capability[]; environment?: string }, env: Environment): string | undefined {
  const known = knownCapabilities(env);
  if (!flow.needs || !known) return undefined;
  const needs = flow.needs;
  const missing = needs.find((need) => !known.has(need));
  if (!missing) return undefined;
  const has = [...known].map((c) => `${c}: ${CAPABILITIES[c]}`).join('; ');
  return `this flow needs an environment with "${missing}" (${CAPABILITIES[missing]}); environment ${quote(env.name)} (${excerpt(env.id)}) has ${has}. Run it on an environment whose merchant has "${missing}"${flow.environment ? `, such as the flow's own ${quote(flow.environment)}` : ''}.`;
}
