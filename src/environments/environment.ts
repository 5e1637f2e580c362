// zod/mini: the environment store is read at activation, so its schema must not pull in all of zod.
// Mini loads no locale, so every check names its own message.
import * as z from 'zod/mini';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { hasUrlUserinfo } from '../redaction';

const text = (rules: z.core.$ZodCheck<string>[] = []) => z.string({ error: 'must be text' }).check(...rules);
const nonEmptyText = () => text([z.minLength(1, 'must not be empty')]);
const whole = (rules: z.core.$ZodCheck<number>[]) => z.int({ error: 'must be a whole number' }).check(...rules);

/**
 * A URL of an environment: http(s), and never with "user:password@", which would be printed in
 * clear wherever the URL is (history, cURL, previews). Passwords belong in secret storage.
 */
function environmentUrl(passwordCommand: string) {
  return z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).check(
    z.refine((url) => !hasUrlUserinfo(url), {
      message: `a user name or password in the URL ("https://user:password@host") is not allowed, because the URL is shown and stored in clear; remove it and use "${passwordCommand}" instead`,
    }),
  );
}

function buildEnvironmentSchema() {
  return z.object({
    id: text([z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')]),
    name: text([z.trim(), z.minLength(1, 'a name is needed'), z.maxLength(80, 'at most 80 characters')]),
    financingBaseUrl: z.optional(environmentUrl('Payment Workbench: Sign In to Financing API')),
    gatewayUrl: z.optional(environmentUrl('Payment Workbench: Set Gateway API Password…')),
    /**
     * Where the gateway sends this merchant's webhooks when an order names no notificationUrl: set in
     * the real gateway's merchant administration; on the simulator, Trigger Scenario sets it there.
     */
    webhookUrl: z.optional(environmentUrl('Payment Workbench: Start Notification Inbox')),
    merchantId: z.optional(text([z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'alphanumeric plus - and _, 1 to 40 characters')])),
    gatewayAuth: z._default(z.enum(['basic', 'certificate'], { error: 'must be "basic" or "certificate"' }), 'basic'),
    certificate: z.optional(z.object({ certPath: nonEmptyText(), keyPath: nonEmptyText(), caPath: z.optional(nonEmptyText()) })),
    /** Extra CA to trust (e.g. a company proxy's root), independent of client certificates. */
    caPath: z.optional(nonEmptyText()),
    /** Overrides VS Code's http.proxy / http.proxyStrictSSL when set. */
    proxy: z.optional(z.object({ url: nonEmptyText(), strictSSL: z._default(z.boolean({ error: 'must be true or false' }), true) })),
    versions: z.optional(z.record(z.string(), whole([z.positive('must be greater than 0')]))),
    timeoutMs: z._default(whole([z.minimum(100, 'must be at least 100'), z.maximum(600_000, 'must be at most 600000')]), 30_000),
    /** The built-in environment that points at the embedded simulator. */
    simulator: z.optional(z.boolean({ error: 'must be true or false' })),
  });
}

type EnvironmentSchema = ReturnType<typeof buildEnvironmentSchema>;

/** An environments file (.vscode/payment-workbench.environments.json, --environments) is read to this bound, by every door. */
export const MAX_ENVIRONMENTS_FILE_BYTES = 1_000_000;
let built: EnvironmentSchema | undefined;

/**
 * An environment: where requests go and as whom, minus every secret (those live in SecretStorage).
 * No vscode import: the send service and its tests use it too. Safe to commit in a workspace file.
 * Built on first use, not when the activation bundle is evaluated (part of the activation figure).
 */
export const environmentSchema = {
  safeParse: (value: unknown) => (built ??= buildEnvironmentSchema()).safeParse(value),
  parse: (value: unknown) => (built ??= buildEnvironmentSchema()).parse(value),
};

export type Environment = z.infer<EnvironmentSchema>;
export type EnvironmentInput = z.input<EnvironmentSchema>;

const TEST_HOST = /(^|[.-])test([.-]|$)|^localhost$|^127\.|^\[?::1\]?$|\.local$|\.localhost$/i;

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Live = real money may move: a merchant id that does not start with TEST and a host that is not a
 * test host (test-gateway…, <bank>.test.gateway…, loopback). When unsure, say live: a needless
 * confirmation costs a click, a missing one costs money.
 */
export function isLive(env: Environment): boolean {
  const hosts = [hostOf(env.gatewayUrl), hostOf(env.financingBaseUrl)].filter((h): h is string => h !== undefined);
  const merchantIsTest = env.merchantId === undefined || /^TEST/i.test(env.merchantId);
  const allHostsTest = hosts.length > 0 && hosts.every((h) => TEST_HOST.test(h));
  if (env.merchantId !== undefined && !merchantIsTest) return true;
  return !allHostsTest;
}

/** The ids of the built-in environments that point at the local simulator. */
export const LOCAL_SIMULATOR_ID = 'local-simulator';
export const LOCAL_SIMULATOR_AUTH_ONLY_ID = 'local-simulator-authorize-only';

/**
 * The built-in environments on the local simulator: its default (auto-capture) merchant, and its
 * authorize-only merchant, on which an approved Authorize is not captured, so Update Authorization
 * can be tried. Both use the simulator's public test credentials.
 */
export function localSimulatorEnvironments(port: number): Environment[] {
  const base = `http://127.0.0.1:${port}`;
  // Written out with the schema's defaults rather than parsed: the status bar reads them during
  // activation, and the first parse builds and compiles the schema.
  const builtIn = (id: string, name: string, merchantId: string): Environment => ({ id, name, financingBaseUrl: base, gatewayUrl: base, merchantId, gatewayAuth: 'basic', timeoutMs: 30_000, simulator: true });
  return [
    builtIn(LOCAL_SIMULATOR_ID, 'Local simulator', SIMULATOR_DEFAULTS.merchantId),
    builtIn(LOCAL_SIMULATOR_AUTH_ONLY_ID, 'Local simulator · authorize-only', SIMULATOR_AUTH_ONLY_MERCHANT_ID),
  ];
}

/** The default simulator environment alone (tests and the simulator sender). */
export function localSimulatorEnvironment(port: number): Environment {
  const [builtIn] = localSimulatorEnvironments(port);
  if (!builtIn) throw new Error('no built-in simulator environment');
  return builtIn;
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/** True for a URL on this machine (127.x.x.x, localhost, [::1]). */
export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_HOST.test(hostOf(url) ?? '');
}

/**
 * The simulator's public test credentials stand in for missing secrets only on an environment marked
 * as the simulator's that still points at this machine: a copy keeps them, an environment edited to
 * a real gateway does not send them there.
 */
export function usesSimulatorCredentials(env: Environment): boolean {
  if (env.simulator !== true) return false;
  const urls = [env.gatewayUrl, env.financingBaseUrl].filter((u): u is string => u !== undefined);
  return urls.length > 0 && urls.every(isLoopbackUrl);
}

/**
 * An environment served by the workbench's simulator on this machine: one marked as the simulator's,
 * or the user's own on loopback at the simulator's default port. Only there does "is the simulator
 * running?" help when nothing answers; anywhere else it misleads.
 */
export function isLocalSimulator(env: Environment): boolean {
  if (usesSimulatorCredentials(env)) return true;
  const urls = [env.gatewayUrl, env.financingBaseUrl].filter((u): u is string => u !== undefined);
  return urls.length > 0 && urls.every((u) => isLoopbackUrl(u) && portOf(u) === SIMULATOR_DEFAULTS.port);
}

function portOf(url: string): number | undefined {
  try {
    const port = new URL(url).port;
    return port === '' ? undefined : Number(port);
  } catch {
    return undefined;
  }
}

/** A readable message for a rejected environment: which field, which rule. */
export function describeEnvironmentError(err: z.core.$ZodError): string {
  return err.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`).join('; ');
}
